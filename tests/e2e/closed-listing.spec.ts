/**
 * A sold listing on a phone, in both languages: its page still opens from an old link but says
 * plainly that it has been sold, its price is struck through, and nothing on it passes the listing
 * on (no share button, no link in the WhatsApp message). It is gone from the public list. The page
 * passes axe and fits the phone.
 */
import { AxeBuilder } from '@axe-core/playwright';
import { type Page, request as playwrightRequest } from '@playwright/test';
import { E2E_ADMIN, e2eServer, expect, test } from './fixtures';
import { DEMO, DEMO_PASSWORD } from './helpers';

const SHOTS = process.env.SHOTS_DIR;

async function useLanguage(page: Page, lang: 'en' | 'ar') {
  await page.addInitScript((l) => window.localStorage.setItem('bitaqa.lang', l), lang);
  await page.context().addCookies([{ name: 'bitaqa.lang', value: lang, url: e2eServer().url }]);
}

const TEXT = {
  en: { heading: 'This property has been sold', text: /no longer for sale/, share: /share/i },
  ar: { heading: 'تم بيع هذا العقار', text: /لم يعد معروضًا للبيع/, share: /مشاركة|شارك/ },
} as const;

/** A listing in Sharjah by the demo broker, approved, then marked sold by its owner. */
async function soldListing(title: string): Promise<string> {
  const api = (credentials: object, path: string) =>
    playwrightRequest.newContext({ baseURL: e2eServer().url }).then(async (ctx) => {
      const res = await ctx.post(path, { data: credentials });
      expect(res.status(), await res.text()).toBe(200);
      return ctx;
    });
  const broker = await api({ email: DEMO.broker, password: DEMO_PASSWORD }, '/api/auth/login');
  const admin = await api(E2E_ADMIN, '/api/auth/admin-login');
  const created = await broker.post('/api/properties', {
    data: { title, propertyType: 'apartment', status: 'for_sale', price: 1_250_000, bedrooms: 2, city: 'Sharjah' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id, version } = await created.json();
  const approved = await admin.patch(`/api/admin/properties/${id}/approve`, { data: { version } });
  expect(approved.status(), await approved.text()).toBe(200);
  const sold = await broker.patch(`/api/properties/${id}`, { data: { status: 'sold' } });
  expect(sold.status(), await sold.text()).toBe(200);
  const list = await broker.get(`/api/properties?search=${encodeURIComponent(title)}`);
  expect(await list.json()).toEqual([]);
  return id;
}

test.use({ viewport: { width: 390, height: 844 } });

for (const lang of ['en', 'ar'] as const) {
  test(`a sold listing's page says it is sold and offers no sharing, in ${lang}`, async ({ page }) => {
    const id = await soldListing(`Corniche sold flat ${lang} ${Date.now()}`);
    await useLanguage(page, lang);
    await page.goto(`/properties/${id}`);
    const notice = page.getByTestId('listing-closed');
    await expect(notice).toContainText(TEXT[lang].heading);
    await expect(notice).toContainText(TEXT[lang].text);
    await expect(page.getByRole('button', { name: TEXT[lang].share })).toHaveCount(0);
    await expect(page.getByRole('link', { name: TEXT[lang].share })).toHaveCount(0);
    for (const href of await page
      .locator('a[href^="https://wa.me/"]')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href'))))
      expect(href).not.toContain('text=');

    const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    const width = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      inner: window.innerWidth,
    }));
    expect(width.scroll).toBeLessThanOrEqual(width.inner);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/sold-listing-${lang}-390.png`, fullPage: true });
  });
}

const PERMIT = {
  en: {
    madhmoun: 'Madhmoun permit number (Abu Dhabi)',
    trakheesi: 'Trakheesi permit number (Dubai Land Department)',
    other: 'Advertising permit number',
    authority: 'Issuing authority',
    madhmounFormat: /Madhmoun permit number is 6 to 24/,
    expired: "This listing's permit expired on",
  },
  ar: {
    madhmoun: 'رقم تصريح مضمون (أبوظبي)',
    trakheesi: 'رقم تصريح ترخيص (دائرة الأراضي والأملاك في دبي)',
    other: 'رقم تصريح الإعلان',
    authority: 'الجهة المُصدِرة',
    madhmounFormat: /رقم تصريح مضمون من 6 إلى 24/,
    expired: 'انتهى تصريح هذا الإعلان في',
  },
} as const;

for (const lang of ['en', 'ar'] as const) {
  test(`the listing form asks for the permit of the chosen emirate, in ${lang}`, async ({ page }) => {
    await useLanguage(page, lang);
    const login = await page.request.post('/api/auth/login', { data: { email: DEMO.broker, password: DEMO_PASSWORD } });
    expect(login.status()).toBe(200);
    await page.goto('/properties/new');
    const section = page.getByTestId('permit-section');
    await expect(section).toHaveAttribute('data-authority', 'trakheesi');
    await expect(section.getByText(PERMIT[lang].trakheesi)).toBeVisible();

    await page.getByTestId('field-city').selectOption('Abu Dhabi');
    await expect(section).toHaveAttribute('data-authority', 'madhmoun');
    await expect(page.getByLabel(PERMIT[lang].madhmoun)).toHaveAttribute('aria-required', 'true');
    // The emirate's rule is checked on the whole listing, once the other fields are filled in.
    await page.getByTestId('field-title').fill('Corniche permit check');
    await page.getByTestId('field-price').fill('1250000');
    await page.getByTestId('field-permit').fill('ABCDEFG');
    await page.getByTestId('submit-listing').click();
    await expect(section).toContainText(PERMIT[lang].madhmounFormat);

    await page.getByTestId('field-city').selectOption('Sharjah');
    await expect(section).toHaveAttribute('data-authority', 'other');
    await expect(page.getByTestId('field-permit')).not.toHaveAttribute('aria-required', 'true');
    await expect(page.getByLabel(PERMIT[lang].authority)).toBeVisible();
    if (SHOTS) {
      await section.scrollIntoViewIfNeeded();
      await section.screenshot({ path: `${SHOTS}/permit-form-${lang}-390.png` });
    }
  });

  test(`a listing whose permit expired says so and offers no sharing, in ${lang}`, async ({ page }) => {
    const id = await soldListing(`Corniche expired flat ${lang} ${Date.now()}`);
    // The server decides expiry on its own clock (tested with an injected clock in
    // permits.test.ts); the page is shown the answer a listing past its permit gets.
    await page.route(`**/api/properties/${id}`, async (route) => {
      const res = await route.fetch();
      const body = await res.json();
      await route.fulfill({
        response: res,
        json: {
          ...body,
          status: 'for_sale',
          offMarket: 'permit_expired',
          permitNumber: '7112345678',
          permitAuthority: 'trakheesi',
          permitExpiresOn: '2026-01-31',
        },
      });
    });
    await useLanguage(page, lang);
    await page.goto(`/properties/${id}`);
    const notice = page.getByTestId('listing-closed');
    await expect(notice).toContainText(PERMIT[lang].expired);
    await expect(page.getByTestId('permit-number')).toContainText('7112345678');
    await expect(page.getByRole('button', { name: TEXT[lang].share })).toHaveCount(0);
    for (const href of await page
      .locator('a[href^="https://wa.me/"]')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href'))))
      expect(href).not.toContain('text=');
    const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/expired-listing-${lang}-390.png`, fullPage: true });
  });
}
