/**
 * Every page fits a phone in both languages and names itself; navigation moves focus
 * to the new page's heading; Radix primitives follow the reading direction; an Arabic page shows
 * no Latin-script word but user data and a short allow-list; every tap target on a phone is at
 * least 24×24 px (44 px tall for a primary action). The two audits' rules are in ./audits.ts.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test, e2eServer } from './fixtures';
import { latinWordsOnPage, smallTapTargets } from './audits';
import { DEMO, latestMailTo, linkIn, signIn, signInAdmin, uniqueEmail } from './helpers';

// The longest file by far, and its tests share nothing: both workers take from it.
test.describe.configure({ mode: 'parallel' });

const PUBLIC_ROUTES = [
  '/',
  '/directory',
  '/directory?role=broker',
  '/properties',
  '/services',
  '/search?q=villa',
  '/about',
  '/login',
  '/signup',
  '/admin-login',
  '/forgot-password',
];
const BROKER_ROUTES = ['/profile', '/messages', '/create-card', '/subscription', '/properties/new'];
const BRAND = { en: 'Bitaqa', ar: 'بطاقة' } as const;
/** A test that loads and audits a dozen pages: room for a loaded 2-core machine. */
const MANY_PAGES_TIMEOUT = 300_000;

/** As a visitor who picked the language with the toggle: remembered in the browser and a cookie. */
async function useLanguage(page: Page, lang: 'en' | 'ar') {
  await page.addInitScript((l) => window.localStorage.setItem('bitaqa.lang', l), lang);
  await page.context().addCookies([{ name: 'bitaqa.lang', value: lang, url: e2eServer().url }]);
}

async function checkPage(page: Page, route: string, lang: 'en' | 'ar', brandedTitle = true) {
  await page.goto(route);
  await expect(page.locator('main h1, main h2').first()).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  // Each route names itself, in the visitor's language.
  const title = await page.title();
  if (!brandedTitle) expect(title.length, route).toBeGreaterThan(3);
  else if (route === '/') expect(title.startsWith(`${BRAND[lang]} — `), `${route} ${title}`).toBe(true);
  else expect(title.endsWith(` — ${BRAND[lang]}`), `${route} ${title}`).toBe(true);
  // Nothing is wider than the phone: no sideways scrolling, nothing cut off at either edge.
  const width = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  expect(width.scroll, `${lang} ${route} is ${width.scroll}px wide`).toBeLessThanOrEqual(width.inner);
  // No WCAG 2.2 A/AA violation that axe can find (contrast, names, ARIA references, landmarks).
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).analyze();
  const violations = axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(violations, `${lang} ${route}`).toEqual([]);
  // Nothing left in English on an Arabic page but user data, brands and the allow-list.
  if (lang === 'ar') expect(await latinWordsOnPage(page), `Latin words on ${route}`).toEqual([]);
  // On a phone every target takes a fingertip (WCAG 2.5.8), a primary action a thumb.
  if (page.viewportSize()?.width === 390)
    expect(await smallTapTargets(page), `small targets on ${lang} ${route}`).toEqual([]);
}

for (const lang of ['en', 'ar'] as const) {
  test.describe(`on a 390 px phone in ${lang}`, () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('public pages fit the screen, read in the right direction and carry their own title', async ({ page }) => {
      test.setTimeout(MANY_PAGES_TIMEOUT);
      await useLanguage(page, lang);
      const titles = new Set<string>();
      for (const route of PUBLIC_ROUTES) {
        await checkPage(page, route, lang);
        titles.add(await page.title());
      }
      // /directory and /directory?role=broker share a title; every other route has its own.
      expect(titles.size).toBe(PUBLIC_ROUTES.length - 1);
      // A listing and a card, as a stranger opens them from a link (the card names its holder).
      const [listing] = await (await page.request.get('/api/properties?limit=1')).json();
      await checkPage(page, `/properties/${listing.id}`, lang);
      const [card] = await (await page.request.get('/api/business-cards/public?limit=1&role=broker')).json();
      await checkPage(page, `/cards/${card.id}`, lang, false);
      await expect(page).toHaveTitle(new RegExp(card.name));
    });

    test('signed-in pages and the admin centre fit the screen', async ({ page }) => {
      test.setTimeout(MANY_PAGES_TIMEOUT);
      await useLanguage(page, lang);
      await signIn(page, DEMO.broker);
      for (const route of BROKER_ROUTES) await checkPage(page, route, lang);
      await signInAdmin(page);
      await checkPage(page, '/admin', lang);
    });
  });
}

for (const lang of ['en', 'ar'] as const) {
  test(`on a 1280 px desktop in ${lang} public pages pass axe and carry their own title`, async ({ page }) => {
    test.setTimeout(MANY_PAGES_TIMEOUT);
    await page.setViewportSize({ width: 1280, height: 800 });
    await useLanguage(page, lang);
    for (const route of PUBLIC_ROUTES) await checkPage(page, route, lang);
  });
}

