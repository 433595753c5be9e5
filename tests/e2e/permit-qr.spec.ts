/**
 * The permit QR on a phone, in both languages: the owner uploads the regulator's QR on the listing
 * form and sees the code re-drawn with the link read from it (and a clear refusal for a picture with
 * no code); the listing page shows the sharp code with the permit number and a WhatsApp share whose
 * link previews as the share picture. Both pages pass axe and fit 390 px.
 */
import { AxeBuilder } from '@axe-core/playwright';
import { type Page, request as playwrightRequest } from '@playwright/test';
import QRCode from 'qrcode';
import sharp from 'sharp';
import fs from 'node:fs';
import { E2E_ADMIN, e2eServer, expect, test } from './fixtures';
import { DEMO, DEMO_PASSWORD, signIn } from './helpers';

const SHOTS = process.env.SHOTS_DIR;
const PERMIT = '7120385412';
const LINK = 'https://trakheesi.dubailand.gov.ae/rev/madmoun/listing/validation?khevJujtDIXYBYP8RFFOUA==';

async function useLanguage(page: Page, lang: 'en' | 'ar') {
  await page.addInitScript((l) => window.localStorage.setItem('bitaqa.lang', l), lang);
  await page.context().addCookies([{ name: 'bitaqa.lang', value: lang, url: e2eServer().url }]);
}

const TEXT = {
  en: {
    upload: 'Upload the permit QR',
    notQr: /No QR code could be read/,
    share: 'Share on WhatsApp',
    permit: 'Permit',
  },
  ar: {
    upload: 'ارفع رمز QR الخاص بالتصريح',
    notQr: /تعذّرت قراءة رمز QR/,
    share: 'شارك عبر واتساب',
    permit: 'تصريح رقم',
  },
} as const;

/** A Dubai listing by the demo broker with its permit QR uploaded, then approved. */
async function listingWithQr(title: string): Promise<string> {
  const api = (credentials: object, path: string) =>
    playwrightRequest.newContext({ baseURL: e2eServer().url }).then(async (ctx) => {
      const res = await ctx.post(path, { data: credentials });
      expect(res.status(), await res.text()).toBe(200);
      return ctx;
    });
  const broker = await api({ email: DEMO.broker, password: DEMO_PASSWORD }, '/api/auth/login');
  const admin = await api(E2E_ADMIN, '/api/auth/admin-login');
  const created = await broker.post('/api/properties', {
    data: {
      title,
      propertyType: 'apartment',
      status: 'for_sale',
      price: 2_150_000,
      bedrooms: 2,
      area: 1250,
      city: 'Dubai',
      permitNumber: PERMIT,
      permitExpiresOn: '2099-12-31',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = await created.json();
  const qr = await QRCode.toBuffer(LINK, { type: 'png', width: 360 });
  const uploaded = await broker.put(`/api/properties/${id}/permit-qr`, {
    multipart: { file: { name: 'permit.png', mimeType: 'image/png', buffer: qr } },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(200);
  const { version } = await uploaded.json();
  const approved = await admin.patch(`/api/admin/properties/${id}/approve`, { data: { version } });
  expect(approved.status(), await approved.text()).toBe(200);
  return id;
}

async function checkPage(page: Page) {
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  const width = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  expect(width.scroll).toBeLessThanOrEqual(width.inner);
}

test.use({ viewport: { width: 390, height: 844 } });

for (const lang of ['en', 'ar'] as const) {
  test(`the listing shows its permit QR and shares with a preview picture, in ${lang}`, async ({ page }) => {
    const id = await listingWithQr(`Marina permit QR flat ${lang} ${Date.now()}`);
    await useLanguage(page, lang);
    await page.goto(`/properties/${id}`);
    const qr = page.getByTestId('permit-qr');
    await expect(qr).toContainText(PERMIT);
    await expect(qr).toContainText(TEXT[lang].permit);
    await expect(qr.getByRole('img', { name: new RegExp(PERMIT) }).locator('svg')).toBeVisible();
    const share = page.getByRole('link', { name: TEXT[lang].share });
    const href = (await share.getAttribute('href')) ?? '';
    expect(decodeURIComponent(href)).toContain(`/properties/${id}`);
    await checkPage(page);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/listing-permit-qr-${lang}-390.png`, fullPage: true });

    // The page's link preview is the wide share picture.
    const html = await (
      await page.request.get(`/properties/${id}`, { headers: { cookie: `bitaqa.lang=${lang}` } })
    ).text();
    const og = html.match(/<meta property="og:image" content="([^"]+)">/)?.[1]?.replace(/&amp;/g, '&');
    expect(og).toContain(`/api/properties/${id}/share.png?format=wide&lang=${lang}`);
    for (const format of ['square', 'wide'] as const) {
      const res = await page.request.get(`/api/properties/${id}/share.png?format=${format}&lang=${lang}`);
      expect(res.status()).toBe(200);
      const png = await res.body();
      const meta = await sharp(png).metadata();
      expect([meta.width, meta.height]).toEqual(format === 'square' ? [1080, 1080] : [1200, 630]);
      if (SHOTS) fs.writeFileSync(`${SHOTS}/share-${format}-${lang}-e2e.png`, png);
    }
  });

  test(`the owner uploads the permit QR on the form and is told when a picture has none, in ${lang}`, async ({
    page,
  }) => {
    const id = await listingWithQr(`Marina permit form flat ${lang} ${Date.now()}`);
    await useLanguage(page, lang);
    await signIn(page, DEMO.broker);
    await page.goto(`/properties/${id}/edit`);
    const control = page.getByTestId('permit-qr-upload');
    await expect(control.getByRole('button', { name: TEXT[lang].upload })).toHaveCount(0);
    await expect(control.getByTestId('permit-qr-link')).toHaveText(LINK);
    const noise = await sharp({ create: { width: 240, height: 240, channels: 3, background: '#88aacc' } })
      .png()
      .toBuffer();
    await control
      .getByTestId('permit-qr-file')
      .setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: noise });
    await expect(control.getByRole('alert')).toHaveText(TEXT[lang].notQr);
    await checkPage(page);
    await control.scrollIntoViewIfNeeded();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/form-permit-qr-${lang}-390.png` });
  });
}
