/**
 * Wallet and print links in the share dialog, end to end. On the suite's server (no
 * wallet configuration) the owner of an approved card sees the print links and no wallet
 * buttons, and downloads the PDF sheet and the 300 dpi QR, in English and then in Arabic; the
 * files are read back (unpdf, jsQR). A second real server, started with throwaway Apple and
 * Google signing material, shows both wallet buttons, and its Apple link downloads a pass.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { extractText, getDocumentProxy } from 'unpdf';
import { type ServerProcess, serverEnv, spawnServer } from '../helpers/server-process';
import { walletMaterial } from '../helpers/wallet-certs';
import { readZip } from '../helpers/zip';
import { DEMO, newVerifiedUser, signInAdmin } from './helpers';

async function pdfText(file: string): Promise<string> {
  const doc = await getDocumentProxy(new Uint8Array(fs.readFileSync(file)));
  return (await extractText(doc, { mergePages: true })).text;
}

function decodeQr(file: string) {
  const png = PNG.sync.read(fs.readFileSync(file));
  return { text: jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data, width: png.width };
}

/** Clicks a download link and returns the saved file's path and suggested name. */
async function download(page: Page, name: string | RegExp) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name }).click()]);
  const to = path.join(os.tmpdir(), `bitaqa-e2e-${crypto.randomBytes(4).toString('hex')}-${file.suggestedFilename()}`);
  await file.saveAs(to);
  return { path: to, name: file.suggestedFilename() };
}

/** A verified investor with an approved card, signed in. */
async function ownerWithApprovedCard(browser: Browser, name: string) {
  const owner = await newVerifiedUser(browser, { first: 'Mariam', last: 'Nasser', role: 'investor' });
  const created = await owner.page.request.post('/api/business-cards', {
    data: { name, profession: 'Property Investor', company: 'Nasser Holdings' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const card = await created.json();
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInAdmin(admin);
  const approved = await admin.request.patch(`/api/admin/business-cards/${card.id}/status`, {
    data: { status: 'approved', version: card.version },
  });
  expect(approved.status(), await approved.text()).toBe(200);
  await adminContext.close();
  return { ...owner, card };
}

test('the owner downloads the print sheet and the print QR in English and Arabic; no wallet buttons without configuration', async ({
  browser,
}) => {
  const name = `Mariam Nasser ${Date.now().toString(36)}`;
  const { page, card, context } = await ownerWithApprovedCard(browser, name);

  await page.goto('/profile?tab=cards');
  await page
    .getByTestId('my-card')
    .filter({ hasText: name })
    .getByRole('button', { name: 'Share', exact: true })
    .click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('link', { name: 'Print sheet (PDF)' })).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Print QR (SVG)' })).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'QR with your photo (PNG)' })).toBeVisible();
  // The suite's server has no wallet configuration: no wallet buttons.
  await expect(dialog.getByText('Add to Apple Wallet')).toHaveCount(0);
  await expect(dialog.getByText('Save to Google Wallet')).toHaveCount(0);

  const sheet = await download(page, 'Print sheet (PDF)');
  expect(sheet.name).toMatch(/_print_en\.pdf$/);
  const text = await pdfText(sheet.path);
  expect(text).toContain(name);
  expect(text).toContain('Scan to open my card');

  const qr = await download(page, 'Print QR (PNG, 300 dpi)');
  const decoded = decodeQr(qr.path);
  expect(decoded.width).toBe(600);
  expect(decoded.text).toMatch(new RegExp(`/cards/${card.id}\\?src=qr$`));

  // In Arabic the dialog and the sheet follow the language.
  await page.addInitScript(() => window.localStorage.setItem('bitaqa.lang', 'ar'));
  await page.goto('/profile?tab=cards');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.getByTestId('my-card').filter({ hasText: name }).getByRole('button', { name: 'مشاركة' }).click();
  await expect(page.getByRole('dialog').getByRole('link', { name: 'ورقة الطباعة (PDF)' })).toBeVisible();
  const arabic = await download(page, 'ورقة الطباعة (PDF)');
  expect(arabic.name).toMatch(/_print_ar\.pdf$/);
  const arabicText = await pdfText(arabic.path);
  expect(arabicText).toContain(name);
  expect(arabicText).toContain('امسح الرمز لفتح بطاقتي');
  await context.close();
});

test.describe('with wallet configuration', () => {
  let server: ServerProcess;

  test.beforeAll(async () => {
    const material = walletMaterial(fs.mkdtempSync(path.join(os.tmpdir(), 'bitaqa-e2e-wallet-')));
    server = await spawnServer(serverEnv({ ...material.env, SEED_DEMO: 'true', LOG_LEVEL: 'info' }));
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  for (const lang of ['en', 'ar'] as const) {
    test(`the owner sees both wallet buttons and adds the card to Apple Wallet (${lang})`, async ({ browser }) => {
      const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      if (lang === 'ar') await page.addInitScript(() => window.localStorage.setItem('bitaqa.lang', 'ar'));
      const login = await page.request.post('/api/auth/login', { data: { email: DEMO.broker, password: 'Demo1234!' } });
      expect(login.status(), await login.text()).toBe(200);
      const mine = (await (await page.request.get('/api/business-cards/my')).json()) as {
        id: string;
        status: string;
      }[];
      const approved = mine.find((c) => c.status === 'approved');
      expect(approved, 'the demo broker has an approved card').toBeTruthy();

      await page.goto('/profile?tab=cards');
      const t =
        lang === 'en'
          ? { share: 'Share', apple: 'Add to Apple Wallet', google: 'Save to Google Wallet' }
          : { share: 'مشاركة', apple: 'إضافة إلى Apple Wallet', google: 'حفظ في Google Wallet' };
      await page
        .getByTestId('my-card')
        .filter({ has: page.locator(`a[href="/cards/${approved?.id}"]`) })
        .getByRole('button', { name: t.share })
        .click();
      const dialog = page.getByRole('dialog');
      const google = dialog.getByRole('link', { name: t.google });
      await expect(google).toBeVisible();
      expect(await google.getAttribute('href')).toMatch(
        /^https:\/\/pay\.google\.com\/gp\/v\/save\/[\w-]+\.[\w-]+\.[\w-]+$/,
      );
      await expect(google).toHaveAttribute('target', '_blank');

      const pass = await download(page, t.apple);
      expect(pass.name).toMatch(/\.pkpass$/);
      const files = readZip(fs.readFileSync(pass.path));
      const passJson = JSON.parse(files.get('pass.json')?.toString() ?? '{}');
      expect(passJson.serialNumber).toBe(approved?.id);
      expect(passJson.barcodes[0].message).toMatch(new RegExp(`/cards/${approved?.id}\\?src=qr$`));
      await context.close();
    });
  }
});
