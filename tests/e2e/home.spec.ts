/**
 * A newcomer's audit, in the browser: figures on public pages are the database's, a signed-in
 * home shows the user's card first, the subscription page explains every state, deleting the
 * account signs out at once, the dark theme follows the system and the toggle, and the public
 * card page prints just the card and shows no dead button without JavaScript.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { DEMO, newVerifiedUser, signIn } from './helpers';

// Each test walks several pages (and a second user): more than the default minute on a loaded machine.
test.describe.configure({ timeout: 180_000 });

/** The relative luminance of the body's background, whatever colour syntax the style uses. */
const luminance = async (page: Page) =>
  page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 1;
    canvas.height = 1;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no canvas');
    ctx.fillStyle = getComputedStyle(document.body).backgroundColor;
    ctx.fillRect(0, 0, 1, 1);
    const [r, g, b] = [...ctx.getImageData(0, 0, 1, 1).data].slice(0, 3).map((v) => {
      const c = v / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  });

async function aPublicCardId(page: Page): Promise<string> {
  const cards = (await (await page.request.get('/api/business-cards/public?limit=1')).json()) as { id: string }[];
  expect(cards.length).toBeGreaterThan(0);
  return cards[0].id;
}

test('the landing and services pages claim only the figures the database holds', async ({ page }) => {
  const stats = await (await page.request.get('/api/stats/public')).json();
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('body')).not.toContainText('23,000');
  if (stats.brokers > 0) await expect(page.getByTestId('landing-broker-figure')).toContainText('brokers');
  await page.goto('/services');
  await expect(page.getByTestId('service-card').first()).toBeVisible({ timeout: 30_000 });
  for (const claim of ['500+', '98%', '24/7', 'Satisfaction'])
    await expect(page.locator('main')).not.toContainText(claim);
  // No invented ratings: no "(214 reviews)" under any entry.
  await expect(page.locator('main')).not.toContainText(/\(\d[\d,]* reviews?\)/);
  const shown = (await page.getByTestId('services-count').textContent()) ?? '';
  expect(Number.parseInt(shown.replace(/\D/g, ''), 10)).toBeLessThanOrEqual(stats.services);
});

test('a signed-in user lands on their card with the QR a tap away; without a card, a call to create one', async ({
  page,
  browser,
}) => {
  await signIn(page, DEMO.broker);
  const [mine] = (await (await page.request.get('/api/business-cards/my')).json()) as {
    name: string;
    profileImageUrl: string | null;
    translations: { ar?: { name?: string } };
  }[];
  await page.goto('/');
  const card = page.getByTestId('home-card');
  // A loaded two-core machine can take a while to bring the page's code.
  await expect(card).toContainText(mine.name, { timeout: 30_000 });
  await expect(card.getByRole('link', { name: 'Show my QR' })).toHaveAttribute('href', '/my-qr');
  await expect(card.getByRole('button', { name: 'Share', exact: true })).toBeVisible();
  for (const id of ['leads', 'messages', 'follow-ups']) await expect(page.getByTestId(`home-${id}`)).toBeVisible();
  // The header's avatar is the card's photo when the card has one.
  if (mine.profileImageUrl) {
    await expect(page.locator('header a[href="/profile"] img')).toHaveAttribute('src', mine.profileImageUrl);
  }
  await card.getByRole('link', { name: 'Show my QR' }).click();
  await expect(page).toHaveURL(/\/my-qr$/);
  // Read in Arabic, the home shows the card's Arabic name, as its public page does (a card
  // without one, such as another spec's fresh card for this broker, keeps its own name).
  await page.evaluate(() => {
    window.localStorage.setItem('bitaqa.lang', 'ar');
    window.localStorage.setItem('bitaqa.lang.chosen', '1');
  });
  await page.goto('/');
  await expect(card).toContainText(mine.translations.ar?.name ?? mine.name, { timeout: 30_000 });

  const newcomer = await newVerifiedUser(browser, { first: 'Hana', last: 'Newhome', role: 'investor' });
  await newcomer.page.goto('/');
  await expect(newcomer.page.getByTestId('home-create-card')).toBeVisible({ timeout: 30_000 });
  await newcomer.page.getByTestId('home-create-card').getByRole('link', { name: 'Create your card' }).click();
  await expect(newcomer.page).toHaveURL(/\/create-card$/);
  await newcomer.context.close();
});

