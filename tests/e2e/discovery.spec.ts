/**
 * Discovery journeys: filter the directory, load more, open a card; the smart search
 * with its chips; a broker lists a property with a photo, an admin approves it, a visitor finds
 * it with the price filter and opens it.
 */
import { type APIRequestContext, request as playwrightRequest } from '@playwright/test';
import sharp from 'sharp';
import { E2E_ADMIN, e2eServer, expect, test } from './fixtures';
import { DEMO, DEMO_PASSWORD, signIn, signInAdmin } from './helpers';

async function apiAs(credentials: { email: string; password: string } | 'admin'): Promise<APIRequestContext> {
  const ctx = await playwrightRequest.newContext({ baseURL: e2eServer().url });
  const res =
    credentials === 'admin'
      ? await ctx.post('/api/auth/admin-login', { data: E2E_ADMIN })
      : await ctx.post('/api/auth/login', { data: credentials });
  expect(res.status(), await res.text()).toBe(200);
  return ctx;
}

/** An approved card of the demo broker in Dubai Marina, speaking Arabic, named for this run. */
async function marinaBrokerCard(name: string): Promise<string> {
  const broker = await apiAs({ email: DEMO.broker, password: DEMO_PASSWORD });
  const created = await broker.post('/api/business-cards', {
    data: {
      name,
      profession: 'Off-Plan Property Consultant',
      // No company: the demo broker's brokerage sets it (a locked field).
      roleTitle: 'off_plan_projects',
      languages: ['arabic', 'english'],
      emirate: 'dubai',
      area: 'Dubai Marina',
      phone: '50 111 2233',
      countryCode: '+971',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id, version } = (await created.json()) as { id: string; version: number };
  const admin = await apiAs('admin');
  const approved = await admin.patch(`/api/admin/business-cards/${id}/status`, {
    data: { status: 'approved', version, isPublic: true },
  });
  expect(approved.status(), await approved.text()).toBe(200);
  await broker.dispose();
  await admin.dispose();
  return id;
}

test('the directory filters, keeps its filters in the URL, loads more and opens a card', async ({ page }) => {
  await page.goto('/directory');
  await expect(page.getByRole('heading', { level: 1, name: 'Professional Directory' })).toBeVisible();
  await page.getByTestId('category-broker').click();
  await expect(page).toHaveURL(/role=broker/);
  await expect(page.getByTestId('professional-card').first()).toBeVisible();
  for (const badge of await page
    .getByTestId('professional-card')
    .locator('span', { hasText: /^Broker$/ })
    .all()) {
    await expect(badge).toBeVisible();
  }

  await page.getByTestId('filter-language').selectOption('arabic');
  await expect(page).toHaveURL(/language=arabic/);
  await expect(page.getByTestId('filter-chips')).toContainText('Speaks Arabic');
  await expect(page.getByTestId('professional-card').first()).toBeVisible();
  const filtered = await page.getByTestId('professional-card').count();
  expect(filtered).toBeGreaterThan(0);
  const api = await page.request.get('/api/business-cards/public?role=broker&language=arabic');
  expect(Number(api.headers()['x-total-count'])).toBeGreaterThanOrEqual(filtered);

  // The filtered view survives a reload.
  await page.reload();
  await expect(page.getByTestId('filter-language')).toHaveValue('arabic');
  await expect(page.getByTestId('filter-role')).toHaveValue('broker');

  // Sort by name really sorts.
  await page.getByTestId('filter-sort').selectOption('name');
  await expect(page).toHaveURL(/sort=name/);
  await expect(async () => {
    const names = await page.getByTestId('professional-card').locator('h3').allTextContents();
    expect(names.length).toBeGreaterThan(1);
    expect(names).toEqual([...names].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1)));
  }).toPass();

  // Back to Categories clears everything; "all" lists more than a page.
  await page.getByRole('button', { name: 'Back to Categories' }).click();
  await expect(page).toHaveURL(/\/directory$/);
  await expect(page.getByTestId('category-investor')).toBeVisible();
  await page.getByRole('button', { name: 'Browse all professionals' }).click();
  await expect(page.getByTestId('professional-card')).toHaveCount(12);
  await page.getByRole('button', { name: 'Load More' }).click();
  await expect(page.getByTestId('professional-card')).toHaveCount(24);

  const first = page.getByTestId('professional-card').first();
  const name = (await first.locator('h3').textContent()) ?? '';
  await first.getByRole('link', { name: /^View/ }).click();
  // The link says the visit came from the directory.
  await expect(page).toHaveURL(/\/cards\/[0-9a-f-]{36}\?src=directory$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
});

test('the smart search reads a plain request, shows chips and the matching brokers', async ({ page }) => {
  const name = `Marina Tester ${Date.now()}`;
  await marinaBrokerCard(name);
  await page.goto('/');
  await page.getByTestId('smart-search-input').fill('Arabic speaking broker in Dubai Marina');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\/search\?q=Arabic/);
  const chips = page.getByTestId('filter-chips');
  await expect(chips).toContainText('Real Estate Broker');
  await expect(chips).toContainText('Speaks Arabic');
  await expect(chips).toContainText('Dubai Marina');
  const results = page.getByTestId('search-professionals');
  await expect(results.getByText(name)).toBeVisible();
  for (const card of await results.getByTestId('professional-card').all()) {
    await expect(card).toContainText('Dubai Marina');
    await expect(card).toContainText('Arabic');
  }

  // Removing a chip asks again without it.
  await page.getByRole('button', { name: 'Remove filter: Speaks Arabic' }).click();
  await expect(page).toHaveURL(/without=language/);
  await expect(chips).not.toContainText('Speaks Arabic');
  await expect(results.getByText(name)).toBeVisible();

  // The same request in Arabic.
  await page.goto(`/search?q=${encodeURIComponent('بروكر في دبي مارينا')}`);
  await expect(page.getByTestId('filter-chips')).toContainText('Dubai Marina');
  await expect(page.getByTestId('search-professionals').getByText(name)).toBeVisible();
});

