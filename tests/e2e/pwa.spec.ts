/**
 * The installable app: Chromium finds nothing missing for installation, the manifest speaks the
 * visitor's language, My QR opens in airplane mode, one user's offline data never reaches the
 * next user of the same browser, and the worker's Background Sync sends what was saved offline.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { OUTBOX_SYNC_TAG, PRIVATE_CACHE } from '../../src/core/pwa';
import { expect, test } from './fixtures';
import { DEMO, signIn } from './helpers';

test.use({ serviceWorkers: 'allow' });

/** Waits until the service worker is active and controls the page (it claims open pages on activation). */
async function controlledByWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise<void>((resolve) =>
      navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }),
    );
  });
}

/** The card My QR opens on: the first approved one, else the newest. */
const shownCard = (cards: { status: string; name: string; id: string }[]) =>
  cards.find((c) => c.status === 'approved') ?? cards[0];

/** How many answers the worker keeps for the signed-in user (none when the cache is gone). */
const privateEntries = (page: Page) =>
  page.evaluate(
    async (name) => ((await caches.has(name)) ? (await (await caches.open(name)).keys()).length : 0),
    PRIVATE_CACHE,
  );

async function decodeShownQr(page: Page): Promise<string | undefined> {
  const png = PNG.sync.read(await page.getByTestId('my-qr-code').screenshot());
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
}

test('Chromium reports no installability errors and the manifest has what a home screen needs', async ({
  browser,
  baseURL,
}, testInfo) => {
  // A profile on disk: Playwright's usual contexts are incognito, where Chromium never installs apps.
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'bitaqa-pwa-profile-'));
  const launch = testInfo.project.use.launchOptions ?? {};
  const persistent = await chromium.launchPersistentContext(profile, { ...launch, baseURL });
  try {
    const page = persistent.pages()[0] ?? (await persistent.newPage());
    await page.goto('/');
    await controlledByWorker(page);
    const cdp = await persistent.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
  } finally {
    await persistent.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
  const page = await browser.newPage({ baseURL });

  const manifest = await (await page.request.get('/manifest.webmanifest')).json();
  expect(manifest).toMatchObject({ short_name: 'Bitaqa', display: 'standalone', start_url: expect.any(String) });
  const sizes = manifest.icons.map((i: { sizes: string; purpose: string }) => `${i.sizes} ${i.purpose}`);
  expect(sizes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '192x192 maskable', '512x512 maskable']));
  for (const icon of manifest.icons) expect((await page.request.get(icon.src)).status()).toBe(200);
  expect(manifest.shortcuts.map((s: { url: string }) => s.url)).toEqual(['/my-qr', '/contacts/scan', '/contacts']);
  expect(manifest.share_target).toMatchObject({ method: 'POST', enctype: 'multipart/form-data' });
  expect(manifest.share_target.params.files[0].accept).toContain('image/*');

  const ar = await (
    await page.request.get('/manifest.webmanifest', { headers: { 'Accept-Language': 'ar-AE,ar;q=0.9' } })
  ).json();
  expect(ar).toMatchObject({ short_name: 'بطاقة', lang: 'ar', dir: 'rtl' });
  await page.close();
});

test('My QR opens in airplane mode and its code opens the card', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signIn(page, DEMO.broker);
  const mine = await (await page.request.get('/api/business-cards/my')).json();
  const card = mine.find((c: { status: string }) => c.status === 'approved') ?? mine[0];

  await page.goto('/my-qr');
  await controlledByWorker(page);
  // Through the worker now, so the user and the cards are kept for later.
  await page.reload();
  await expect(page.getByTestId('my-qr-code')).toBeVisible();

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await expect(page.getByTestId('my-qr-code')).toBeVisible();
  await expect(page.getByTestId('my-qr-name')).toHaveText(card.name);
  expect(await decodeShownQr(page)).toBe(`${baseURL}/cards/${card.id}?src=qr`);
  await context.close();
});

