/**
 * Business cards end to end: a broker creates a card with AI help, an admin
 * approves it, a signed-out visitor opens it, downloads the vCard and the QR and sees the right
 * contact links; a rejected card shows its reason to its owner and Card Not Found to everyone else.
 */
import fs from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { latestMailTo, newVerifiedUser, payWithTestCard, signInAdmin } from './helpers';

/** A new verified professional, signed in in a fresh browser context; brokers pay the yearly fee. */
async function newProfessional(browser: Browser, first: string, last: string, role: string) {
  const user = await newVerifiedUser(browser, { first, last, role });
  // A broker's card is public only with a running subscription (test provider).
  if (role === 'real_estate_broker' || role === 'banking_broker') await payWithTestCard(user.page);
  return user;
}

async function adminPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signInAdmin(page);
  return page;
}

function decodeQr(file: string): { text: string | undefined; width: number; height: number } {
  const png = PNG.sync.read(fs.readFileSync(file));
  return {
    text: jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data,
    width: png.width,
    height: png.height,
  };
}

test('a broker creates a card with AI, an admin approves it, a visitor opens, saves and shares it', async ({
  browser,
  baseURL,
}) => {
  const broker = await newProfessional(browser, 'Layla', 'Haddad', 'real_estate_broker');
  const page = broker.page;
  await page.goto('/create-card');
  await expect(page.getByRole('heading', { name: 'Create your business card' })).toBeVisible();
  // A new card's defaults: the user's name, Dubai, English, and their number in international format.
  await expect(page.getByLabel('Full name (English)')).toHaveValue('Layla Haddad');
  await expect(page.getByLabel('Emirate')).toHaveValue('dubai');
  await expect(page.getByLabel('Phone', { exact: true })).toHaveValue('+971 50 123 4567');
  await expect(page.getByRole('checkbox', { name: 'English' })).toBeChecked();

  await page.getByLabel('Specialization').selectOption('off_plan_projects');
  await page.getByLabel('Area').fill('Dubai Marina');
  await page.getByLabel('Years of experience').fill('9');
  await page.getByRole('checkbox', { name: 'Arabic' }).check();
  await page.getByRole('button', { name: 'Generate with AI' }).click();
  await expect(page.getByTestId('toast')).toContainText('AI Content Generated');
  await expect(page.getByLabel('Profession / title (English)')).not.toHaveValue('');
  await expect(page.getByLabel('Professional bio (English)')).toHaveValue(/Layla/);
  await expect(page.getByLabel('Professional bio (English)')).toHaveValue(/English and Arabic/);
  // The live preview follows the form.
  await expect(page.getByTestId('card-preview')).toContainText('Dubai Marina');

  await page.getByLabel('RERA BRN (broker registration number)').fill('45821');
  await page.getByLabel('RERA ORN (office registration number)').fill('12345');
  await page.getByLabel('Company (English)').fill('Marina Homes, LLC');
  await page.getByLabel('LinkedIn').fill('javascript:alert(1)');
  await page.getByRole('button', { name: 'Submit for review' }).click();
  await expect(page.getByText('Must be a link starting with http:// or https://')).toBeVisible();
  await page.getByLabel('LinkedIn').fill('https://www.linkedin.com/in/layla-haddad');
  await page.getByRole('button', { name: 'Submit for review' }).click();
  await expect(page.getByTestId('toast')).toContainText('Business Card Created');
  await expect(page).not.toHaveURL(/create-card/);

  const [card] = await (await page.request.get('/api/business-cards/my')).json();
  expect(card).toMatchObject({ status: 'pending', isPublic: false, aiGenerated: true, roleTitle: 'off_plan_projects' });

  // Before approval a visitor finds nothing.
  const visitorContext = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/cards/${card.id}`);
  await expect(visitor.getByRole('heading', { name: 'Card Not Found' })).toBeVisible();

  // The admin approves it from the control center and verifies the licence.
  const admin = await adminPage(browser);
  await admin.goto('/admin');
  await expect(admin.getByRole('heading', { name: /Pending Card Approvals \(\d+\)/ })).toBeVisible();
  const row = admin.getByTestId('review-card').filter({ hasText: 'Layla Haddad' });
  await row.getByRole('button', { name: 'Mark licence verified' }).click();
  await expect(admin.getByTestId('toast')).toContainText('Licence verification updated.');
  await row.getByRole('button', { name: 'Approve' }).click();
  await expect(admin.getByTestId('toast')).toContainText('Business card status updated.');
  await expect(admin.getByTestId('review-card').filter({ hasText: 'Layla Haddad' })).toHaveCount(0);
  const mail = await latestMailTo(broker.email, `/cards/${card.id}`);
  expect(mail).toContain(`/cards/${card.id}`);

  // A signed-out visitor opens the public card.
  await visitor.addInitScript(() => {
    const calls: { url: string; features: string }[] = [];
    (window as unknown as { __opened: typeof calls }).__opened = calls;
    window.open = (url?: string | URL, _target?: string, features?: string) => {
      calls.push({ url: String(url), features: features ?? '' });
      return null;
    };
  });
  await visitor.goto(`/cards/${card.id}`);
  await expect(visitor.getByRole('heading', { name: 'Layla Haddad', level: 1 })).toBeVisible();
  await expect(visitor.getByText('Marina Homes, LLC')).toBeVisible();
  await expect(visitor.getByTestId('license-verified')).toHaveText('RERA verified');
  await expect(visitor.getByTestId('whatsapp-link')).toHaveAttribute('href', 'https://wa.me/971501234567');
  await expect(visitor.getByTestId('telegram-link')).toHaveAttribute('href', 'https://t.me/+971501234567');
  await expect(visitor.getByTestId('email-link')).toHaveAttribute('href', `mailto:${broker.email}`);
  const linkedin = visitor.getByTestId('social-linkedin');
  await expect(linkedin).toHaveAttribute('href', 'https://www.linkedin.com/in/layla-haddad');
  await expect(linkedin).toHaveAttribute('target', '_blank');
  await expect(linkedin).toHaveAttribute('rel', 'noopener noreferrer');

  await visitor.getByRole('button', { name: 'Share', exact: true }).click();
  const dialog = visitor.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Copy link' }).click();
  await expect(dialog.getByRole('button', { name: 'Copied!' })).toBeVisible();
  expect(await visitor.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/cards/${card.id}`);
  await expect(dialog.getByRole('button', { name: 'Copy link' })).toBeVisible({ timeout: 4000 });

  const vcardDownload = visitor.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download contact (vCard)' }).click();
  const vcard = await vcardDownload;
  expect(vcard.suggestedFilename()).toBe('Layla_Haddad_card.vcf');
  const vcf = fs.readFileSync(await vcard.path(), 'utf8');
  expect(vcf).toContain('FN:Layla Haddad');
  expect(vcf).toContain('ORG:Marina Homes\\, LLC');
  expect(vcf).toContain('TEL;TYPE=CELL,VOICE:+971 50 123 4567');
  await expect(visitor.getByTestId('toast')).toContainText('Downloaded!');

  const qrDownload = visitor.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Generate QR code' }).click();
  const qr = await qrDownload;
  expect(qr.suggestedFilename()).toBe('Layla_Haddad_qr.png');
  const decoded = decodeQr(await qr.path());
  expect(decoded).toEqual({ text: `${baseURL}/cards/${card.id}?src=qr`, width: 300, height: 300 });
  await expect(dialog.getByTestId('qr-image')).toBeVisible();

  await dialog.getByRole('button', { name: 'WhatsApp' }).click();
  await dialog.getByRole('button', { name: 'LinkedIn' }).click();
  const opened = await visitor.evaluate(
    () => (window as unknown as { __opened: { url: string; features: string }[] }).__opened,
  );
  expect(opened[0].url).toContain('https://wa.me/?text=');
  expect(decodeURIComponent(opened[0].url)).toContain(
    "Check out Layla Haddad's digital business card from Marina Homes, LLC on Bitaqa",
  );
  expect(decodeURIComponent(opened[0].url)).toContain(`/cards/${card.id}`);
  expect(opened[1].url).toContain('linkedin.com');
  for (const o of opened) expect(o.features).toContain('width=600,height=400');

  // The visit was counted for the owner, and the download too.
  await expect
    .poll(async () => (await (await page.request.get(`/api/business-cards/${card.id}`)).json()).stats)
    .toMatchObject({ views: expect.any(Number), vcardDownloads: 1 });
  await broker.context.close();
  await visitorContext.close();
});

