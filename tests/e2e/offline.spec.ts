/**
 * Working without a signal: a contact typed offline waits on the device ("Waiting to sync") and
 * reaches the contact book exactly once when the connection returns, even when it is sent twice;
 * a card photographed offline is kept on the device, read once back online, reviewed and saved
 * once though its save is sent twice; and the "Install Bitaqa" offer comes after a second visit or a first approved card, and stays
 * away for a month once dismissed.
 *
 * The service worker is blocked here (the default) so page.route sees every request: the page's
 * own sending round, which browsers without Background Sync rely on, is what runs.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { OUTBOX_DB } from '../../src/core/pwa';
import { expect, test } from './fixtures';
import { DEMO, signIn } from './helpers';

const SCAN_FIXTURES = path.resolve(import.meta.dirname, '../fixtures/scan');
const SCANNED = JSON.parse(fs.readFileSync(path.join(SCAN_FIXTURES, 'cards.json'), 'utf8')).english as {
  name: string;
  email: string;
};

const MOBILE = { width: 390, height: 844 };
// Several visits and an offline round trip in one test.
test.describe.configure({ timeout: 180_000 });
const DAY = 24 * 3600 * 1000;

test('a contact added offline waits on the device and is added once when back online, though sent twice', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: MOBILE });
  const page = await context.newPage();
  await signIn(page, DEMO.broker);
  // The contact book's page is loaded once online: without the worker's precache its code could
  // not be fetched offline, and a failed page load reloads the tab.
  await page.goto('/contacts');
  await page.getByRole('link', { name: 'New contact' }).first().click();
  await expect(page.getByRole('button', { name: 'Save contact' })).toBeVisible();

  await context.setOffline(true);
  const name = `Offline Capture ${Date.now()}`;
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await page.getByRole('textbox', { name: 'Phones' }).fill('050 777 1234');
  await page.getByRole('button', { name: 'Save contact' }).click();
  await expect(page.getByTestId('sync-waiting')).toHaveText('Waiting to sync (1)');
  await expect(page.getByTestId('sync-waiting').locator('xpath=..')).toHaveAttribute('aria-live', 'polite');

  // The first sending reaches the server but its answer is lost on the way back.
  const keys: string[] = [];
  await page.route('**/api/contacts', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    keys.push(route.request().headers()['idempotency-key']);
    if (keys.length > 1) return route.fallback();
    await route.fetch();
    return route.abort('connectionreset');
  });
  await context.setOffline(false);
  await expect.poll(() => keys.length).toBe(1);
  await expect(page.getByTestId('sync-waiting')).toHaveText('Waiting to sync (1)');

  // The next app open sends it again, under the key made when the user pressed save.
  await page.reload();
  // The status appears only once the device's queue is read, so wait for the second sending itself.
  await expect.poll(() => keys.length).toBe(2);
  await expect(page.getByTestId('sync-waiting')).toHaveCount(0);
  expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
  expect(keys[1]).toBe(keys[0]);

  const found = await (await page.request.get(`/api/contacts?q=${encodeURIComponent(name)}`)).json();
  expect(found.items.filter((c: { name: string }) => c.name === name)).toHaveLength(1);
  await context.close();
});

/** What Chromium hands the page when the app may be installed, with a prompt() that only records the call. */
async function offerInstall(page: Page): Promise<void> {
  // The offer listens once the app has mounted.
  await expect(page.locator('#main, main').first()).toBeVisible();
  await page.evaluate(() => {
    const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & {
      prompt: () => Promise<void>;
      userChoice: Promise<{ outcome: string }>;
    };
    event.prompt = async () => {
      (window as unknown as { __prompted: boolean }).__prompted = true;
    };
    event.userChoice = Promise.resolve({ outcome: 'accepted' });
    window.dispatchEvent(event);
  });
}

test('the install offer comes on the second visit, stays away for a month once dismissed, and prompts', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: MOBILE });
  const start = Date.parse('2026-12-01T08:00:00Z');
  /** A visit: a new tab is a new browser session, at the given time. */
  const visit = async (at: number) => {
    const page = await context.newPage();
    await page.clock.install({ time: at });
    await page.goto('/');
    await offerInstall(page);
    return page;
  };

  const first = await visit(start);
  // Also on the same visit's next page: still the first visit.
  await first.goto('/directory');
  await offerInstall(first);
  const second = await visit(start + DAY);
  const offer = second.getByTestId('install-offer');
  await expect(offer).toBeVisible();
  await expect(offer.getByRole('heading')).toHaveText('Install Bitaqa');
  await expect(first.getByTestId('install-offer')).toHaveCount(0);
  await offer.getByRole('button', { name: 'Not now' }).first().click();
  await expect(offer).toHaveCount(0);

  const later = await visit(start + DAY + 29 * DAY);
  const afterMonth = await visit(start + DAY + 31 * DAY);
  await expect(afterMonth.getByTestId('install-offer')).toBeVisible();
  // Same steps, two days earlier: still hidden.
  await expect(later.getByTestId('install-offer')).toHaveCount(0);

  await afterMonth.getByTestId('install-offer').getByRole('button', { name: 'Install' }).click();
  await expect(afterMonth.getByTestId('install-offer')).toHaveCount(0);
  expect(await afterMonth.evaluate(() => (window as unknown as { __prompted?: boolean }).__prompted)).toBe(true);
  await context.close();
});

