/**
 * Smart search and the listing filters as a visitor sees them: the phone's "Show results (N)"
 * opens a list of exactly N listings, even with a price typed but not applied yet; the filters
 * offer every listing type, bedrooms and a community; a listing search with no exact match shows
 * the near ones and says so; a service question shows services, in Arabic too.
 */
import type { Page } from '@playwright/test';
import { e2eServer, expect, test } from './fixtures';

async function useLanguage(page: Page, lang: 'en' | 'ar') {
  await page.addInitScript((l) => window.localStorage.setItem('bitaqa.lang', l), lang);
  await page.context().addCookies([{ name: 'bitaqa.lang', value: lang, url: e2eServer().url }]);
}

/** The number in "Show results (7 properties found)". */
async function promised(page: Page): Promise<number> {
  const button = page.getByRole('dialog', { name: 'Filters' }).getByTestId('filters-show-results');
  await expect(button).toHaveText(/\(\d+ propert/);
  return Number(/\((\d+)/.exec((await button.textContent()) ?? '')?.[1]);
}

test('the filter sheet shows as many listings as its button promised, typed prices included', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await useLanguage(page, 'en');
  await page.goto('/properties');
  await expect(page.getByTestId('property-card').first()).toBeVisible();
  await page.getByTestId('filters-button').click();
  const sheet = page.getByRole('dialog', { name: 'Filters' });
  // The sheet's code loads on the first tap: wait for it before reading its options.
  await expect(sheet.getByTestId('filter-type')).toBeVisible();

  // Every type the listing form offers, bedrooms and a community.
  const types = await sheet.getByTestId('filter-type').locator('option').allTextContents();
  expect(types).toEqual(expect.arrayContaining(['Office', 'Retail', 'Penthouse', 'Townhouse', 'Studio']));
  await expect(sheet.getByTestId('filter-bedrooms')).toBeVisible();
  await expect(sheet.getByTestId('filter-community')).toBeVisible();

  await sheet.getByTestId('filter-type').selectOption('office');
  await expect(page).toHaveURL(/type=office/);
  const offices = await promised(page);
  // A cap between the offices' prices, so some are under it and some above.
  const prices = (
    (await (await page.request.get('/api/properties?type=office&limit=48')).json()) as { price: number }[]
  )
    .map((p) => p.price)
    .sort((a, b) => a - b);
  expect(prices.length).toBe(offices);
  const cap = prices[Math.floor(prices.length / 2)];
  const under = prices.filter((p) => p <= cap).length;
  // A price typed, not applied: the promise follows it before the button is pressed.
  await sheet.getByTestId('filter-max-price').fill(String(cap));
  await expect.poll(() => promised(page)).toBe(under);
  await sheet.getByTestId('filters-show-results').click();
  await expect(sheet).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`maxPrice=${cap}`));
  const n = under;
  await expect(page.getByTestId('property-card')).toHaveCount(n);
});

test('a community and bedrooms filter the listings the way their labels say', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await useLanguage(page, 'en');
  // A community and a bedroom count that some Dubai listing for sale has.
  const listings = (await (await page.request.get('/api/properties?city=Dubai&limit=48')).json()) as {
    location: string | null;
    bedrooms: number | null;
  }[];
  const pick = listings.find((l) => l.location && l.bedrooms);
  expect(pick).toBeTruthy();
  const { location, bedrooms } = pick as { location: string; bedrooms: number };
  const expected = listings.filter((l) => l.location === location && l.bedrooms === bedrooms).length;
  await page.goto('/properties?city=Dubai');
  await page.getByTestId('filter-community').selectOption(location);
  await expect(page).toHaveURL(/location=/);
  const cards = page.getByTestId('property-card');
  await expect(cards.first()).toBeVisible();
  for (const text of await cards.allTextContents()) expect(text).toContain(location);
  await page.getByTestId('filter-bedrooms').selectOption(String(bedrooms));
  await expect(page).toHaveURL(new RegExp(`bedrooms=${bedrooms}`));
  await expect(cards).toHaveCount(expected);
  await expect(page.getByText(`${expected} propert`)).toBeVisible();
});

test('smart search shows near listings with a notice, and services, in English and Arabic', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await useLanguage(page, 'en');
  await page.goto(`/search?q=${encodeURIComponent('office in business bay')}`);
  await expect(page.getByTestId('search-properties').getByTestId('property-card').first()).toBeVisible();
  await expect(page.getByTestId('search-relaxed')).toContainText('Nothing matched exactly');

  await page.goto(`/search?q=${encodeURIComponent('mortgage advisor')}`);
  await expect(page.getByTestId('search-services')).toContainText('Mortgage');

  await page.context().clearCookies();
  const ar = await page.context().newPage();
  await useLanguage(ar, 'ar');
  await ar.goto(`/search?q=${encodeURIComponent('محامي عقارات')}`);
  await expect(ar.getByTestId('search-services').locator('li').first()).toBeVisible();
  await ar.goto(`/search?q=${encodeURIComponent('شقة للإيجار في الخليج التجاري')}`);
  await expect(ar.getByTestId('search-properties').getByTestId('property-card').first()).toBeVisible();
  await expect(ar.getByTestId('search-relaxed')).toContainText('لا توجد نتائج مطابقة تمامًا');
});
