/**
 * Brokerages end to end: a broker creates a brokerage with locked company and ORN,
 * invites a second broker by e-mail, who accepts from the e-mailed link in their own browser; the
 * brokerage page lists the member and the member's card editor shows the locked fields read-only.
 * The demo brokerage's page in Arabic; axe on the team screens.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { latinWordsOnPage } from './audits';
import { latestMailTo, linkIn, newVerifiedUser, payWithTestCard, signInAdmin } from './helpers';

async function axeViolations(page: Page): Promise<string[]> {
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).analyze();
  return axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** A paying broker with an approved, public card. */
async function brokerWithCard(browser: Browser, first: string, last: string) {
  const user = await newVerifiedUser(browser, { first, last, role: 'real_estate_broker' });
  await payWithTestCard(user.page);
  const res = await user.page.request.post('/api/business-cards', {
    data: {
      name: `${first} ${last}`,
      profession: 'Property Consultant',
      company: 'My Own Agency',
      languages: ['english'],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const card = (await res.json()) as { id: string; version: number };
  const admin = await browser.newContext();
  const adminPage = await admin.newPage();
  await signInAdmin(adminPage);
  const ok = await adminPage.request.patch(`/api/admin/business-cards/${card.id}/status`, {
    data: { status: 'approved', version: card.version },
  });
  expect(ok.status(), await ok.text()).toBe(200);
  await admin.close();
  return { ...user, cardId: card.id };
}

test('a broker creates a brokerage, invites a broker who accepts; the page lists them and their card is locked', async ({
  browser,
}) => {
  const owner = await brokerWithCard(browser, 'Hamdan', 'Owner');
  const page = owner.page;
  const orn = String(100_000 + Math.floor(Math.random() * 800_000));
  const name = `Harbour Gate Realty ${orn}`;

  await page.goto('/brokerage');
  await expect(page.getByRole('heading', { name: 'Create your brokerage' })).toBeVisible();
  await page.getByLabel('Name (English)').fill(name);
  await page.getByLabel('Name (Arabic)').fill('هاربور جيت العقارية');
  await page.getByLabel('ORN (RERA office registration number)').fill(orn);
  await page.getByLabel('Trade licence number').fill('DED-555123');
  await page.getByRole('checkbox', { name: 'Company name' }).check();
  await page.getByRole('checkbox', { name: 'ORN', exact: true }).check();
  await page.getByRole('button', { name: 'Create brokerage' }).click();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByText('ORN not yet verified')).toBeVisible();

  // Invite a second broker from the Members tab.
  const member = await brokerWithCard(browser, 'Salem', 'Member');
  await page.getByRole('tab', { name: 'Members' }).click();
  await page.getByLabel('E-mail address').fill(member.email);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByTestId('invitation-row')).toContainText(member.email);
  expect(await axeViolations(page)).toEqual([]);

  // The invitee opens the e-mailed link in their own browser and accepts.
  const link = linkIn(await latestMailTo(member.email, '/brokerages/invitations/'), '/brokerages/invitations/');
  await member.page.goto(new URL(link).pathname);
  await expect(member.page.getByRole('heading', { name: `Invitation to join ${name}` })).toBeVisible();
  await member.page.getByRole('button', { name: 'Accept and join' }).click();
  await expect(member.page).toHaveURL(/\/brokerage$/);
  await expect(member.page.getByRole('heading', { name })).toBeVisible();
  // A member sees no Settings tab.
  await expect(member.page.getByRole('tab', { name: 'Settings' })).toHaveCount(0);

  // The owner's member list now has them; the public page lists both brokers.
  await page.reload();
  await page.getByRole('tab', { name: 'Members' }).click();
  await expect(page.getByTestId('member-row')).toHaveCount(2);
  await page.getByRole('tab', { name: 'Overview' }).click();
  const slug = await page.getByRole('link', { name: 'Open the public brokerage page' }).getAttribute('href');
  expect(slug).toMatch(/^\/brokerages\/harbour-gate-realty-\d+$/);
  const visitor = await browser.newContext();
  const publicPage = await visitor.newPage();
  await publicPage.goto(slug as string);
  await expect(publicPage.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(publicPage.getByTestId('brokerage-members')).toContainText('Salem Member');
  await expect(publicPage.getByTestId('brokerage-members')).toContainText('Hamdan Owner');
  expect(await axeViolations(publicPage)).toEqual([]);

  // The member's card wears the brand; in the editor, the locked fields are read-only.
  await publicPage.goto(`/cards/${member.cardId}`);
  await expect(publicPage.getByTestId('card-brokerage')).toContainText(`Member of ${name}`);
  await visitor.close();
  await member.page.goto(`/edit-card/${member.cardId}`);
  // The company is the brokerage's in both language columns, and neither can be typed into,
  // also once the card has loaded into the form and after the main language is swapped.
  const companyIn = (language: string) => member.page.getByLabel(`Company (${language})`, { exact: true });
  const lockedBoth = async () => {
    await expect(companyIn('English')).toHaveValue(name);
    await expect(companyIn('Arabic')).toHaveValue('هاربور جيت العقارية');
    for (const language of ['English', 'Arabic']) {
      await expect(companyIn(language)).toHaveAttribute('readonly', '');
      await expect(companyIn(language)).not.toBeEditable();
    }
  };
  await expect(member.page.getByLabel('Full name (English)')).toHaveValue('Salem Member');
  await lockedBoth();
  await expect(member.page.getByText(`Set by ${name}`).first()).toBeVisible();
  await member.page.getByTestId('card-main-language').selectOption('ar');
  await lockedBoth();
  await expect(member.page.getByLabel('ORN (office registration number)')).toHaveValue(orn);
});

test('the demo brokerage page in Arabic: right to left, translated, accessible', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto('/brokerages/al-mansoori-properties?lang=ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('المنصوري للعقارات');
  // The demo office register confirms the ORN: the badge names the register and the licence's end.
  await expect(page.getByTestId('orn-register')).toContainText(
    'رقم ORN موثّق في سجل دائرة الأراضي والأملاك · الترخيص ساري حتى',
  );
  await expect(page.getByTestId('brokerage-members')).toContainText('Ahmed Al Mansoori');
  // Filtering by language reloads with the members who speak it.
  await page.getByLabel('اللغة').selectOption('french');
  await page.getByRole('button', { name: 'تطبيق' }).click();
  await expect(page).toHaveURL(/language=french/);
  const width = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  expect(width.scroll).toBeLessThanOrEqual(width.inner);
  expect(await axeViolations(page)).toEqual([]);
  expect(await latinWordsOnPage(page)).toEqual([]);
  await context.close();
});