test('a broker lists a property with a photo, an admin approves it, a visitor finds it by price', async ({
  page,
  browser,
}) => {
  const title = `E2E Sea View Apartment ${Date.now()}`;
  const price = 7_000_000 + Math.floor(Math.random() * 900_000);
  const photo = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: '#0ea5e9' } })
    .jpeg()
    .toBuffer();

  await signIn(page, DEMO.broker);
  await page.goto('/properties/new');
  await page.getByTestId('field-title').fill(title);
  await page.getByTestId('field-price').fill(String(price));
  await page.getByLabel('Bedrooms').fill('2');
  await page.getByLabel('Bathrooms').fill('3');
  await page.getByTestId('field-city').selectOption('Dubai');
  await page.getByTestId('field-location').fill('Dubai Marina');
  await page.getByLabel('Features').fill('Sea View\nBalcony\nGym\nConcierge');
  // Dubai needs the Trakheesi permit.
  await page.getByTestId('submit-listing').click();
  await expect(
    page.getByText('A Trakheesi (DLD) advertising permit number is required for listings in Dubai'),
  ).toBeVisible();
  await page.getByTestId('field-permit').fill('7123456789');
  await page.getByTestId('field-permit-expires').fill('2099-12-31');
  await page.getByTestId('photo-input').setInputFiles({ name: 'flat.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(page.getByRole('img', { name: 'Photo 1' })).toBeVisible();
  await page.getByTestId('submit-listing').click();
  await expect(page.getByTestId('toast')).toContainText('Listing submitted');
  await expect(page).toHaveURL(/\/properties\/[0-9a-f-]{36}$/);
  const url = page.url();
  await expect(page.getByText('Waiting for admin approval')).toBeVisible();

  // Not public yet.
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  expect(
    (await visitorPage.request.get(new URL(url).pathname.replace('/properties/', '/api/properties/'))).status(),
  ).toBe(404);

  // The admin sees it pending and approves it.
  await signInAdmin(page);
  await page.goto('/admin');
  await expect(page.getByTestId('review-properties')).toBeVisible();
  await page.goto(url);
  await page.getByRole('button', { name: `Approve ${title}` }).click();
  await expect(page.getByTestId('toast')).toContainText('Property approved.');

  // A visitor finds it with the price filter and opens it.
  await visitorPage.goto('/properties');
  await visitorPage.getByTestId('filter-min-price').fill(String(price - 1));
  await visitorPage.getByTestId('filter-max-price').fill(String(price + 1));
  await visitorPage.getByRole('button', { name: 'Apply' }).click();
  await expect(visitorPage).toHaveURL(new RegExp(`minPrice=${price - 1}`));
  const card = visitorPage.getByTestId('property-card');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(title);
  await expect(card).toContainText('2 Beds');
  await expect(card).toContainText('3 Baths');
  await expect(card).toContainText('+1 more');
  await expect(card).toContainText(/AED 7\.\dM/);
  await card.getByRole('link', { name: title }).click();
  await expect(visitorPage.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(visitorPage.getByTestId('permit-number')).toContainText('7123456789');
  const img = visitorPage.getByRole('img', { name: new RegExp(title) });
  await expect(img).toBeVisible();
  const src = await img.getAttribute('src');
  const served = await visitorPage.request.get(src ?? '');
  expect(served.headers()['content-type']).toBe('image/webp');
  await visitor.close();
});

test('a search that matches nothing shows the closest matches, says what it relaxed, and can go back to exact', async ({
  page,
}) => {
  // No Arabic-speaking off-plan broker works in Al Hamra Village in the demo data; an Arabic-speaking
  // broker there does, so the specialization is relaxed (before the area would be).
  await page.goto(`/search?q=${encodeURIComponent('Arabic speaking off-plan broker in Al Hamra Village')}`);
  const notice = page.getByTestId('search-relaxed');
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('Showing the closest matches without');
  await expect(notice).toContainText('Off-Plan Projects');
  const first = page.getByTestId('search-professionals').getByTestId('professional-card').first();
  await expect(first).toContainText('Al Hamra Village');

  await notice.getByRole('button', { name: 'Show exact matches only' }).click();
  await expect(page).toHaveURL(/exact=1/);
  await expect(page.getByText('Nothing found')).toBeVisible();
  await page.getByRole('button', { name: 'Show the closest matches' }).click();
  await expect(page).not.toHaveURL(/exact=1/);
  await expect(page.getByTestId('search-relaxed')).toBeVisible();

  // In Arabic the notice speaks Arabic.
  await page.evaluate(() => localStorage.setItem('bitaqa.lang', 'ar'));
  await page.reload();
  await expect(page.getByTestId('search-relaxed')).toContainText('أقرب النتائج');
});
