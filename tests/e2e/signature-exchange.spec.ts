/**
 * Signature and exchange in the browser: the e-mail signature as Chromium lays it out (every design, both
 * languages), the owner's "E-mail signature" dialog copying rich HTML, and a visitor sharing
 * their details back on a phone in English and Arabic, typed or with one tap from their card.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { AxeBuilder } from '@axe-core/playwright';
import { smallTapTargets } from './audits';
import { DEMO, signIn } from './helpers';

const SHOTS = process.env.SHOTS_DIR;
const PHONE = { width: 390, height: 844 };

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
    translations: { ar?: { name?: string } };
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
      // The Arabic signature shows the card's Arabic name where the card has one.
      const name = (lang === 'ar' && card.translations.ar?.name) || card.name;
      const res = await page.request.get(`/api/business-cards/${card.id}/signature?design=${design}&lang=${lang}`);
      expect(res.status(), what).toBe(200);
      // As a mail client shows it: the fragment alone in an otherwise empty document.
      await page.setContent(
        `<!doctype html><meta charset="utf-8"><body style="margin:16px">${await res.text()}</body>`,
      );
      const table = page.locator('body > table');
      await expect(table, what).toBeVisible();
      await expect(page.getByText(name, { exact: true }), what).toBeVisible();
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
      const layout = await page.getByText(name, { exact: true }).evaluate((el) => {
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
        const nameBox = await page.getByText(name, { exact: true }).boundingBox();
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
  // On a phone the dialog fits the screen, the preview scrolls inside its frame.
  await page.setViewportSize(PHONE);
  await expect(arDialog.getByRole('button', { name: 'نسخ التوقيع' })).toBeVisible();
  const dialogBox = await arDialog.boundingBox();
  expect((dialogBox?.x ?? -1) >= 0 && (dialogBox?.x ?? 0) + (dialogBox?.width ?? 999) <= PHONE.width).toBe(true);
  await shot(page, 'signature-dialog-ar-390');
  await context.close();
});

for (const lang of ['en', 'ar'] as const) {
  const L =
    lang === 'en'
      ? {
          open: /^Share your details with/,
          send: 'Share my details',
          name: 'Your name',
          phone: 'Phone',
          consent: /I agree to share these details/,
          errors: [
            'Name is required',
            'Please give a phone number or an e-mail address',
            'Please agree to share your details',
          ],
          done: 'Details shared',
        }
      : {
          open: /^شارك بياناتك مع/,
          send: 'شارك بياناتي',
          name: 'اسمك',
          phone: 'الهاتف',
          consent: /أوافق على مشاركة هذه البيانات/,
          errors: ['الاسم مطلوب', 'يرجى إدخال رقم هاتف أو بريد إلكتروني', 'يرجى الموافقة على مشاركة بياناتك'],
          done: 'تمت مشاركة بياناتك',
        };

  test(`a visitor shares their details on a 390 px phone (${lang})`, async ({ browser }) => {
    const { card, owner, close } = await brokerCard(browser);
    const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.goto(`/cards/${card.id}?lang=${lang}`);
    await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
    await page.getByRole('button', { name: L.open }).click();
    const form = page.getByTestId('exchange-form');
    await expect(form.getByLabel(L.name)).toBeFocused();
    // Accessible as opened: labelled fields, contrast, and fingers' room on every control.
    const axe = await new AxeBuilder({ page }).include('[data-testid="exchange-form"]').analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
    expect(await smallTapTargets(page)).toEqual([]);

    await form.getByRole('button', { name: L.send }).click();
    for (const error of L.errors) await expect(form.getByText(error).first()).toBeVisible();
    await shot(form, `exchange-errors-${lang}-390`);

    const visitorName = lang === 'en' ? `Sara Visitor ${Date.now()}` : `سارة ${Date.now()}`;
    await form.getByLabel(L.name).fill(visitorName);
    await form.getByLabel(L.phone, { exact: true }).fill('055 765 4321');
    // A phone number answers for the e-mail field too: its error goes.
    await expect(form.getByText(L.errors[1])).toHaveCount(0);
    await form.getByLabel(L.consent).check();
    // Phone layout: one column, nothing wider than the screen.
    const nameBox = await form.getByLabel(L.name).boundingBox();
    const phoneBox = await form.getByLabel(L.phone, { exact: true }).boundingBox();
    expect(phoneBox?.y ?? 0).toBeGreaterThan((nameBox?.y ?? 0) + (nameBox?.height ?? 0));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await shot(form, `exchange-filled-${lang}-390`);
    await form.getByRole('button', { name: L.send }).click();
    await expect(form.getByRole('status')).toContainText(L.done);
    await shot(form, `exchange-done-${lang}-390`);

    // The owner has the lead, labelled as shared details, and saves it as a contact.
    const leads = await (await owner.request.get('/api/inquiries?limit=5')).json();
    expect(leads.items[0]).toMatchObject({
      source: 'exchange',
      inquirerName: visitorName,
      inquirerPhone: '+971557654321',
    });
    await owner.goto('/profile?tab=leads');
    const lead = owner.getByTestId('lead').filter({ hasText: visitorName });
    await expect(lead.getByTestId('lead-kind')).toHaveText('Shared their details');
    await shot(lead, `lead-${lang}-1280`);
    const download = owner.waitForEvent('download');
    await lead.getByRole('link', { name: 'Save contact' }).click();
    const vcf = fs.readFileSync(await (await download).path(), 'utf8');
    expect(vcf).toContain(`FN:${visitorName}`);
    expect(vcf).toContain('TEL;TYPE=CELL,VOICE:+971 55 765 4321');
    await close();
    await context.close();
  });
}

test('a signed-in visitor with a card shares it back with one tap', async ({ browser }) => {
  const { card, owner, close } = await brokerCard(browser);
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await signIn(page, DEMO.bankingBroker);
  const mine = (await (await page.request.get('/api/business-cards/my')).json()) as { name: string; status: string }[];
  const own = mine.find((c) => c.status === 'approved');
  expect(own).toBeTruthy();
  await page.goto(`/cards/${card.id}`);
  await page.getByRole('button', { name: /^Share your details with/ }).click();
  const form = page.getByTestId('exchange-form');
  await form.getByLabel(/I agree to share these details/).check();
  await form.getByRole('button', { name: 'Share my card back' }).click();
  await expect(form.getByRole('status')).toContainText('Details shared');
  const leads = await (await owner.request.get('/api/inquiries?limit=1')).json();
  expect(leads.items[0]).toMatchObject({ source: 'exchange', inquirerName: own?.name });
  await close();
  await context.close();
});

test('inside the app (a client-side navigation) the card offers the same form, open on request', async ({
  browser,
}) => {
  const { card, owner, close } = await brokerCard(browser);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  // A client-side navigation, as a link inside the app makes (the directory's first page need not hold this card).
  await page.goto('/directory');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.evaluate((id) => {
    window.history.pushState({}, '', `/cards/${id}`);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, card.id);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(card.name);
  // The app's own view (the server page has only a button and no form box).
  const form = page.getByTestId('exchange-form');
  await expect(form).toBeVisible();
  await expect(form.getByLabel('Your name')).toHaveCount(0);
  await form.getByRole('button', { name: 'Share your details' }).click();
  await expect(form.getByLabel('Your name')).toBeFocused();
  const visitorName = `Omar In-App ${Date.now()}`;
  await form.getByLabel('Your name').fill(visitorName);
  await form.getByLabel('E-mail').fill('omar.inapp@example.com');
  await form.getByLabel(/I agree to share these details/).check();
  await form.getByRole('button', { name: 'Share my details' }).click();
  await expect(form.getByRole('status')).toContainText('Details shared');
  const leads = await (await owner.request.get('/api/inquiries?limit=1')).json();
  expect(leads.items[0]).toMatchObject({
    source: 'exchange',
    inquirerName: visitorName,
    inquirerEmail: 'omar.inapp@example.com',
    inquirerPhone: null,
  });
  await close();
  await context.close();
});
