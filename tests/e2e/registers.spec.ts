/**
 * The admin's register page in both languages: importing an office register shows the upload,
 * then its report with the lines it could not read; the review queue shows the demo card whose
 * name the broker register does not confirm, beside the register's record, and verifying it by
 * hand takes it off the queue. Both pass axe, fit a phone and work from the keyboard. The demo
 * broker's card says what its badge means, with the licence's end date, in both languages.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { e2eServer, expect, test } from './fixtures';
import { latinWordsOnPage } from './audits';
import { DEMO, signIn, signInAdmin } from './helpers';

const SHOTS = process.env.SHOTS_DIR;
const PAGE_AUDITS_TIMEOUT = 180_000;
const OFFICES = [
  'Office Number,Name English,Name Arabic,License End Date',
  '24871,PALM BAY REALTY L.L.C,,2027-05-01',
  'ORN-12,BROKEN ROW,,2027-05-01',
  '30001,SUNRISE HOMES,,14/03/2027',
  '30002,DESERT ROSE PROPERTIES,,2027-06-30 00:00:00',
].join('\n');

async function useLanguage(page: Page, lang: 'en' | 'ar') {
  await page.addInitScript((l) => window.localStorage.setItem('bitaqa.lang', l), lang);
  await page.context().addCookies([{ name: 'bitaqa.lang', value: lang, url: e2eServer().url }]);
}

async function audit(page: Page, lang: 'en' | 'ar', what: string) {
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).analyze();
  const violations = axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(violations, `${lang} ${what}`).toEqual([]);
  const width = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  expect(width.scroll, `${lang} ${what} is ${width.scroll}px wide`).toBeLessThanOrEqual(width.inner);
  if (lang === 'ar') expect(await latinWordsOnPage(page), `Latin words on ${what}`).toEqual([]);
}

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  await page.evaluate(() => window.scrollTo(0, 0));
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 390, height: 844 });
}

const TEXT = {
  en: {
    title: 'Licence registers',
    offices: 'Broker offices (ORN)',
    file: 'CSV file',
    import: 'Import',
    report: 'Import report',
    badNumber: '“ORN-12” is not a licence number',
    badDate: 'The date “14/03/2027” is not written YYYY-MM-DD',
    mismatch: 'Different name',
    verify: 'Verify by hand',
    badge: /BRN verified with the DLD register · licence valid until \d{1,2} [A-Z][a-z]{2} \d{4}/,
  },
  ar: {
    title: 'سجلات التراخيص',
    offices: 'مكاتب الوساطة (ORN)',
    file: 'ملف CSV',
    import: 'استيراد',
    report: 'تقرير الاستيراد',
    badNumber: '«ORN-12» ليس رقم ترخيص',
    badDate: 'التاريخ «14/03/2027» ليس بصيغة سنة-شهر-يوم',
    mismatch: 'اسم مختلف',
    verify: 'توثيق يدوي',
    badge: /رقم BRN موثّق في سجل دائرة الأراضي والأملاك · الترخيص ساري حتى \d{1,2} \S+ \d{4}/,
  },
} as const;

test.use({ viewport: { width: 390, height: 844 } });

// Arabic first: the English run ends by verifying the demo mismatch by hand, which empties the queue.
for (const lang of ['ar', 'en'] as const) {
  test(`the admin imports a register and works through the review queue in ${lang}`, async ({ page }) => {
    // Two pages audited (axe, Latin words) and an upload: room for a loaded 2-core machine.
    test.setTimeout(PAGE_AUDITS_TIMEOUT);
    const text = TEXT[lang];
    await useLanguage(page, lang);
    await signInAdmin(page);
    await page.goto('/admin/registers');
    await expect(page.getByRole('heading', { level: 1, name: text.title })).toBeVisible();

    // The review queue: the demo card whose name the register gives differently, beside its record.
    const item = page.getByTestId('register-review-item').filter({ hasText: 'KHALID OMAR HASSAN' });
    await expect(item).toBeVisible();
    await expect(item).toContainText(text.mismatch);
    await expect(item.getByTestId('register-record')).toBeVisible();
    await audit(page, lang, 'the register page');
    await shoot(page, `registers-queue-${lang}`);

    // Import from the keyboard: choose the register, the file, then Import.
    await page.getByRole('radio', { name: text.offices }).check();
    await page.getByLabel(text.file).setInputFiles({
      name: 'offices.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(OFFICES, 'utf8'),
    });
    await page.getByRole('button', { name: text.import, exact: true }).focus();
    await page.keyboard.press('Enter');
    const report = page.getByTestId('register-import-report');
    await expect(report).toBeVisible();
    await expect(report.getByRole('heading', { name: text.report })).toBeVisible();
    // The report takes the focus, so a screen reader reads it next.
    await expect(page.locator(':focus')).toContainText(text.report);
    await expect(report.getByTestId('report-unreadable')).toHaveText('2');
    const lines = report.getByTestId('register-unreadable');
    await expect(lines.getByRole('row')).toHaveCount(3);
    // The file's own text sits between Unicode isolates inside the sentence.
    const plain = ((await lines.textContent()) ?? '').replace(/[\u2066-\u2069]/g, '');
    expect(plain).toContain(text.badNumber);
    expect(plain).toContain(text.badDate);
    await expect(page.getByTestId('register-history')).toContainText('offices.csv');
    await audit(page, lang, 'the import report');
    await shoot(page, `registers-import-${lang}`);

    if (lang === 'en') {
      // The admin checked it another way: verified by hand, it leaves the queue.
      await item.getByRole('button', { name: /Verify .* by hand/ }).click();
      await expect(item).toHaveCount(0);
    }
  });

  test(`the demo broker's card says what its badge means in ${lang}`, async ({ page, browser }) => {
    const text = TEXT[lang];
    const broker = await browser.newContext();
    const brokerPage = await broker.newPage();
    await signIn(brokerPage, DEMO.broker);
    const me = await (await brokerPage.request.get('/api/auth/user')).json();
    const cards = await (await brokerPage.request.get(`/api/business-cards/user/${me.id}`)).json();
    await broker.close();
    const card = cards.find((c: { licence?: unknown }) => c.licence);
    expect(card, 'a demo card verified by the register').toBeTruthy();
    await page.goto(`/cards/${card.id}?lang=${lang}`);
    const badge = page.getByTestId('license-verified');
    await expect(badge).toContainText(text.badge);
    await expect(badge.getByTestId('license-checked')).toBeVisible();
    await audit(page, lang, 'the card page');
    await shoot(page, `card-badge-${lang}`);
  });
}