test('after sign-out nothing of the first user is left for the next one, online or offline', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signIn(page, DEMO.broker);
  const first = shownCard(await (await page.request.get('/api/business-cards/my')).json());
  await page.goto('/my-qr');
  await controlledByWorker(page);
  await page.reload();
  await expect(page.getByTestId('my-qr-name')).toHaveText(first.name);
  expect(
    await page.evaluate((name) => caches.open(name).then((c) => c.keys().then((k) => k.length)), PRIVATE_CACHE),
  ).toBeGreaterThan(0);

  // The header's sign-out: a form POST the worker sees go by.
  await page.goto('/profile');
  await page.getByRole('button', { name: /logout/i }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect.poll(() => privateEntries(page)).toBe(0);

  // Offline straight after: My QR asks to sign in rather than showing the first user's card.
  await context.setOffline(true);
  await page.goto('/my-qr');
  await expect(page.getByText(/sign in to show your qr/i)).toBeVisible();
  await expect(page.getByText(first.name)).toHaveCount(0);
  await context.setOffline(false);

  // A second user on the same browser sees only their own card, offline too.
  await signIn(page, DEMO.bankingBroker);
  const second = shownCard(await (await page.request.get('/api/business-cards/my')).json());
  await page.goto('/my-qr');
  await expect(page.getByTestId('my-qr-name')).toHaveText(second.name);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('my-qr-name')).toHaveText(second.name);
  await expect(page.getByText(first.name)).toHaveCount(0);
  await context.close();
});

test('Write to NFC tag writes the card link as a URL record; without Web NFC the instructions and link show', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  // A stand-in for Android Chrome's NDEFReader that records what the page writes.
  await context.addInitScript(() => {
    const w = window as unknown as { NDEFReader: unknown; __nfcWrites: unknown[] };
    w.__nfcWrites = [];
    w.NDEFReader = class {
      async write(message: unknown) {
        w.__nfcWrites.push(message);
      }
    };
  });
  const page = await context.newPage();
  await signIn(page, DEMO.broker);
  const card = (await (await page.request.get('/api/business-cards/my')).json())[0];
  await page.goto('/my-qr');
  await page.getByTestId('nfc-write').click();
  await expect(page.getByText(/opens your card/i)).toBeVisible();
  const writes = await page.evaluate(() => (window as unknown as { __nfcWrites: unknown[] }).__nfcWrites);
  expect(writes).toEqual([{ records: [{ recordType: 'url', data: `${baseURL}/cards/${card.id}?src=nfc` }] }]);
  await context.close();

  const plain = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const other = await plain.newPage();
  await signIn(other, DEMO.broker);
  await other.goto('/my-qr');
  await expect(other.getByTestId('nfc-instructions')).toBeVisible();
  await expect(other.getByTestId('nfc-write')).toHaveCount(0);
  await expect(other.getByTestId('nfc-link')).toHaveText(`${baseURL}/cards/${card.id}?src=nfc`);
  await plain.close();
});

test('Background Sync sends a contact saved offline from the service worker, once, with no page open', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signIn(page, DEMO.broker);
  await page.goto('/contacts/new');
  await controlledByWorker(page);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Save contact' })).toBeVisible();

  // Every POST of a contact, and whether a page or the service worker sent it.
  const posts: { fromWorker: boolean; key: string | undefined }[] = [];
  context.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/contacts')
      posts.push({ fromWorker: request.serviceWorker() !== null, key: request.headers()['idempotency-key'] });
  });

  await context.setOffline(true);
  const name = `Synced In Background ${Date.now()}`;
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await page.getByRole('button', { name: 'Save contact' }).click();
  await expect(page.getByTestId('sync-waiting')).toHaveText('Waiting to sync (1)');
  // No page of the app is left to send it: only the worker's sync event can, once back online.
  await page.goto('about:blank');
  expect(posts).toHaveLength(0);
  await context.setOffline(false);

  await expect.poll(() => posts.length).toBe(1);
  expect(posts[0]).toEqual({ fromWorker: true, key: expect.stringMatching(/^[0-9a-f-]{36}$/) });
  const inBook = async () =>
    (await (await page.request.get(`/api/contacts?q=${encodeURIComponent(name)}`)).json()).items.filter(
      (c: { name: string }) => c.name === name,
    ).length;
  await expect.poll(inBook).toBe(1);

  // The browser may fire the sync again (here through DevTools): nothing is left to send.
  const origin = new URL(baseURL as string).origin;
  const cdp = await context.newCDPSession(page);
  const registered = new Promise<string>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL.startsWith(`${origin}/`) && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    }),
  );
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.dispatchSyncEvent', {
    origin,
    registrationId: await registered,
    tag: OUTBOX_SYNC_TAG,
    lastChance: false,
  });

  // Opening the app again finds nothing waiting, and its own round sends nothing either.
  await page.goto('/contacts');
  await expect(page.getByText(name)).toBeVisible();
  await expect(page.getByTestId('sync-waiting')).toHaveCount(0);
  expect(posts).toHaveLength(1);
  expect(await inBook()).toBe(1);
  await context.close();
});
