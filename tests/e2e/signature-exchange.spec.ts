/**
 * Issue 15 in the browser: the e-mail signature as Chromium lays it out (every design, both
 * languages) and the owner's "E-mail signature" dialog copying rich HTML.
 */
import fs from 'node:fs';
import path from 'node:path';
import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { DEMO, signIn } from './helpers';

const SHOTS = process.env.SHOTS_DIR;

/** Screenshots to look at (SHOTS_DIR=/tmp/shots-… npx playwright test …); never committed. */
async function shot(target: Page | Locator, name: string) {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await target.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

/** The demo broker's published card, read through the API as its owner. */
async function brokerCard(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, DEMO.broker);
  const cards = (await (await page.request.get('/api/business-cards/my')).json()) as {
    id: string;
    name: string;
    status: string;
    isPublic: boolean;
    phone: string | null;
  }[];
  const card = cards.find((c) => c.status === 'approved' && c.isPublic);
  if (!card) throw new Error('the demo broker has no published card');
  return { card, owner: page, close: () => context.close() };
}

test('each signature design lays out in Chromium with working links, the Arabic one right to left', async ({
  browser,
  page,
  baseURL,
}) => {
  const { card, close } = await brokerCard(browser);
  await close();
  const digits = card.phone?.replace(/^\+/, '');
  expect(digits).toMatch(/^\d{9,15}$/);
  for (const design of ['1', '2', '3']) {
    for (const lang of ['en', 'ar'] as const) {
      const what = `design ${design} ${lang}`;
      const res = await page.request.get(`/api/business-cards/${card.id}/signature?design=${design}&lang=${lang}`);
      expect(res.status(), what).toBe(200);
      // As a mail client shows it: the fragment alone in an otherwise empty document.
      await page.setContent(
        `<!doctype html><meta charset="utf-8"><body style="margin:16px">${await res.text()}</body>`,
      );
      const table = page.locator('body > table');
      await expect(table, what).toBeVisible();
      await expect(page.getByText(card.name, { exact: true }), what).toBeVisible();
      const box = await table.boundingBox();
      expect(box?.width, what).toBeGreaterThan(200);
      expect(box?.width, what).toBeLessThan(640);

      // The QR image loads from its absolute URL and has its size.
      const qr = page.locator('img');
      await expect(qr, what).toHaveAttribute('src', `${baseURL}/api/business-cards/${card.id}/signature/qr.png`);
      await expect
        .poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { message: what })
        .toBe(true);
      await expect(qr, what).toBeVisible();

      const hrefs = await page.locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
      expect(hrefs, what).toContain(`tel:+${digits}`);
      expect(hrefs, what).toContain(`https://wa.me/${digits}`);
      expect(hrefs, what).toContain(`${baseURL}/cards/${card.id}`);
      for (const link of await page.locator('a').all()) await expect(link, what).toBeVisible();

      // Direction: the name starts at the start edge of its cell (right in Arabic, left in English).
      const layout = await page.getByText(card.name, { exact: true }).evaluate((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        const text = range.getBoundingClientRect();
        const cell = el.getBoundingClientRect();
        const style = getComputedStyle(el);
        return {
          direction: getComputedStyle(document.querySelector('body > table') as Element).direction,
          fromLeft: text.left - cell.left - Number.parseFloat(style.paddingLeft),
          fromRight: cell.right - text.right - Number.parseFloat(style.paddingRight),
        };
      });
      expect(layout.direction, what).toBe(lang === 'ar' ? 'rtl' : 'ltr');
      expect(lang === 'ar' ? layout.fromRight : layout.fromLeft, what).toBeLessThan(2);
      if (design === '1') {
        // The QR column sits on the start side: right of the text in Arabic.
        const qrBox = await qr.boundingBox();
        const nameBox = await page.getByText(card.name, { exact: true }).boundingBox();
        if (lang === 'ar') expect(qrBox?.x, what).toBeGreaterThan(nameBox?.x ?? 0);
        else expect(qrBox?.x, what).toBeLessThan(nameBox?.x ?? 0);
      }
      await shot(table, `signature-${design}-${lang}`);
    }
  }
});

test('the owner copies the signature as rich HTML from the dialog, in English and Arabic', async ({ browser }) => {
  const { card, close } = await brokerCard(browser);
  await close();
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  const page = await context.newPage();
  await signIn(page, DEMO.broker);
  await page.goto('/profile?tab=cards');
  const row = page
    .getByTestId('my-card')
    .filter({ has: page.getByRole('link', { name: 'View' }) })
    .first();
  await row.getByRole('button', { name: 'E-mail signature' }).click();
  const dialog = page.getByRole('dialog', { name: 'E-mail signature' });
  await expect(dialog).toBeVisible();
  const preview = dialog.frameLocator('[data-testid="signature-preview"]');
  await expect(preview.getByText(card.name, { exact: true })).toBeVisible();
  await dialog.getByText('Banner', { exact: true }).click();
  await expect(preview.locator('td[colspan="2"]')).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Gmail' })).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Outlook' })).toBeVisible();
  await shot(page, 'signature-dialog-en-1280');

  await dialog.getByRole('button', { name: 'Copy signature' }).click();
  await expect(dialog.getByRole('button', { name: 'Signature copied' })).toBeVisible();
  const copied = await page.evaluate(async () => {
    const [item] = await navigator.clipboard.read();
    return { types: item.types, html: await (await item.getType('text/html')).text() };
  });
  expect(copied.types).toContain('text/html');
  expect(copied.types).toContain('text/plain');
  expect(copied.html).toContain('<table');
  expect(copied.html).toContain('border-bottom:3px solid');
  expect(copied.html).toContain(`/cards/${card.id}`);

  // Arabic: the dialog speaks Arabic and starts with the Arabic signature.
  await page.evaluate(() => window.localStorage.setItem('bitaqa.lang', 'ar'));
  await page.goto('/profile?tab=cards');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.getByRole('button', { name: 'توقيع البريد الإلكتروني' }).first().click();
  const arDialog = page.getByRole('dialog', { name: 'توقيع البريد الإلكتروني' });
  const arPreview = arDialog.frameLocator('[data-testid="signature-preview"]');
  await expect(arPreview.locator('body > table')).toHaveAttribute('dir', 'rtl');
  await expect(arPreview.getByText('بطاقتي الرقمية')).toBeVisible();
  await arDialog.getByRole('button', { name: 'نسخ التوقيع' }).click();
  await expect(arDialog.getByRole('button', { name: 'تم نسخ التوقيع' })).toBeVisible();
  const arHtml = await page.evaluate(async () => {
    const [item] = await navigator.clipboard.read();
    return (await item.getType('text/html')).text();
  });
  expect(arHtml).toContain('dir="rtl"');
  await shot(page, 'signature-dialog-ar-1280');
  await context.close();
});
