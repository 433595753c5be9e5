/**
 * Settings → Integrations in the browser, in English and Arabic: a webhook endpoint pointing at a
 * local receiver is added (its secret shown once), listed, sent a test event that shows in its
 * delivery log; HubSpot (the worker's fake, see fixtures.ts) refuses a wrong token with a clear
 * message, connects with the right one, passes the test, lists a synced contact and disconnects.
 * The page passes axe on a phone and a desktop; screenshots go to /tmp/shots-hubspot/.
 */
import fs from 'node:fs';
import http from 'node:http';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { E2E_HUBSPOT_TOKEN, expect, test } from './fixtures';
import { newVerifiedUser } from './helpers';

const SHOTS = '/tmp/shots-hubspot';
const texts = (lang: 'en' | 'ar') =>
  JSON.parse(fs.readFileSync(`src/web/i18n/${lang}/integrations.json`, 'utf8')) as {
    title: string;
    status: Record<string, string>;
    webhooks: Record<string, string> & { health: Record<string, string> };
    hubspot: Record<string, string>;
  };

const received: { path: string; body: { type?: string } }[] = [];
let receiver: http.Server;
let receiverUrl = '';
test.beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', body: JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') });
      res.end('thanks');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}`;
});
test.afterAll(() => new Promise<void>((r) => receiver.close(() => r())));

async function expectAxeClean(page: Page) {
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa']).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Nothing wider than the screen: the page never scrolls sideways (the log table scrolls in its own box). */
async function fitsTheScreen(page: Page) {
  const wide = await page.evaluate(() =>
    [...document.querySelectorAll('main *')]
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && (r.right > window.innerWidth + 1 || r.left < -1) && !el.closest('[role=region]');
      })
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}`.slice(0, 120)),
  );
  expect(wide).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

async function shoot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

for (const lang of ['en', 'ar'] as const) {
  test(`in ${lang}: add a webhook endpoint, send it a test event, connect HubSpot and see what synced`, async ({
    browser,
    baseURL,
  }) => {
    // One long walk through both sections with three axe runs, on a shared 2-core machine.
    test.setTimeout(180_000);
    const tr = texts(lang);
    const { context, page } = await newVerifiedUser(browser, {
      first: 'Hana',
      last: 'Hooks',
      role: 'real_estate_broker',
      viewport: { width: 1280, height: 900 },
    });
    await context.addCookies([{ name: 'bitaqa.lang', value: lang, url: baseURL as string }]);
    await page.addInitScript((l) => window.localStorage.setItem('bitaqa.lang', l), lang);
    await page.goto('/settings/integrations');
    await expect(page.getByRole('heading', { level: 1, name: tr.title })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
    await expect(page.getByText(tr.webhooks.none)).toBeVisible();
    await expectAxeClean(page);

    // A URL that is not one: said at the field, nothing sent.
    await page.getByLabel(tr.webhooks.url).fill('not a url');
    await page.getByRole('button', { name: tr.webhooks.addButton }).click();
    await expect(page.getByText(tr.webhooks.urlInvalid)).toBeVisible();

    const url = `${receiverUrl}/hook-${lang}`;
    await page.getByLabel(tr.webhooks.url).fill(url);
    await page.getByRole('checkbox', { name: /contact\.created/ }).check();
    await page.getByRole('button', { name: tr.webhooks.addButton }).click();
    await expect(page.getByTestId('webhook-secret')).toHaveText(/^whsec_/);
    const endpoint = page.getByTestId('webhook-endpoint').filter({ hasText: url });
    await expect(endpoint).toBeVisible();
    await expect(endpoint).toContainText(tr.webhooks.health.none);
    await page.getByRole('button', { name: tr.webhooks.secretDone }).click();
    await expect(page.getByTestId('webhook-secret')).toHaveCount(0);

    await endpoint.getByRole('button', { name: tr.webhooks.sendTest }).click();
    const delivery = endpoint.getByTestId('webhook-delivery').first();
    await expect(delivery).toContainText(tr.status.delivered);
    await expect(delivery).toContainText('200');
    expect(received.some((r) => r.path === `/hook-${lang}` && r.body.type === 'test')).toBe(true);

    // HubSpot: a wrong token is refused with HubSpot's reason, the right one connects.
    const token = page.getByLabel(tr.hubspot.token);
    await token.fill('pat-wrong');
    await page.getByRole('button', { name: tr.hubspot.connect }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: lang === 'en' ? 'HubSpot refused this token' : tr.hubspot.refused }),
    ).toBeVisible();
    await token.fill(E2E_HUBSPOT_TOKEN);
    await page.getByRole('button', { name: tr.hubspot.connect }).click();
    await expect(page.getByText(tr.hubspot.connected, { exact: true })).toBeVisible();
    await expect(page.getByText('4242 · app-eu1.hubspot.com')).toBeVisible();
    await page.getByRole('button', { name: tr.hubspot.test }).click();
    await expect(page.getByRole('status').filter({ hasText: '4242' })).toBeVisible();

    // A new contact goes to HubSpot and shows in the sync log with its HubSpot link.
    const name = `Nadia Sync ${lang}`;
    const made = await page.request.post('/api/contacts', {
      data: { name, emails: [`nadia.${lang}.${Date.now()}@example.com`] },
    });
    expect(made.status(), await made.text()).toBe(201);
    await expect
      .poll(async () => (await (await page.request.get('/api/integrations/hubspot/syncs')).json()).items.length)
      .toBe(1);
    await page.reload();
    const synced = page.getByRole('listitem').filter({ hasText: name });
    await expect(synced).toContainText(tr.status.synced);
    await expect(synced.getByRole('link', { name: new RegExp(tr.hubspot.open) })).toHaveAttribute(
      'href',
      /^https:\/\/app-eu1\.hubspot\.com\/contacts\/4242\/record\/0-1\/\d+$/,
    );
    // The contact event also reached the endpoint that follows it.
    await expect
      .poll(() => received.some((r) => r.path === `/hook-${lang}` && r.body.type === 'contact.created'))
      .toBe(true);

    await endpoint.getByRole('button', { name: tr.webhooks.showLog }).click();
    await expect(endpoint.getByTestId('webhook-delivery')).toHaveCount(2);
    await expectAxeClean(page);
    await shoot(page, `integrations-${lang}-1280`);
    await page.setViewportSize({ width: 390, height: 844 });
    await fitsTheScreen(page);
    await expectAxeClean(page);
    await shoot(page, `integrations-${lang}-390`);

    // Disconnect, after saying so.
    await page.getByRole('button', { name: tr.hubspot.disconnect }).click();
    await page
      .getByRole('group', { name: tr.hubspot.confirmDisconnect })
      .getByRole('button', { name: tr.hubspot.disconnect })
      .click();
    await expect(page.getByText(tr.hubspot.notConnected, { exact: true })).toBeVisible();
    await expect(page.getByLabel(tr.hubspot.token)).toBeVisible();
    await context.close();
  });
}
