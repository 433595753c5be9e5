/**
 * Tax invoices in the browser: a broker who paid finds the invoice on the
 * subscription page at phone width, downloads the PDF in English and, with Arabic as their
 * language, in Arabic; an active subscriber with invoices is no longer sent away after 2 s.
 */
import fs from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { extractText, getDocumentProxy } from 'unpdf';
import { newVerifiedUser, payWithTestCard } from './helpers';

/** A verified broker who paid the yearly fee with the test card, signed in on a phone. */
async function paidBroker(browser: Browser): Promise<{ page: Page; email: string }> {
  const { page, email } = await newVerifiedUser(browser, {
    first: 'Noor',
    last: 'Khalil',
    role: 'real_estate_broker',
    viewport: { width: 390, height: 844 },
  });
  await payWithTestCard(page);
  return { page, email };
}

async function pdfTextOf(file: string): Promise<string> {
  const doc = await getDocumentProxy(new Uint8Array(fs.readFileSync(file)));
  return (await extractText(doc, { mergePages: true })).text;
}

async function fitsThePhone(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test('a paying broker downloads the tax invoice from the subscription page, in English and Arabic', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const { page } = await paidBroker(browser);
  await page.clock.install();
  await page.goto('/subscription');
  await expect(page.getByRole('heading', { name: 'Your subscription' })).toBeVisible();
  const invoices = page.getByTestId('invoices');
  await expect(invoices.getByRole('heading', { name: 'Invoices' })).toBeVisible();
  const row = invoices.getByTestId('invoice-row');
  await expect(row).toHaveCount(1);
  const number = (await row.locator('bdi').first().textContent()) ?? '';
  expect(number).toMatch(/^INV-\d{4}-\d{6}$/);
  await expect(row).toContainText('AED 100.00');
  await fitsThePhone(page);
  await page.screenshot({ path: test.info().outputPath('invoices-en-390.png'), fullPage: true });

  // With invoices to download, the page no longer sends the subscriber home after 2 s.
  await page.clock.runFor(5_000);
  await expect(page).toHaveURL(/\/subscription$/);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('link', { name: `Download PDF of invoice ${number}` }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${number}.pdf`);
  const enFile = test.info().outputPath('en.pdf');
  await download.saveAs(enFile);
  const en = await pdfTextOf(enFile);
  expect(en).toContain('Tax Invoice');
  expect(en).toContain(number);
  expect(en).toContain('Noor Khalil');
  expect(en).toMatch(/VAT 5%\s+4\.76/);
  expect(en).toMatch(/Total \(AED\)\s+100\.00/);

  // In Arabic (picked with the language toggle) the page and the PDF follow.
  await page.addInitScript(() => window.localStorage.setItem('bitaqa.lang', 'ar'));
  await page.goto('/subscription');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(invoices.getByRole('heading', { name: 'الفواتير' })).toBeVisible();
  await expect(row).toContainText(number);
  await fitsThePhone(page);
  await page.screenshot({ path: test.info().outputPath('invoices-ar-390.png'), fullPage: true });
  const [arDownload] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('link', { name: new RegExp(`تنزيل PDF.*${number}`) }).click(),
  ]);
  const arFile = test.info().outputPath('ar.pdf');
  await arDownload.saveAs(arFile);
  const ar = await pdfTextOf(arFile);
  expect(ar.replace(/\s+/g, '')).toContain('فاتورة');
  expect(ar.replace(/\s+/g, '')).toContain('ضريبية');
  expect(ar).toContain(number);
});

test('a broker who has not paid sees that there are no invoices yet', async ({ browser }) => {
  const { context, page } = await newVerifiedUser(browser, {
    first: 'Sami',
    last: 'Aziz',
    role: 'banking_broker',
    viewport: { width: 390, height: 844 },
    phone: '50 765 4321',
  });
  await page.goto('/subscription');
  await expect(page.getByTestId('plan-card')).toBeVisible();
  await expect(page.getByTestId('invoices')).toContainText('No invoices yet.');
  await fitsThePhone(page);
  await context.close();
});