test('a rejected card shows its reason to the owner and Card Not Found to everyone else', async ({ browser }) => {
  const owner = await newProfessional(browser, 'Omar', 'Saeed', 'banking_broker');
  const created = await owner.page.request.post('/api/business-cards', {
    data: { name: 'Omar Saeed', profession: 'Mortgage Advisor', bankName: 'emirates_nbd', roleTitle: 'home_loans' },
  });
  expect(created.status()).toBe(201);
  const card = await created.json();

  const admin = await adminPage(browser);
  await admin.goto('/admin');
  const row = admin.getByTestId('review-card').filter({ hasText: 'Omar Saeed' });
  await row.getByRole('button', { name: 'Reject' }).click();
  const reason = 'Please add your practice card number.';
  await admin.getByLabel('Reason for rejection').fill(reason);
  await admin.getByRole('button', { name: 'Reject card' }).click();
  await expect(admin.getByTestId('toast')).toContainText('Business card status updated.');

  await owner.page.goto('/profile?tab=cards');
  const mine = owner.page.getByTestId('my-card').filter({ hasText: 'Omar Saeed' });
  await expect(mine.getByTestId('card-status')).toHaveText('Rejected');
  await expect(mine.getByTestId('rejected-note')).toContainText(reason);
  await expect(mine.getByTestId('rejected-note')).toContainText('review it and resubmit');

  // The owner may still preview it; nobody else can see it.
  await owner.page.goto(`/cards/${card.id}`);
  await expect(owner.page.getByText('this card was rejected')).toBeVisible();
  const strangerContext = await browser.newContext();
  const stranger = await strangerContext.newPage();
  await stranger.goto(`/cards/${card.id}`);
  await expect(stranger.getByRole('heading', { name: 'Card Not Found' })).toBeVisible();
  await stranger.goto('/cards/not-a-real-id');
  await expect(stranger.getByRole('heading', { name: 'Card Not Found' })).toBeVisible();
  await stranger.getByRole('link', { name: 'Go to Home' }).click();
  await expect(stranger).toHaveURL(/\/$/);

  // Editing a rejected card warns first, then sends it back to review.
  await owner.page.goto(`/edit-card/${card.id}`);
  await expect(owner.page.getByTestId('resubmit-warning')).toContainText(reason);
  await owner.page.getByLabel('Practice card number').fill('MB123456');
  await owner.page.getByRole('button', { name: 'Save changes' }).click();
  await owner.page.getByRole('button', { name: 'Save and resubmit' }).click();
  await expect(owner.page.getByTestId('toast')).toContainText('Business Card Updated');
  await expect(
    owner.page.getByTestId('my-card').filter({ hasText: 'Omar Saeed' }).getByTestId('card-status'),
  ).toHaveText('Pending');
  await owner.context.close();
  await strangerContext.close();
});

test('the admin page turns away other users and signed-out visitors', async ({ browser }) => {
  const user = await newProfessional(browser, 'Sara', 'Nasser', 'investor');
  await user.page.goto('/admin');
  await expect(user.page.getByTestId('toast')).toContainText('Access Denied');
  await expect(user.page).toHaveURL(/\/$/);
  await user.context.close();

  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin-login$/);
  await context.close();
});
