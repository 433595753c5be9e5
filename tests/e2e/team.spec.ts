/**
 * Team leads and seats in the browser: a brokerage owner pays two seats with the test
 * card, both members are listed, a visitor's inquiry to a member shows in the owner's team leads
 * and is assigned with a note; the pages read right in Arabic and pass axe; a member who leaves
 * loses the team leads.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { expect, test, e2eServer } from './fixtures';
import { latinWordsOnPage } from './audits';
import { latestMailTo, newVerifiedUser, signInAdmin, TEST_CARD } from './helpers';

async function noAxeViolations(page: Page, what: string) {
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).analyze();
  const violations = axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(violations, what).toEqual([]);
}

const shoot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

/** The owner's two tabs in another language and width, for the screenshots and the phone audit. */
async function lookAt(browser: Browser, owner: Page, lang: 'en' | 'ar', width: number) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  await context.addCookies([
    { name: 'bitaqa.lang', value: lang, url: e2eServer().url },
    ...(await owner.context().cookies()),
  ]);
  const page = await context.newPage();
  await page.addInitScript((l) => window.localStorage.setItem('bitaqa.lang', l), lang);
  for (const tab of ['leads', 'seats']) {
    await page.goto(`/brokerage?tab=${tab}`);
    await expect(page.getByTestId(tab === 'leads' ? 'team-lead' : 'seat').first()).toBeVisible();
    await fitsTheScreen(page);
    await shoot(page, `${tab}-${lang}-${width}`);
  }
  await context.close();
}