test('a subscriber without invoices sees their subscription and stays on the page', async ({ page }) => {
  await signIn(page, DEMO.broker);
  await page.clock.install();
  await page.goto('/subscription');
  await expect(page.getByRole('heading', { name: 'Your subscription' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('subscription-state')).toHaveAttribute('data-state', 'active');
  await expect(page.getByTestId('subscription-state')).toContainText('Active');
  await page.clock.runFor(5_000);
  await expect(page).toHaveURL(/\/subscription$/);
  await expect(page.getByRole('heading', { name: 'Your subscription' })).toBeVisible();
});

test('deleting the account signs the header out at once', async ({ browser }) => {
  const { page, context, email } = await newVerifiedUser(browser, { first: 'Dana', last: 'Leaving', role: 'investor' });
  await page.goto('/profile?tab=settings');
  await expect(page.getByRole('button', { name: 'Delete my account' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const confirm = page.getByRole('dialog');
  await confirm.getByLabel(`Type ${email} to confirm`).fill(email);
  await confirm.getByRole('button', { name: 'Delete account' }).click();
  await expect(page).toHaveURL(/\/$/);
  // No reload: the header knows at once.
  await expect(page.getByRole('button', { name: 'Logout' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible();
  await context.close();
});

test('the dark theme follows the system, the toggle overrides it before the first paint, and stays accessible', async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/directory');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
  expect(await luminance(page)).toBeLessThan(0.05);
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  // system → light: light despite the dark system, and still light after a reload.
  const toggle = page.getByTestId('theme-toggle');
  await expect(toggle).toHaveAttribute('data-theme-choice', 'system');
  await toggle.click();
  await expect(toggle).toHaveAttribute('data-theme-choice', 'light');
  expect(await luminance(page)).toBeGreaterThan(0.8);
  await page.reload();
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  expect(await luminance(page)).toBeGreaterThan(0.8);

  // light → dark, with a light system: dark, on the server-rendered card page too.
  await page.emulateMedia({ colorScheme: 'light' });
  await page.getByTestId('theme-toggle').click();
  await expect(page.getByTestId('theme-toggle')).toHaveAttribute('data-theme-choice', 'dark');
  expect(await luminance(page)).toBeLessThan(0.05);
  await page.goto(`/cards/${await aPublicCardId(page)}`);
  await expect(page.locator('html')).toHaveClass(/dark/);
  expect(await luminance(page)).toBeLessThan(0.05);
  const cardAxe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(cardAxe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});

test('the card page prints just the card, and shows no dead button without JavaScript', async ({ page, browser }) => {
  const id = await aPublicCardId(page);
  await page.goto(`/cards/${id}`);
  await expect(page.getByRole('button', { name: 'Share', exact: true })).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('header')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Share', exact: true })).toBeHidden();
  await expect(page.getByTestId('save-contact')).toBeHidden();
  await expect(page.locator('[data-card-inquiry]')).toBeHidden();

  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const still = await noScript.newPage();
  await still.goto(`/cards/${id}`);
  await expect(still.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(still.getByRole('button', { name: 'Share', exact: true })).toHaveCount(0);
  await expect(still.getByRole('button', { name: /inquiry/i })).toHaveCount(0);
  await expect(still.getByRole('button', { name: /details/i })).toHaveCount(0);
  // What works without a script stays: the contact file.
  await expect(still.getByTestId('save-contact')).toBeVisible();
  await noScript.close();
});
