/**
 * Analytics over time, in the browser: the profile Overview's charts switch between
 * 7, 30 and 90 days and show the seeded figures; a stranger's QR visit reaches the owner's
 * figures as one view from the QR code; the same page in Arabic reads right to left; and the
 * brokerage owner's team dashboard lists the members and a leaderboard. axe audits both pages.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test, e2eServer } from './fixtures';
import type { CardAnalytics } from '../../src/core/schemas/analytics';
import { latinWordsOnPage, smallTapTargets } from './audits';
import { DEMO, signIn } from './helpers';

async function useLanguage(page: Page, lang: 'en' | 'ar') {
  await page.addInitScript((l) => window.localStorage.setItem('bitaqa.lang', l), lang);
  await page.context().addCookies([{ name: 'bitaqa.lang', value: lang, url: e2eServer().url }]);
}

async function audit(page: Page, what: string) {
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).analyze();
  expect(
    axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    what,
  ).toEqual([]);
}

/** The rows of the hidden table beside the views chart: one per day of the period. */
const dayRows = (page: Page) => page.getByTestId('analytics-charts').locator('figure').first().locator('tbody tr');

test('the Overview charts switch between 7, 30 and 90 days, count a QR visit and pass axe', async ({
  page,
  browser,
}) => {
  await signIn(page, DEMO.broker);
  await page.goto('/profile');
  const section = page.getByTestId('card-analytics');
  await expect(section.getByRole('heading', { name: 'Card analytics' })).toBeVisible();
  await expect(section.getByRole('button', { name: '30 days' })).toHaveAttribute('aria-pressed', 'true');
  await expect(dayRows(page)).toHaveCount(30);
  // The seeded quarter has visits: a number, and a comparison with the previous period.
  await expect(section.getByTestId('metric-views-value')).toHaveText(/^[1-9][\d,]*$/);
  await expect(section.getByTestId('metric-views')).toContainText(/vs previous 30 days/);
  await expect(section.getByTestId('by-source')).toContainText('QR code');

  await section.getByRole('button', { name: '7 days' }).click();
  await expect(section.getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true');
  await expect(dayRows(page)).toHaveCount(7);
  await expect(section.getByTestId('metric-views')).toContainText(/vs previous 7 days/);
  await section.getByRole('button', { name: '90 days' }).click();
  await expect(dayRows(page)).toHaveCount(90);
  await audit(page, 'profile overview with charts');

  // A stranger scans the QR code: one more view today, from the QR code, and nothing else.
  const cards = (await (await page.request.get('/api/business-cards/my')).json()) as { id: string; status: string }[];
  const card = cards.find((c) => c.status === 'approved');
  expect(card).toBeTruthy();
  const figures = async () =>
    (await (await page.request.get(`/api/analytics/cards/${card?.id}?days=7`)).json()) as CardAnalytics;
  const before = await figures();
  const stranger = await browser.newContext({ userAgent: `e2e-analytics-${Date.now()}` });
  const visit = await stranger.newPage();
  await visit.goto(`/cards/${card?.id}?src=qr`);
  await expect(visit.getByRole('heading', { level: 1 })).toBeVisible();
  await expect
    .poll(async () => {
      const now = await figures();
      return [now.totals.views - before.totals.views, now.totals.bySource.qr - before.totals.bySource.qr];
    })
    .toEqual([1, 1]);
  await stranger.close();
  // The owner's own visit counts nothing.
  await page.goto(`/cards/${card?.id}?src=qr`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/profile');
  await expect(dayRows(page)).toHaveCount(30);
  expect((await figures()).totals.views).toBe(before.totals.views + 1);
});

test('in Arabic on a phone the charts read right to left with Arabic labels', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await useLanguage(page, 'ar');
  await signIn(page, DEMO.broker);
  await page.goto('/profile');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const section = page.getByTestId('card-analytics');
  await expect(section.getByRole('heading', { name: 'إحصاءات البطاقة' })).toBeVisible();
  await section.getByRole('button', { name: '7 يومًا' }).click();
  await expect(dayRows(page)).toHaveCount(7);
  await expect(section.getByTestId('metric-views')).toContainText('مقارنة بالـ 7 يومًا السابقة');
  await expect(section.getByTestId('by-source')).toContainText('رمز QR');
  const width = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  expect(width.scroll).toBeLessThanOrEqual(width.inner);
  expect(await latinWordsOnPage(page)).toEqual([]);
  // The profile header's brokerage link (the brokerage area's, not this section's) is a known 20 px
  // tall target, reported to its owner; everything else on the page must be a fingertip wide.
  expect((await smallTapTargets(page)).filter((s) => !s.includes('[brokerage-link]'))).toEqual([]);
  await audit(page, 'Arabic profile overview');
});

test('the brokerage owner sees the team dashboard with every member and a leaderboard', async ({ page }) => {
  await signIn(page, DEMO.broker);
  await page.goto('/brokerage?tab=analytics');
  const team = page.getByTestId('team-analytics');
  await expect(team.getByRole('heading', { name: 'Team analytics' })).toBeVisible();
  await expect(team.getByTestId('team-members').locator('tbody tr')).toHaveCount(5);
  const board = team.getByTestId('leaderboard').locator('li');
  await expect(board).toHaveCount(5);
  // Ranked by views: the first has at least as many as the last.
  const views = async (i: number) =>
    Number((await board.nth(i).locator('strong').first().textContent())?.replace(/\D/g, ''));
  expect(await views(0)).toBeGreaterThanOrEqual(await views(4));
  await team.getByRole('button', { name: '90 days' }).click();
  await expect(dayRows(page)).toHaveCount(90);
  await audit(page, 'team dashboard');
});
