/// <reference lib="webworker" />
/**
 * The service worker: what works without a network.
 *
 * - The app shell (the built JS, CSS, fonts, icons and index.html) is precached, so every page of
 *   the app opens offline; pages that need live data say so themselves.
 * - The signed-in user's own data that the offline screens read (who is signed in, their cards)
 *   is kept in one cache of its own, PRIVATE_CACHE, network first. It is dropped on sign-out, so a
 *   second person signing in on the same browser never sees the first one's data.
 * - Public card pages the visitor has opened are served stale-while-revalidate: instantly from the
 *   cache, refreshed in the background.
 * - Contacts and card photos captured offline (lib/offline/outbox.ts) are sent by Background Sync
 *   when the connection returns, even if Bitaqa is closed by then.
 * - A new version waits until the page asks it to take over (see pwa/register.ts), which the app
 *   does at the next navigation, never in the middle of a form.
 */
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { flushOutbox } from './lib/offline/outbox';
import {
  OUTBOX_SYNC_TAG,
  PRIVATE_API_PATHS,
  PRIVATE_CACHE,
  PUBLIC_CARD_CACHE,
  SHARE_TARGET_PATH,
  SHARED_PHOTO_CACHE,
  SHARED_PHOTO_URL,
  SW_MESSAGES,
} from '../core/pwa';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

const onlyOk = new CacheableResponsePlugin({ statuses: [200] });

// Public card pages are server-rendered: keep the copy the visitor saw, refresh it when online.
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && url.pathname.startsWith('/cards/'),
  new StaleWhileRevalidate({
    cacheName: PUBLIC_CARD_CACHE,
    plugins: [onlyOk, new ExpirationPlugin({ maxEntries: 50, maxAgeSeconds: 30 * 24 * 3600 })],
  }),
);

// Every other page is the app: the precached shell, which routes on the client.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api\//, /^\/docs\//, /^\/cards\//, /^\/ws/, /^\/uploads\//, /\/[^/?]+\.[a-z0-9]{2,5}$/i],
  }),
);

// The signed-in user's own data the offline screens need; the network answers whenever it can.
registerRoute(
  ({ url, request }) => request.method === 'GET' && PRIVATE_API_PATHS.includes(url.pathname),
  new NetworkFirst({ cacheName: PRIVATE_CACHE, networkTimeoutSeconds: 4, plugins: [onlyOk] }),
);

// Signing out is a form POST navigation: forget the private cache before the server answers.
self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.method === 'POST' && url.origin === self.location.origin && url.pathname === '/api/logout') {
    event.respondWith(caches.delete(PRIVATE_CACHE).then(() => fetch(event.request)));
  }
});

self.addEventListener('message', (event) => {
  const type = (event.data as { type?: string } | null)?.type;
  if (type === SW_MESSAGES.skipWaiting) void self.skipWaiting();
  if (type === SW_MESSAGES.forgetUser) event.waitUntil(caches.delete(PRIVATE_CACHE));
});

self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

// A photo shared to Bitaqa from the phone's gallery or camera (the manifest's share target) arrives
// as a form POST: keep it for the scan page, then open that page.
self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== 'POST' || url.origin !== self.location.origin || url.pathname !== SHARE_TARGET_PATH)
    return;
  event.respondWith(
    (async () => {
      const form = await event.request.formData();
      const file = form.get('front');
      if (file instanceof File) {
        const cache = await caches.open(SHARED_PHOTO_CACHE);
        await cache.put(
          SHARED_PHOTO_URL,
          new Response(file, { headers: { 'Content-Type': file.type || 'image/jpeg' } }),
        );
      }
      return Response.redirect('/contacts/scan?shared=1', 303);
    })(),
  );
});

// Captures made offline: the browser fires this once it is back online (and again later while the
// round throws, i.e. something still waits for a network).
type SyncEvent = ExtendableEvent & { tag: string };
self.addEventListener('sync' as 'message', (event) => {
  const sync = event as unknown as SyncEvent;
  if (sync.tag !== OUTBOX_SYNC_TAG) return;
  sync.waitUntil(
    flushOutbox().then(async (report) => {
      // A card read while Bitaqa was closed: say it is ready, if the user lets us notify.
      if (report.read > 0 && typeof Notification !== 'undefined' && Notification.permission === 'granted') {
        const clients = await self.clients.matchAll({ type: 'window' });
        if (clients.length === 0)
          await self.registration.showNotification('Bitaqa', {
            body: readyText(report.read),
            icon: '/icons/icon-192.png',
            data: { url: '/contacts/scan' },
            tag: OUTBOX_SYNC_TAG,
          });
      }
    }),
  );
});

/** The worker has no i18n catalogs; the browser's language picks the one line it needs. */
function readyText(n: number): string {
  if (self.navigator.language.startsWith('ar'))
    return n === 1 ? 'بطاقة واحدة جاهزة للمراجعة' : `${n.toLocaleString('ar')} بطاقات جاهزة للمراجعة`;
  return n === 1 ? '1 card ready to review' : `${n} cards ready to review`;
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = (event.notification.data as { url?: string } | null)?.url ?? '/';
  event.waitUntil(self.clients.openWindow(url));
});
