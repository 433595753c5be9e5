/**
 * Registers the service worker (production builds only) and hands a new version over politely:
 * a waiting worker is told to take over at the user's next navigation, never while they type into
 * a form, and the page then reloads into the new version at the address they were going to.
 */
import type { Workbox } from 'workbox-window';
import { PRIVATE_CACHE, SW_MESSAGES } from '../../../core/pwa';

type UpdateListener = (ready: boolean) => void;

let workbox: Workbox | null = null;
let updateReady = false;
const listeners = new Set<UpdateListener>();

export function onUpdateReady(listener: UpdateListener): () => void {
  listeners.add(listener);
  listener(updateReady);
  return () => listeners.delete(listener);
}

export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator) || !import.meta.env.PROD) return;
  // Loaded only here, after the page's load event: the first paint never parses it.
  const { Workbox } = await import('workbox-window');
  workbox = new Workbox('/sw.js', { scope: '/' });
  workbox.addEventListener('waiting', () => {
    updateReady = true;
    for (const listener of listeners) listener(true);
  });
  // The new worker took over because we asked at a navigation: load the page it now serves.
  workbox.addEventListener('controlling', (event) => {
    if (event.isUpdate) window.location.reload();
  });
  void workbox.register();
}

/** Called on every client-side navigation: a waiting version takes over now, between pages. */
export function applyUpdateAtNavigation(): void {
  if (updateReady && workbox) workbox.messageSkipWaiting();
}

const CACHE_OWNER_KEY = 'bitaqa.cacheOwner';

/**
 * Drops the private offline cache when it was filled for someone else than the user now signed in
 * (another person signed in, or the session ended elsewhere). Answers true when it did, so the
 * caller can fetch the new user's data again (a request racing this one may have been dropped).
 */
export async function keepPrivateCacheFor(userId: string | null): Promise<boolean> {
  if (typeof window === 'undefined' || !('caches' in window)) return false;
  const owner = window.localStorage.getItem(CACHE_OWNER_KEY) || null;
  window.localStorage.setItem(CACHE_OWNER_KEY, userId ?? '');
  if (owner === userId) return false;
  // Nobody before (a fresh browser, or after a sign-out, which already emptied it): nothing to drop.
  if (owner === null && userId !== null) return false;
  await forgetPrivateCache();
  return true;
}

export async function forgetPrivateCache(): Promise<void> {
  if (typeof window === 'undefined' || !('caches' in window)) return;
  await window.caches.delete(PRIVATE_CACHE);
  navigator.serviceWorker?.controller?.postMessage({ type: SW_MESSAGES.forgetUser });
}