async function fitsTheScreen(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** A broker who accepted the owner's invitation, with an approved public card. */
async function joinedBroker(browser: Browser, owner: Page, brokerageId: string, first: string, last: string) {
  const broker = await newVerifiedUser(browser, { first, last, role: 'real_estate_broker' });
  const invited = await owner.request.post(`/api/brokerages/${brokerageId}/invitations`, {
    data: { email: broker.email, role: 'member' },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  const token = (await latestMailTo(broker.email, 'brokerages/invitations')).match(
    /brokerages\/invitations\/([\w-]+)/,
  )?.[1];
  const accepted = await broker.page.request.post(`/api/brokerages/invitations/${token}/accept`);
  expect(accepted.status(), await accepted.text()).toBe(200);
  const cardName = `${first} ${last} ${Date.now().toString(36)}`;
  const created = await broker.page.request.post('/api/business-cards', {
    data: { name: cardName, profession: 'Property Consultant' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const card = (await created.json()) as { id: string; version: number };
  return { ...broker, card, cardName };
}

test('an owner pays two seats, sees a member’s lead in team leads and assigns it; Arabic and axe', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const owner = await newVerifiedUser(browser, { first: 'Hamdan', last: 'Owner', role: 'real_estate_broker' });
  const made = await owner.page.request.post('/api/brokerages', {
    data: {
      name: `Creek Homes ${Date.now().toString(36)}`,
      ornNumber: String(Date.now() % 9_000_000),
      tradeLicenceNumber: 'DED-4455',
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const brokerageId = ((await made.json()) as { brokerage: { id: string } }).brokerage.id;
  const sara = await joinedBroker(browser, owner.page, brokerageId, 'Sara', 'Haddad');
  const ali = await joinedBroker(browser, owner.page, brokerageId, 'Ali', 'Rahman');

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInAdmin(admin);
  for (const card of [sara.card, ali.card]) {
    const res = await admin.request.patch(`/api/admin/business-cards/${card.id}/status`, {
      data: { status: 'approved', version: card.version },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
  await adminContext.close();
  const listed = async (name: string) =>
    (
      (await (
        await owner.page.request.get(`/api/business-cards/public?search=${encodeURIComponent(name)}`)
      ).json()) as {
        name: string;
      }[]
    ).some((c) => c.name === name);
  expect(await listed(sara.cardName)).toBe(false);

  // Seats: choose both members, see the total, pay with the test card.
  const page = owner.page;
  await page.goto('/brokerage');
  await page.getByRole('tab', { name: 'Seats' }).click();
  await expect(page).toHaveURL(/\/brokerage\?tab=seats$/);
  await expect(page.getByText('No seats yet')).toBeVisible();
  await page.getByRole('checkbox', { name: /Sara Haddad/ }).check();
  await page.getByRole('checkbox', { name: /Ali Rahman/ }).check();
  await expect(page.getByTestId('seat-total')).toHaveText('2 seats × AED 100 = AED 200');
  await noAxeViolations(page, 'seats en');
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.getByLabel('Card number').fill(TEST_CARD.cardNumber);
  await page.getByLabel('Expiry (MM/YY)').fill(TEST_CARD.expiry);
  await page.getByLabel('Security code').fill(TEST_CARD.cvc);
  await page.getByRole('button', { name: 'Pay AED 200' }).click();
  await expect(page.getByTestId('seats-paid')).toContainText('The chosen members are paid brokers until');
  await expect(page.getByTestId('seat')).toHaveCount(2);
  await expect(page.getByTestId('seat').filter({ hasText: 'Sara Haddad' })).toContainText('Active');
  expect(await listed(sara.cardName)).toBe(true);
  expect(await listed(ali.cardName)).toBe(true);
  expect(await latestMailTo(owner.email, 'team seats are paid')).toContain('AED 200');

  // A visitor writes to Sara's card; the lead shows in the owner's team leads.
  const visitorContext = await browser.newContext();
  const sent = await visitorContext.request.post(`/api/business-cards/${sara.card.id}/inquiries`, {
    data: {
      inquirerName: 'Layla Visitor',
      inquirerEmail: 'layla.team@example.com',
      inquiryType: 'renting',
      message: 'Two-bed in Creek Harbour, please',
      consent: true,
    },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  await visitorContext.close();

  await page.getByRole('tab', { name: 'Team leads' }).click();
  await expect(page.getByRole('heading', { name: 'All leads of the team' })).toBeVisible();
  const lead = page.getByTestId('team-lead').filter({ hasText: 'Layla Visitor' });
  await expect(lead).toContainText('Sara Haddad');
  await lead.getByLabel('Assigned to, lead from Layla Visitor').selectOption({ label: 'Ali Rahman' });
  await expect(page.getByTestId('toast')).toContainText('Assigned to Ali Rahman');
  await lead.getByLabel('Status, lead from Layla Visitor').selectOption('qualified');
  await expect(page.getByTestId('toast')).toContainText('Status updated');
  await lead.getByRole('button', { name: /Notes on Layla Visitor/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Add a note').fill('Viewing booked for Sunday');
  await dialog.getByRole('button', { name: 'Save note' }).click();
  await expect(dialog.getByRole('list', { name: 'Notes, oldest first' })).toContainText('Viewing booked for Sunday');
  await noAxeViolations(page, 'team leads notes dialog en');
  await shoot(page, 'notes-en-1280');
  await page.keyboard.press('Escape');
  await expect(lead).toContainText('1 note');
  await noAxeViolations(page, 'team leads en');

  await lookAt(browser, page, 'en', 1280);
  await lookAt(browser, page, 'en', 390);
  await lookAt(browser, page, 'ar', 1280);
  await lookAt(browser, page, 'ar', 390);

  // Ali sees the lead assigned to him.
  await ali.page.goto('/brokerage?tab=leads');
  await expect(ali.page.getByRole('heading', { name: 'Your leads' })).toBeVisible();
  // Seats are for the owner and managers: no tab for a member.
  await expect(ali.page.getByRole('tab', { name: 'Seats' })).toHaveCount(0);
  await expect(ali.page.getByTestId('team-lead').filter({ hasText: 'Layla Visitor' })).toContainText('Qualified');

  // Arabic, on a phone: the same pages, right to left, nothing left in English but names.
  const arContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const ar = await arContext.newPage();
  await ar.addInitScript(() => window.localStorage.setItem('bitaqa.lang', 'ar'));
  await arContext.addCookies([
    { name: 'bitaqa.lang', value: 'ar', url: e2eServer().url },
    ...(await page.context().cookies()),
  ]);
  await ar.goto('/brokerage?tab=leads');
  await expect(ar.getByRole('tab', { name: 'عملاء الفريق', selected: true })).toBeVisible();
  await expect(ar.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(ar.getByTestId('team-lead').first()).toContainText('مؤهَّل');
  await fitsTheScreen(ar);
  await noAxeViolations(ar, 'team leads ar 390');
  expect(await latinWordsOnPage(ar)).toEqual([]);
  await ar.goto('/brokerage?tab=seats');
  await expect(ar.getByRole('tab', { name: 'المقاعد', selected: true })).toBeVisible();
  await expect(ar.getByTestId('seat')).toHaveCount(2);
  await fitsTheScreen(ar);
  await noAxeViolations(ar, 'seats ar 390');
  expect(await latinWordsOnPage(ar)).toEqual([]);
  await arContext.close();

  // Ali leaves the brokerage: the team leads are gone for him at once.
  const left = await ali.page.request.post(`/api/brokerages/${brokerageId}/leave`);
  expect(left.status(), await left.text()).toBeLessThan(300);
  expect((await ali.page.request.get(`/api/brokerages/${brokerageId}/leads`)).status()).toBe(403);
  await ali.page.goto('/brokerage?tab=leads');
  await expect(ali.page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(ali.page.getByRole('tab', { name: 'Team leads' })).toHaveCount(0);
  await expect(ali.page.getByText('Layla Visitor')).toHaveCount(0);

  for (const c of [owner.context, sara.context, ali.context]) await c.close();
});
