/**
 * API keys in the browser: from the profile to Settings → API keys, make a key with two
 * permissions, copy its secret (shown once), use it on /api/v1, see "last used", revoke it and
 * see it refused; the page passes axe in English and Arabic. The API reference at /docs/api
 * renders from our own server under the app's Content-Security-Policy.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { DEMO, signIn } from './helpers';

async function expectAxeClean(page: Page) {
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

const TEXT = {
  en: {
    link: 'API keys',
    name: 'Name',
    leads: 'Read leads',
    contacts: 'Read contacts',
    create: 'Create key',
    copy: 'Copy',
    copied: 'Copied',
    done: 'I have copied it',
    never: 'never used',
    lastUsed: 'last used',
    revoke: 'Revoke',
    revokeKey: 'Revoke key',
    none: 'You have no API keys yet.',
  },
  ar: {
    link: 'مفاتيح الواجهة البرمجية',
    name: 'الاسم',
    leads: 'قراءة العملاء المحتملين',
    contacts: 'قراءة جهات الاتصال',
    create: 'إنشاء المفتاح',
    copy: 'نسخ',
    copied: 'تم النسخ',
    done: 'لقد نسخته',
    never: 'لم يُستخدم بعد',
    lastUsed: 'آخر استخدام',
    revoke: 'إلغاء',
    revokeKey: 'إلغاء المفتاح',
    none: 'ليست لديك مفاتيح بعد.',
  },
} as const;

for (const [lang, width] of [
  ['en', 390],
  ['ar', 1280],
] as const) {
  test(`in ${lang} at ${width} px: make a key, copy it once, use it, and revoke it`, async ({ browser, baseURL }) => {
    // Two axe audits and a dozen round trips: room for a loaded 2-core machine.
    test.setTimeout(180_000);
    const context = await browser.newContext({
      baseURL,
      viewport: { width, height: 900 },
      locale: lang === 'ar' ? 'ar-AE' : 'en-US',
    });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await context.addCookies([{ name: 'bitaqa.lang', value: lang, url: baseURL as string }]);
    await context.addInitScript((l) => window.localStorage.setItem('bitaqa.lang', l), lang);
    const page = await context.newPage();
    const text = TEXT[lang];
    // The list starts empty whatever the other language's test left.
    await signIn(page, DEMO.developer);
    for (const key of (await (await page.request.get('/api/api-keys')).json()).items)
      await page.request.delete(`/api/api-keys/${key.id}`);

    await page.goto('/profile');
    await page.getByRole('link', { name: text.link }).click();
    await expect(page).toHaveURL(/\/settings\/api-keys$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text.link);
    await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
    await expect(page.getByText(text.none)).toBeVisible();
    await expectAxeClean(page);

    const name = `Zapier ${lang} ${Date.now()}`;
    await page.getByLabel(text.name).fill(name);
    await page.getByRole('checkbox', { name: new RegExp(text.leads) }).check();
    await page.getByRole('checkbox', { name: new RegExp(text.contacts) }).check();
    await page.getByRole('button', { name: text.create }).click();

    const secretBox = page.getByTestId('created-key').getByRole('textbox');
    await expect(secretBox).toHaveValue(/^bq_live_[0-9A-Za-z]{40}$/);
    const secret = await secretBox.inputValue();
    await page.getByTestId('created-key').getByRole('button', { name: text.copy, exact: true }).click();
    await expect(page.getByTestId('created-key').getByRole('button', { name: text.copied, exact: true })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await expectAxeClean(page);
    await page.getByRole('button', { name: text.done }).click();
    await expect(page.getByTestId('created-key')).toHaveCount(0);
    await expect(page.locator('body')).not.toContainText(secret);

    const row = page.getByTestId('api-key').filter({ hasText: name });
    await expect(row).toContainText(text.never);
    await expect(row).toContainText(secret.slice(0, 14));

    const me = await page.request.get('/api/v1/me', { headers: { authorization: `Bearer ${secret}` } });
    expect(me.status(), await me.text()).toBe(200);
    expect((await me.json()).key.scopes).toEqual(['leads:read', 'contacts:read']);
    await page.reload();
    await expect(page.getByTestId('api-key').filter({ hasText: name })).toContainText(text.lastUsed);

    await page
      .getByTestId('api-key')
      .filter({ hasText: name })
      .getByRole('button', { name: new RegExp(`^${text.revoke}`) })
      .click();
    await page.getByRole('button', { name: text.revokeKey }).click();
    await expect(page.getByTestId('api-key').filter({ hasText: name })).toHaveCount(0);
    const refused = await page.request.get('/api/v1/me', { headers: { authorization: `Bearer ${secret}` } });
    expect(refused.status()).toBe(401);
    expect((await refused.json()).code).toBe('API_KEY_REVOKED');
    await context.close();
  });
}

test('the API reference at /docs/api renders from this server with no Content-Security-Policy refusal', async ({
  page,
  baseURL,
}) => {
  const origin = new URL(baseURL as string).origin;
  const refused: string[] = [];
  const elsewhere: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) refused.push(m.text());
  });
  page.on('request', (r) => {
    if (!r.url().startsWith(origin) && !r.url().startsWith('data:')) elsewhere.push(r.url());
  });
  await page.goto('/docs/api');
  await expect(page).toHaveURL(/\/docs\/api\/$/);
  await expect(page.getByText('Bitaqa API').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('link', { name: /The key and the user it acts as/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Contacts', exact: true })).toBeVisible();
  expect(refused).toEqual([]);
  expect(elsewhere).toEqual([]);
});