test('a first approved card earns the install offer on the first visit', async ({ browser }) => {
  const context = await browser.newContext({ viewport: MOBILE });
  const page = await context.newPage();
  await signIn(page, DEMO.broker);
  const mine = await (await page.request.get('/api/business-cards/my')).json();
  expect(mine.some((c: { status: string }) => c.status === 'approved')).toBe(true);
  await page.goto('/my-qr');
  await offerInstall(page);
  await expect(page.getByTestId('install-offer')).toBeVisible();
  await context.close();
});

test('a card photographed offline is kept on the device, read when back online, reviewed and saved once', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: MOBILE });
  const page = await context.newPage();
  await signIn(page, DEMO.broker);
  const inBook = async () =>
    (
      (await (await page.request.get(`/api/contacts?q=${encodeURIComponent(SCANNED.email)}`)).json()) as {
        items: { name: string }[];
      }
    ).items.filter((c) => c.name === SCANNED.name).length;
  const before = await inBook();
  // Loaded whole while online: without the worker's precache its code could not be fetched offline.
  await page.goto('/contacts/scan');
  await expect(page.getByRole('button', { name: 'Read the card' })).toBeVisible();

  const reads: string[] = [];
  const uploads: string[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'POST') return;
    if (request.url().endsWith('/api/contacts/scan')) reads.push(request.url());
    if (request.url().endsWith('/api/uploads/images')) uploads.push(request.url());
  });

  await context.setOffline(true);
  const photo = path.join(SCAN_FIXTURES, 'english.jpg');
  await page.getByTestId('scan-front').setInputFiles(photo);
  await page.getByRole('button', { name: 'Read the card' }).click();
  await expect(page.getByTestId('scan-kept')).toContainText('Photo kept on this device');
  await expect(page.getByTestId('sync-waiting')).toHaveText('Waiting to sync (1)');
  // The photo itself waits in the device's IndexedDB, byte for byte.
  const keptBytes = await page.evaluate(
    (name) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const all = open.result.transaction('captures').objectStore('captures').getAll();
          all.onsuccess = () => resolve((all.result as { front: Blob }[])[0]?.front.size ?? 0);
          all.onerror = () => reject(all.error);
        };
      }),
    OUTBOX_DB,
  );
  expect(keptBytes).toBe(fs.statSync(photo).size);
  expect(reads).toHaveLength(0);

  // Back online: the page's own round reads the photo, and the card waits for review.
  await context.setOffline(false);
  const readyList = page.getByTestId('scan-ready-list');
  await expect(readyList).toContainText('1 card ready to review', { timeout: 90_000 });
  await expect(page.getByTestId('sync-waiting')).toHaveCount(0);
  expect(reads).toHaveLength(1);
  await readyList.getByRole('button', { name: 'Review' }).click();
  await expect(page.getByLabel('Name (English)')).toHaveValue(SCANNED.name);

  // The first save reaches the server but its answer is lost on the way back; saving again sends
  // the same request under the same key, and the server answers it from the first.
  const saves: { key: string; body: string }[] = [];
  await page.route('**/api/contacts', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    saves.push({ key: route.request().headers()['idempotency-key'], body: route.request().postData() ?? '' });
    if (saves.length > 1) return route.fallback();
    await route.fetch();
    return route.abort('connectionreset');
  });
  await page.getByRole('button', { name: 'Save contact' }).click();
  await expect(page.getByText('The contact could not be saved. Please try again.')).toBeVisible();
  const replayed = page.waitForResponse((r) => r.url().endsWith('/api/contacts') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Save contact' }).click();
  const answer = await replayed;
  expect(answer.status()).toBe(201);
  expect(answer.headers()['idempotent-replayed']).toBe('true');
  await page.waitForURL('**/contacts');

  expect(saves).toHaveLength(2);
  expect(saves[0].key).toMatch(/^[0-9a-f-]{36}$/);
  expect(saves[1]).toEqual(saves[0]);
  expect(JSON.parse(saves[0].body)).toMatchObject({
    name: SCANNED.name,
    source: 'scan',
    photoUrl: expect.stringMatching(/^\/api\/uploads\/[a-f0-9]{64}\.webp$/),
  });
  // The photo went up once; the retry reused its address.
  expect(uploads).toHaveLength(1);
  expect(await inBook()).toBe(before + 1);
  // Nothing is left waiting on the device.
  await page.goto('/contacts/scan');
  await expect(page.getByRole('button', { name: 'Read the card' })).toBeVisible();
  await expect(page.getByTestId('scan-ready-list')).toHaveCount(0);
  await context.close();
});
