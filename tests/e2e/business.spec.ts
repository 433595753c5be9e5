/**
 * Business journeys: a broker signs up, pays with the test card, is approved and gets a lead;
 * and the admin's statistics equal what the database holds.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { Page } from '@playwright/test';
import { e2eServer, expect, test } from './fixtures';
import { generate } from 'otplib';
import { freePort } from '../../scripts/lib/free-port';
import { latestMailTo, linkIn, signInAdmin, uniqueEmail } from './helpers';

const PASSWORD = 'broker-pass-1';

async function signUpBroker(page: Page, email: string) {
  await page.goto('/signup');
  await page.getByLabel('First name').fill('Zara');
  await page.getByLabel('Last name').fill('Haddad');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone number').fill('50 246 8100');
  await page.getByLabel('Password').first().fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();

  // The verification link signs the new user in: they choose their role at once.
  const link = new URL(linkIn(await latestMailTo(email), '/verify-email?token='));
  await page.goto(link.pathname + link.search);
  await expect(page).toHaveURL(/\/role-selection$/);
  await page.getByTestId('role-real_estate_broker').click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/create-card$/);
}

async function payWith(page: Page, cardNumber: string) {
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: 'Pay AED 100' }).click();
}

test('a new broker pays with the test card, is approved, listed, and receives a lead they can export', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('zara.broker');
  const cardName = `Zara Haddad ${Date.now().toString(36)}`;
  await signUpBroker(page, email);

  // Create the card; a paid role goes on to payment.
  await page.getByLabel('Full name (English)').fill(cardName);
  await page.getByLabel('Profession / title (English)').fill('Senior Property Consultant');
  await page.getByRole('button', { name: 'Submit for review' }).click();
  await expect(page.getByTestId('toast')).toContainText('Business Card Created');
  await expect(page).toHaveURL(/\/subscription$/);

  await expect(page.getByTestId('plan-card')).toContainText('Professional Plan');
  await expect(page.getByTestId('plan-card')).toContainText('AED 100');
  await expect(page.getByText('Test payments', { exact: true })).toBeVisible();
  await expect(page.getByTestId('secure-note')).toBeVisible();

  await payWith(page, '4000 0000 0000 0002');
  // The refusal is said in the form itself.
  await expect(page.getByTestId('payment-error')).toContainText('Payment Failed');
  await expect(page.getByTestId('payment-error')).toContainText('Your card was declined.');
  expect((await (await page.request.get('/api/auth/user')).json()).subscriptionStatus).toBe('inactive');

  await payWith(page, '4242 4242 4242 4242');
  await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
  await expect(page.getByTestId('toast')).toContainText('Your subscription is now active!');
  expect((await (await page.request.get('/api/auth/user')).json()).subscriptionStatus).toBe('active');

  // Coming back later: already subscribed, with the tax invoice of the payment to download
  //, so the page stays until the broker goes home.
  await page.goto('/subscription');
  await expect(page.getByRole('heading', { name: 'Your subscription' })).toBeVisible();
  await expect(page.getByTestId('subscription-state')).toHaveAttribute('data-state', 'active');
  await expect(page.getByTestId('invoice-row')).toContainText(/INV-\d{4}-\d{6}/);
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL(/\/$/);

  const [card] = (await (await page.request.get('/api/business-cards/my')).json()) as { id: string }[];

  // The admin approves it from the review queue.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInAdmin(admin);
  await admin.goto('/admin');
  await admin.getByRole('button', { name: `Approve ${cardName}` }).click();
  await expect(admin.getByTestId('toast')).toContainText('Success');
  await adminContext.close();

  // A signed-out visitor finds it in the directory and sends an inquiry from the card.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/directory?search=${encodeURIComponent(cardName)}`);
  await expect(visitor.getByText(cardName).first()).toBeVisible();
  await visitor.goto(`/cards/${card.id}`);
  // The form loads when asked for: the first view of a card stays small.
  await visitor.getByRole('button', { name: /inquiry/ }).click();
  const form = visitor.getByTestId('contact-form');
  await form.getByLabel('Your name').fill('ليلى حداد');
  await form.getByLabel('Your e-mail').fill('layla.visitor@example.com');
  await form.getByLabel('Phone (optional)').fill('+971 55 123 9876');
  await form.getByLabel('What is it about?').selectOption('buying');
  await form.getByLabel('Message').fill('Looking for a 3-bed villa, "ready to move", budget AED 4M.');
  await form.getByRole('button', { name: 'Send inquiry' }).click();
  await expect(form.getByText('Please agree to be contacted about your inquiry')).toBeVisible();
  await form.getByRole('checkbox').check();
  await form.getByRole('button', { name: 'Send inquiry' }).click();
  await expect(form.getByText('Inquiry sent')).toBeVisible();
  await visitorContext.close();
  expect(await latestMailTo(email, 'sent an inquiry')).toContain('sent an inquiry (buying) from your card');

  // The broker sees it in Leads, marks it contacted and exports it for their CRM.
  await page.goto('/profile?tab=leads');
  const lead = page.getByTestId('lead').filter({ hasText: 'ليلى حداد' });
  await expect(lead).toContainText('Looking for a 3-bed villa');
  await expect(lead.getByRole('link', { name: 'Reply by e-mail' })).toHaveAttribute(
    'href',
    /^mailto:layla\.visitor@example\.com\?/,
  );
  await expect(lead.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute(
    'href',
    /^https:\/\/wa\.me\/971551239876\?/,
  );
  await lead.getByLabel('Status').selectOption('contacted');
  await expect(page.getByTestId('toast')).toContainText('Lead updated');

  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^bitaqa-leads-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = fs.readFileSync(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const csv = bytes.toString('utf8');
  expect(csv).toContain('\r\n');
  expect(csv).toContain('ليلى حداد');
  expect(csv).toContain('"Looking for a 3-bed villa, ""ready to move"", budget AED 4M."');
  expect(csv).toContain(',contacted,');
});

// ——— Statistics against the database ———

// Beside the worker's e2e server's data directory, on a port of its own, so runs do not collide.
const statsDir = () => `${e2eServer().dataDir}-stats`;

async function waitForServer(url: string, server: ChildProcess, errors: () => string) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`stats server exited with ${server.exitCode}: ${errors()}`);
    try {
      const res = await fetch(url);
      if (res.status === 401) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('stats server did not start');
}

const numberIn = (text: string | null) => Number((text ?? '').replace(/[^\d]/g, ''));

test('the admin statistics equal the figures counted directly in the database', async ({ browser }) => {
  test.setTimeout(240_000);
  // Its own server and embedded database, so the database can be opened directly once it stops.
  fs.rmSync(statsDir(), { recursive: true, force: true });
  const statsPort = await freePort();
  const base = `http://127.0.0.1:${statsPort}`;
  // node itself (not npx) so SIGTERM reaches main.ts, which closes the database cleanly.
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(statsPort),
      HOST: '127.0.0.1',
      DATA_DIR: statsDir(),
      PUBLIC_URL: base,
      SESSION_SECRET: 'e2e-stats-secret-e2e-stats-secret-e2e',
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: 'admin-e2e-password',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let serverErrors = '';
  server.stderr?.on('data', (chunk) => {
    serverErrors += String(chunk);
  });
  let shown: Record<string, number>;
  try {
    await waitForServer(`${base}/api/auth/user`, server, () => serverErrors);
    const context = await browser.newContext({ baseURL: base });
    const page = await context.newPage();
    const login = await page.request.post('/api/auth/admin-login', {
      data: { username: 'admin', password: 'admin-e2e-password' },
    });
    expect(login.status()).toBe(200);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Platform statistics' })).toBeVisible();
    await expect(page.getByTestId('stat-total-users')).toBeVisible();
    const text = async (locator: ReturnType<Page['getByTestId']>) => numberIn(await locator.textContent());
    shown = {
      totalUsers: await text(page.getByTestId('stat-total-users')),
      activeSubscriptions: await text(page.getByTestId('stat-active-subscriptions')),
      revenue: await text(page.getByTestId('stat-revenue')),
      messages: await text(page.getByTestId('stat-messages')),
    };
    for (const role of ['real_estate_broker', 'banking_broker', 'real_estate_developer', 'investor', 'admin']) {
      shown[`role:${role}`] = numberIn(
        await page.getByTestId('users-by-role').locator(`dd[data-key="${role}"]`).textContent(),
      );
    }
    for (const status of ['pending', 'approved', 'rejected']) {
      shown[`card:${status}`] = numberIn(
        await page.getByTestId('cards-by-status').locator(`dd[data-key="${status}"]`).textContent(),
      );
      shown[`listing:${status}`] = numberIn(
        await page.getByTestId('listings-by-status').locator(`dd[data-key="${status}"]`).textContent(),
      );
    }
    await context.close();
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => (server.exitCode !== null ? resolve(null) : server.once('exit', resolve)));
  }

  const db = await PGlite.create({ dataDir: path.join(statsDir(), 'db'), extensions: { pg_trgm, unaccent } });
  try {
    const one = async (sql: string) => Number((await db.query<{ n: number }>(sql)).rows[0]?.n ?? 0);
    // "This year" on a Dubai calendar (UTC+4 all year).
    const dubaiYear = new Date(Date.now() + 4 * 3600_000).getUTCFullYear();
    const yearStart = new Date(Date.UTC(dubaiYear, 0, 1) - 4 * 3600_000).toISOString();
    expect(shown.totalUsers).toBe(await one('select count(*)::int n from users where deleted_at is null'));
    for (const role of ['real_estate_broker', 'banking_broker', 'real_estate_developer', 'investor', 'admin']) {
      expect(shown[`role:${role}`], role).toBe(
        await one(`select count(*)::int n from users where deleted_at is null and role = '${role}'`),
      );
    }
    for (const status of ['pending', 'approved', 'rejected']) {
      expect(shown[`card:${status}`], status).toBe(
        await one(`select count(*)::int n from business_cards where status = '${status}'`),
      );
    }
    expect(shown['listing:approved']).toBe(await one('select count(*)::int n from properties where is_approved'));
    expect(shown['listing:pending']).toBe(
      await one('select count(*)::int n from properties where not is_approved and rejection_reason is null'),
    );
    expect(shown['listing:rejected']).toBe(
      await one('select count(*)::int n from properties where not is_approved and rejection_reason is not null'),
    );
    const active = await one(
      "select count(*)::int n from users where deleted_at is null and subscription_status = 'active' and role in ('real_estate_broker','banking_broker') and (subscription_period_end is null or subscription_period_end > now())",
    );
    expect(active).toBeGreaterThan(0);
    expect(shown.activeSubscriptions).toBe(active);
    const revenue = await one(
      `select coalesce(sum(amount_aed), 0)::int n from payments where status = 'succeeded' and coalesce(period_start, created_at) >= '${yearStart}'`,
    );
    expect(revenue).toBeGreaterThan(0);
    expect(shown.revenue).toBe(revenue);
    expect(shown.messages).toBe(
      await one("select count(*)::int n from messages where created_at >= now() - interval '7 days'"),
    );
  } finally {
    await db.close();
  }
});

// ——— Settings: two-factor sign-in, password and account deletion ———

async function registeredUser(page: Page, email: string, password: string) {
  const res = await page.request.post('/api/auth/register', {
    data: {
      firstName: 'Omar',
      lastName: 'Settings',
      email,
      phoneNumber: '50 111 2233',
      countryCode: '+971',
      password,
      confirmPassword: password,
    },
  });
  expect(res.status()).toBe(201);
  const token = new URL(linkIn(await latestMailTo(email), '/verify-email?token=')).searchParams.get('token');
  expect((await page.request.post('/api/auth/verify-email', { data: { token } })).status()).toBe(200);
}

test('settings: two-factor sign-in with an authenticator code, then deleting the account', async ({ page }) => {
  const email = uniqueEmail('omar.settings');
  const password = 'omar-pass-123';
  await registeredUser(page, email, password);
  await page.request.post('/api/auth/login', { data: { email, password } });

  await page.goto('/profile?tab=settings');
  // The choice is saved at once and shown optimistically a tick later: click, then wait for it.
  const privateChoice = page.getByRole('radio', { name: /Private/ });
  await privateChoice.click();
  await expect(privateChoice).toBeChecked();
  await expect(page.getByTestId('toast')).toContainText('Settings saved');
  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await expect(page.getByRole('img', { name: 'QR code to add Bitaqa to your authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
  await page.getByLabel('6-digit code').fill(await generate({ secret }));
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByTestId('recovery-codes').locator('li')).toHaveCount(10);
  await page.getByRole('button', { name: 'I have saved them' }).click();

  // Signing in again now takes the code from the app. Leave the signed-in page first: once the
  // session is gone, its next request answers 401 and it sends itself to sign-in, which cut
  // short this test's own navigation to /login (net::ERR_ABORTED, seen once in CI).
  await page.goto('about:blank');
  await page.request.post('/api/logout');
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByLabel('Authentication code').fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('That code is not valid.', { exact: false })).toBeVisible();
  // Each step's code works once and turning on used the current one: the
  // next step's code is accepted as one step of clock drift.
  await page
    .getByLabel('Authentication code')
    .fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByTestId('toast')).toContainText('Login Successful!');

  // Deleting the account needs the e-mail typed exactly.
  await page.goto('/profile?tab=settings');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const confirm = page.getByRole('dialog');
  await confirm.getByLabel(`Type ${email} to confirm`).fill('someone@example.com');
  await expect(confirm.getByRole('button', { name: 'Delete account' })).toBeDisabled();
  await confirm.getByLabel(`Type ${email} to confirm`).fill(email);
  await confirm.getByRole('button', { name: 'Delete account' }).click();
  await expect(page.getByTestId('toast')).toContainText('Account deleted');
  await expect(page).toHaveURL(/\/$/);
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
  expect((await page.request.post('/api/auth/login', { data: { email, password } })).status()).toBe(401);
});
