/**
 * A page whose chunk cannot load (a new deploy while the tab is open, a dropped
 * connection) shows a friendly retry inside the layout — after reloading once by itself to pick
 * up the new build, never in a loop — and recovers when the chunk can be fetched again.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

const ABOUT_CHUNK = /\/assets\/about-page-[^/]+\.js$/;

/** Counts full document loads of `path` (reloads included). */
function countDocumentLoads(page: Page, path: string): () => number {
  let n = 0;
  page.on('request', (request) => {
    if (request.resourceType() === 'document' && new URL(request.url()).pathname === path) n += 1;
  });
  return () => n;
}

test('a chunk that fails to load reloads once, then offers a retry that recovers', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await page.route(ABOUT_CHUNK, (route) => route.abort('failed'));
  const aboutLoads = countDocumentLoads(page, '/about');
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'About' }).click();

  // The automatic reload happened (once) and the chunk still failed: the visitor is asked.
  const alert = page.getByRole('alert').filter({ hasText: 'This page didn’t load' });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('Try again to load the latest version');
  expect(aboutLoads()).toBe(1);
  // Inside the layout: the header and its navigation are still there.
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  await expect(page).toHaveURL(/\/about$/);
  // No reload loop: the page stays on the message.
  await expect(alert).toBeVisible();
  expect(aboutLoads()).toBe(1);

  await page.unroute(ABOUT_CHUNK);
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'About Bitaqa' })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'This page didn’t load' })).toHaveCount(0);
});

test('the chunk failure message is in Arabic for an Arabic visitor, and Home leaves it', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.addInitScript(() => window.localStorage.setItem('bitaqa.lang', 'ar'));
  await page.route(ABOUT_CHUNK, (route) => route.abort('failed'));
  await page.goto('/about');

  const alert = page.getByRole('alert').filter({ hasText: 'تعذّر تحميل هذه الصفحة' });
  await expect(alert).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(alert.getByRole('button', { name: 'أعد المحاولة' })).toBeVisible();
  // The page fits the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  await alert.getByRole('link', { name: 'الذهاب إلى الرئيسية' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('alert').filter({ hasText: 'تعذّر تحميل هذه الصفحة' })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('closing the share dialog returns focus to the Share button, and it speaks to the visitor', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const [card] = await (await page.request.get('/api/business-cards/public?limit=1&role=broker')).json();
  await page.goto(`/cards/${card.id}`);
  const share = page.locator('[data-card-share]');
  await share.click();
  const dialog = page.getByRole('dialog', { name: 'Share this card' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(share).toBeFocused();

  // In Arabic the dialog's wording and its close button are Arabic, and focus comes back too.
  await page.context().addCookies([{ name: 'bitaqa.lang', value: 'ar', url: page.url() }]);
  await page.goto(`/cards/${card.id}`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.locator('[data-card-share]').click();
  const ar = page.getByRole('dialog', { name: 'شارك هذه البطاقة' });
  await expect(ar).toBeVisible();
  await ar.getByRole('button', { name: 'إغلاق' }).click();
  await expect(ar).toHaveCount(0);
  await expect(page.locator('[data-card-share]')).toBeFocused();
});
