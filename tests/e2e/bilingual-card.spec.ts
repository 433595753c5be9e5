/**
 * A card in English and Arabic end to end: the owner writes both sides in the editor (side by
 * side on a wide screen, one language at a time with the switch on a phone), an admin approves,
 * and a visitor who chooses Arabic reads the Arabic card, right to left; the English visitor the
 * English one. Both pages and the editor are accessible.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { newVerifiedUser, signInAdmin } from './helpers';

/** Each page's first paint waits for a server shared with other suites on two cores. */
const expectSoon = expect.configure({ timeout: 30_000 });

async function axeViolations(page: Page): Promise<string[]> {
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).analyze();
  return axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const english = {
  name: 'Rana Khalil',
  profession: 'Property Investor',
  bio: 'Rana invests in income-producing apartments in Dubai Marina and JVC.',
};
const arabic = {
  name: 'رنا خليل',
  profession: 'مستثمرة عقارية',
  bio: 'تستثمر رنا في الشقق المدرّة للدخل في دبي مارينا وقرية جميرا الدائرية.',
};

test('a card written in both languages shows the Arabic visitor the Arabic card and the English visitor the English', async ({
  browser,
}) => {
  // Three browsers, two axe runs and an approval: room on a loaded 2-core machine.
  test.setTimeout(240_000);
  const stamp = Date.now().toString(36);
  const { page } = await newVerifiedUser(browser, { first: 'Rana', last: `Khalil${stamp}`, role: 'investor' });
  await page.goto('/create-card');
  await expectSoon(page.getByRole('heading', { name: 'Create your business card' })).toBeVisible({ timeout: 30_000 });

  // Wide screen: both languages side by side, the Arabic right to left.
  await page.getByLabel('Full name (English)').fill(english.name);
  await page.getByLabel('Profession / title (English)').fill(english.profession);
  await page.getByLabel('Professional bio (English)').fill(english.bio);
  const arabicName = page.getByLabel('Full name (Arabic)');
  await expectSoon(arabicName).toBeVisible();
  await expectSoon(arabicName).toHaveAttribute('dir', 'rtl');
  await arabicName.fill(arabic.name);
  await page.getByLabel('Profession / title (Arabic)').fill(arabic.profession);
  await page.getByLabel('Professional bio (Arabic)').fill(arabic.bio);
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Submit for review' }).click();
  await expectSoon(page.getByTestId('toast')).toContainText('Business Card Created');

  const [card] = await (await page.request.get('/api/business-cards/my')).json();
  expect(card).toMatchObject({
    name: english.name,
    primaryLanguage: 'en',
    translations: { ar: { name: arabic.name, profession: arabic.profession, professionalBio: arabic.bio } },
  });

  // A phone edits one language at a time, switched at the top of the form.
  const phone = await page
    .context()
    .browser()
    ?.newContext({ viewport: { width: 390, height: 844 } });
  if (!phone) throw new Error('no browser');
  await phone.addCookies(await page.context().cookies());
  const small = await phone.newPage();
  await small.goto(`/edit-card/${card.id}`);
  await expectSoon(small.getByLabel('Full name (English)')).toHaveValue(english.name);
  await expectSoon(small.getByLabel('Full name (Arabic)')).toBeHidden();
  await small.getByTestId('card-language-switch').getByRole('button', { name: 'العربية' }).click();
  await expectSoon(small.getByLabel('Full name (Arabic)')).toHaveValue(arabic.name);
  await expectSoon(small.getByLabel('Full name (English)')).toBeHidden();
  const width = await small.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  expect(await axeViolations(small)).toEqual([]);
  await phone.close();

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInAdmin(admin);
  // The admin reviews both languages.
  await admin.goto('/admin');
  const row = admin.getByTestId('review-card').filter({ hasText: english.name });
  await expectSoon(row.getByTestId('review-card-other-language')).toContainText(arabic.name);
  const approved = await admin.request.patch(`/api/admin/business-cards/${card.id}/status`, {
    data: { status: 'approved', version: card.version },
  });
  expect(approved.status(), await approved.text()).toBe(200);
  await adminContext.close();

  // A visitor who chooses Arabic reads the Arabic card.
  const visitorContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/cards/${card.id}`);
  await expectSoon(visitor.getByRole('heading', { level: 1, name: english.name })).toBeVisible();
  await expectSoon(visitor.getByText(english.bio)).toBeVisible();
  await visitor.getByTestId('card-language').click();
  await expectSoon(visitor.locator('html')).toHaveAttribute('lang', 'ar');
  await expectSoon(visitor.locator('html')).toHaveAttribute('dir', 'rtl');
  await expectSoon(visitor.getByRole('heading', { level: 1, name: arabic.name })).toBeVisible();
  await expectSoon(visitor.getByText(arabic.profession)).toBeVisible();
  await expectSoon(visitor.getByText(arabic.bio)).toBeVisible();
  await expectSoon(visitor.getByText(english.bio)).toHaveCount(0);
  expect(await visitor.title()).toContain(arabic.name);
  expect(await axeViolations(visitor)).toEqual([]);

  // Choosing English again gives the English card.
  await visitor.goto(`/cards/${card.id}?lang=en`);
  await expectSoon(visitor.getByRole('heading', { level: 1, name: english.name })).toBeVisible();
  await expectSoon(visitor.getByText(english.bio)).toBeVisible();
  expect(await axeViolations(visitor)).toEqual([]);
  await visitorContext.close();
});