test('on a phone the filters wait behind a "Filters (n)" button, so the first result is on the first screen', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await useLanguage(page, 'en');
  await page.goto('/directory?role=broker');
  // A result, not a loading skeleton (which is replaced, so its box can vanish under the test).
  const first = page.getByTestId('professional-card').first();
  await expect(first).toBeVisible();
  await expect.poll(async () => (await first.boundingBox())?.y ?? Infinity).toBeLessThan(844);
  const button = page.getByTestId('filters-button');
  await expect(button).toHaveText('Filters (1)');
  await expect(page.getByTestId('filter-language')).toHaveCount(0);

  // The sheet holds the filters; a change applies at once and "Show results" returns to them.
  await button.click();
  const sheet = page.getByRole('dialog', { name: 'Filters' });
  await sheet.getByTestId('filter-language').selectOption('arabic');
  await expect(page).toHaveURL(/language=arabic/);
  await sheet.getByTestId('filters-show-results').click();
  await expect(sheet).toBeHidden();
  await expect(button).toBeFocused();
  await expect(button).toHaveText('Filters (2)');

  // The plain text box: a name, typed and sent with Enter, filters and closes the sheet.
  await button.click();
  await sheet.getByTestId('filter-search').fill('no-such-name-zz');
  await sheet.getByTestId('filter-search').press('Enter');
  await expect(sheet).toBeHidden();
  await expect(page).toHaveURL(/search=no-such-name-zz/);
  await expect(page.getByText('No professionals found')).toBeVisible();

  // Listings too: typed prices apply from the sheet's own button; a wrong range keeps it open.
  await page.goto('/properties');
  const firstListing = page.getByTestId('property-card').first();
  await expect(firstListing).toBeVisible();
  await expect.poll(async () => (await firstListing.boundingBox())?.y ?? Infinity).toBeLessThan(844);
  await page.getByTestId('filters-button').click();
  const propertySheet = page.getByRole('dialog', { name: 'Filters' });
  await propertySheet.getByTestId('filter-min-price').fill('9000000');
  await propertySheet.getByTestId('filter-max-price').fill('1000');
  await propertySheet.getByTestId('filters-show-results').click();
  await expect(propertySheet).toBeVisible();
  await propertySheet.getByTestId('filter-max-price').fill('');
  await propertySheet.getByTestId('filters-show-results').click();
  await expect(propertySheet).toBeHidden();
  await expect(page).toHaveURL(/minPrice=9000000/);
  await expect(page.getByTestId('filters-button')).toHaveText('Filters (1)');
});

test('after a navigation focus moves to the new page heading and the page is announced', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await useLanguage(page, 'en');
  await page.goto('/about');
  await expect(page.locator('main h1')).toBeVisible();
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Directory' }).click();
  await expect(page).toHaveTitle('Professional directory — Bitaqa');
  const heading = page.locator('main h1').first();
  await expect(heading).toBeFocused();
  await expect(page.getByTestId('route-announcer')).toHaveText('Professional directory — Bitaqa');
});

test('in Arabic the profile tabs run right to left and ArrowLeft moves to the next tab', async ({ page }) => {
  await useLanguage(page, 'ar');
  await signIn(page, DEMO.broker);
  await page.goto('/profile');
  const tablist = page.getByRole('tablist').first();
  await expect(tablist.locator('xpath=..')).toHaveAttribute('dir', 'rtl');
  const tabs = tablist.getByRole('tab');
  await tabs.nth(0).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(tabs.nth(1)).toBeFocused();
});

test('the services tabs control a panel that exists, and the language switch is named by its label', async ({
  page,
}) => {
  await useLanguage(page, 'en');
  await page.goto('/services');
  const selected = page.getByRole('tab', { selected: true });
  const panelId = await selected.getAttribute('aria-controls');
  expect(panelId).toBeTruthy();
  await expect(page.locator(`[id="${panelId}"]`)).toHaveAttribute('role', 'tabpanel');
  await expect(page.getByRole('button', { name: /EN \| عربي/ })).toBeVisible();
});

test('a wrong password in Arabic is explained in Arabic', async ({ page }) => {
  await useLanguage(page, 'ar');
  await page.goto('/login');
  await page.locator('input[type=email]').fill(DEMO.investor);
  await page.locator('input[type=password]').fill('not-the-password-1');
  await page.getByRole('button', { name: 'تسجيل الدخول', exact: true }).click();
  await expect(page.getByText('البريد الإلكتروني أو كلمة المرور غير صحيحة').first()).toBeVisible();
  await expect(page.getByText('Invalid email or password')).toHaveCount(0);
});

