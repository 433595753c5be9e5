/**
 * The contact book in the browser: an exchange on a broker's card lands in their contacts, a
 * visitor saves a card in one tap and finds it by search, the WhatsApp button links to wa.me with
 * the filled message, the demo book filters by tag, event and source (kept in the address), and the
 * pages pass axe in English and Arabic on a phone and a desktop.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { DEMO, signIn } from './helpers';

async function signedInPage(browser: Browser, email: string, lang: 'en' | 'ar', width: number, baseURL: string) {
  const context = await browser.newContext({
    viewport: { width, height: 900 },
    locale: lang === 'ar' ? 'ar-AE' : 'en-US',
  });
  await context.addCookies([{ name: 'bitaqa.lang', value: lang, url: baseURL }]);
  const page = await context.newPage();
  await signIn(page, email);
  return page;
}

async function expectAxeClean(page: Page) {
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function approvedCardOf(page: Page): Promise<{ id: string; name: string }> {
  const mine = await (await page.request.get('/api/business-cards/my')).json();
  return mine.find((c: { status: string; isPublic: boolean }) => c.status === 'approved' && c.isPublic);
}

test('an exchange on a card adds the visitor to the owner’s contacts, with its source', async ({
  browser,
  baseURL,
}) => {
  const owner = await signedInPage(browser, DEMO.broker, 'en', 390, baseURL as string);
  const card = await approvedCardOf(owner);
  const name = `Karim Exchange ${Date.now()}`;
  const visitor = await browser.newContext({ baseURL });
  const shared = await visitor.request.post(`/api/business-cards/${card.id}/exchange`, {
    data: { name, email: `karim.${Date.now()}@example.com`, phone: '0551234567', consent: true },
  });
  expect(shared.status(), await shared.text()).toBe(201);
  await visitor.close();
  await owner.goto('/contacts?source=exchange');
  const row = owner.getByTestId('contact-row').filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Exchange');
  await owner.context().close();
});

for (const [lang, width] of [
  ['en', 390],
  ['ar', 1280],
] as const) {
  test(`in ${lang} at ${width} px: save a card to my contacts, find it by search, and WhatsApp it with a filled message`, async ({
    browser,
    baseURL,
  }) => {
    const broker = await signedInPage(browser, DEMO.broker, 'en', 1280, baseURL as string);
    const card = await approvedCardOf(broker);
    await broker.context().close();

    const page = await signedInPage(browser, DEMO.investor, lang, width, baseURL as string);
    await page.goto(`/cards/${card.id}`);
    await page.getByTestId('save-to-contacts').click();
    await expect(page.getByTestId('saved-to-contacts')).toBeVisible();

    await page.goto('/contacts');
    await expectAxeClean(page);
    await page.getByRole('searchbox').fill(card.name.split(' ').at(-1) ?? card.name);
    const row = page.getByTestId('contact-row').filter({ hasText: card.name });
    await expect(row).toBeVisible();
    await row.click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(card.name);
    const whatsapp = page.getByTestId('whatsapp-button');
    await expect(whatsapp).toHaveAttribute('href', /^https:\/\/wa\.me\/971\d+\?text=/);
    const href = (await whatsapp.getAttribute('href')) ?? '';
    const text = new URL(href).searchParams.get('text') ?? '';
    expect(text).toContain(card.name.split(' ')[0]);
    expect(text).toMatch(lang === 'ar' ? /مرحبًا/ : /^Hi /);
    await expectAxeClean(page);

    await page.goto('/contacts/templates');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAxeClean(page);
    await page.context().close();
  });
}

for (const lang of ['en', 'ar'] as const) {
  test(`in ${lang} at 390 px: the demo book filters by tag, event and source from the address, and clears`, async ({
    browser,
    baseURL,
  }) => {
    const page = await signedInPage(browser, DEMO.broker, lang, 390, baseURL as string);
    const ar = lang === 'ar';
    await page.goto('/contacts');
    const rows = page.getByTestId('contact-row');
    // The first page of the seeded book, on a machine that may be busy.
    await expect(rows.first()).toBeVisible({ timeout: 30_000 });
    await page.getByLabel(ar ? 'الوسم' : 'Tag', { exact: true }).selectOption('investor');
    await expect(page).toHaveURL(/[?&]tag=investor/);
    await page.getByLabel(ar ? 'المناسبة' : 'Event', { exact: true }).selectOption('Cityscape 2026');
    await expect(page).toHaveURL(/[?&]event=Cityscape\+2026/);
    const list = page.getByTestId('contacts-list');
    await expect(list).toContainText(ar ? 'عمر حداد' : 'Omar Haddad');
    // Khalid is a landlord the broker met elsewhere: filtered out.
    await expect(list).not.toContainText(ar ? 'خالد الكعبي' : 'Khalid Al Kaabi');
    await expect(page.getByTestId('active-filters')).toContainText('#investor');
    await expectAxeClean(page);

    // The filters live in the address: a reload keeps them.
    await page.reload();
    await expect(page.getByLabel(ar ? 'الوسم' : 'Tag', { exact: true })).toHaveValue('investor');
    await expect(page.getByTestId('contacts-list')).toContainText(ar ? 'عمر حداد' : 'Omar Haddad');

    await page.getByLabel(ar ? 'المصدر' : 'Source', { exact: true }).selectOption('manual');
    const empty = page.getByTestId('contacts-empty');
    await expect(empty).toContainText(ar ? 'لا توجد جهة اتصال تطابق' : 'No contact matches these filters');
    await expectAxeClean(page);
    await empty.getByRole('button', { name: ar ? 'مسح كل عوامل التصفية' : 'Clear all filters' }).click();
    await expect(page).not.toHaveURL(/tag=|event=|source=/);
    await expect(page.getByTestId('contacts-list')).toContainText(ar ? 'خالد الكعبي' : 'Khalid Al Kaabi');

    // The contact form offers the book's events while typing.
    await page.goto('/contacts/new');
    await expect(page.locator('datalist option[value="Cityscape 2026"]')).toHaveCount(1);
    await page.context().close();
  });
}

test('a contact typed by hand with the phone of an existing one offers the merge, and merging keeps both', async ({
  browser,
  baseURL,
}) => {
  const page = await signedInPage(browser, DEMO.developer, 'en', 390, baseURL as string);
  const first = await page.request.post('/api/contacts', {
    data: { name: 'Mona Aziz', phones: ['0507770001'], notes: 'Met at the sales centre' },
  });
  expect(first.status()).toBe(201);
  await page.goto('/contacts/new');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Mona A.');
  await page.getByLabel('Phones').fill('+971 50 777 0001');
  await page.getByLabel('Company').fill('Aziz Holdings');
  await page.getByRole('button', { name: 'Save contact' }).click();
  await expect(page.getByTestId('duplicate-offer')).toBeVisible();
  await page.getByRole('button', { name: 'Merge into one contact' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Mona Aziz');
  await expect(page.getByLabel('Company')).toHaveValue('Aziz Holdings');
  await expect(page.getByLabel('Notes')).toHaveValue('Met at the sales centre');
  await page.context().close();
});