test('an account saved in Arabic reads Arabic after signing in on a fresh browser', async ({ page, browser }) => {
  const email = uniqueEmail('mariam.lang');
  const password = 'Sahara-Falcon-2931!';
  const reg = await page.request.post('/api/auth/register', {
    data: {
      firstName: 'Mariam',
      lastName: 'Lang',
      email,
      phoneNumber: '50 222 3344',
      countryCode: '+971',
      password,
      confirmPassword: password,
    },
  });
  expect(reg.status(), await reg.text()).toBe(201);
  const token = new URL(linkIn(await latestMailTo(email), '/verify-email?token=')).searchParams.get('token');
  expect((await page.request.post('/api/auth/verify-email', { data: { token } })).status()).toBe(200);
  await signIn(page, email, password);
  expect((await page.request.patch('/api/auth/preferences', { data: { preferredLanguage: 'ar' } })).status()).toBe(200);

  // A new phone: nothing chosen on this device yet, the page opens in English.
  const fresh = await browser.newContext({ locale: 'en-US' });
  const phone = await fresh.newPage();
  await phone.goto('/login');
  await expect(phone.locator('html')).toHaveAttribute('lang', 'en');
  await phone.locator('input[type=email]').fill(email);
  await phone.locator('input[type=password]').fill(password);
  await phone.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(phone.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(phone.locator('html')).toHaveAttribute('dir', 'rtl');
  await fresh.close();
});

test('the services catalogue reads in Arabic in Arabic mode, and in English in English mode', async ({ page }) => {
  await useLanguage(page, 'ar');
  await page.goto('/services');
  const cards = page.getByTestId('service-card');
  await expect(cards.first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'الاستشارات القانونية العقارية' })).toBeVisible();
  await expect(page.getByText('Real Estate Legal Counsel')).toHaveCount(0);
  await expect(page.getByRole('region', { name: /الإشعارات/ })).toBeAttached();

  await page.getByRole('button', { name: /EN \| عربي/ }).click();
  await expect(page.getByRole('heading', { name: 'Real Estate Legal Counsel' })).toBeVisible();
});

for (const lang of ['en', 'ar'] as const) {
  test(`on a phone in ${lang} the bottom bar never covers a focused field of the card editor`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await useLanguage(page, lang);
    await signIn(page, DEMO.broker);
    await page.goto('/create-card');
    const form = page.locator('main form').first();
    const bar = page.locator('[data-mobile-bar]');
    await expect(bar).toBeVisible();
    const barTop = (await bar.boundingBox())?.y ?? 0;
    expect(barTop).toBeGreaterThan(700);
    await form.locator('input, select, textarea').first().focus();
    // Tab through the whole form, as a keyboard user on a phone would, to its last button.
    const seen: string[] = [];
    for (let i = 0; i < 120; i++) {
      const focused = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el?.closest('main form')) return null;
        const r = el.getBoundingClientRect();
        return {
          name: el.getAttribute('name') || el.getAttribute('aria-label') || el.textContent?.trim() || el.tagName,
          top: r.top,
          bottom: r.bottom,
          width: r.width,
        };
      });
      if (!focused) break;
      // Visually hidden controls (a file input behind its button) are not what the eye follows.
      if (focused.width > 1) {
        seen.push(focused.name);
        expect(focused.top, `${focused.name} above the screen`).toBeGreaterThanOrEqual(0);
        expect(focused.bottom, `${focused.name} under the bottom bar`).toBeLessThanOrEqual(barTop);
      }
      await page.keyboard.press('Tab');
    }
    // The walk reached the end of the form: its last fields and the submit button were checked.
    expect(seen).toEqual(expect.arrayContaining(['socialLinks.website', 'professionalBio', 'valueProposition']));
    expect(seen.length).toBeGreaterThan(20);
  });
}

test('in Arabic the admin edits a service’s Arabic and English text, and visitors read it in their language', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await useLanguage(page, 'ar');
  await signInAdmin(page);
  await page.goto('/admin');
  const row = page.getByTestId('admin-services').getByRole('listitem').filter({ hasText: 'Mortgage Advisory' });
  await row.getByRole('button', { name: /تعديل/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  // Both texts side by side, labelled in Arabic, nothing left in English but the entry itself.
  expect(await latinWordsOnPage(page)).toEqual([]);
  const arabicName = dialog.getByLabel('اسم الخدمة').nth(1);
  await expect(arabicName).toHaveValue('استشارات التمويل العقاري');
  await expect(arabicName).toHaveAttribute('dir', 'rtl');
  // A wrong value is refused with the field's own message, in Arabic.
  await dialog.getByLabel('اسم الخدمة').first().fill('');
  await dialog.getByRole('button', { name: 'حفظ' }).click();
  await expect(dialog.getByText('اسم الخدمة مطلوب')).toBeVisible();
  await dialog.getByLabel('اسم الخدمة').first().fill('Mortgage Advisory Desk');
  await arabicName.fill('مكتب استشارات الرهن');
  await dialog.getByRole('button', { name: 'حفظ' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('admin-services').getByText('مكتب استشارات الرهن')).toBeVisible();

  // The public catalogue shows the new text: Arabic to an Arabic reader, English to an English one.
  await page.goto('/services');
  await expect(page.getByRole('heading', { name: 'مكتب استشارات الرهن' })).toBeVisible();
  await page.getByRole('button', { name: /EN \| عربي/ }).click();
  await expect(page.getByRole('heading', { name: 'Mortgage Advisory Desk' })).toBeVisible();
});
