/**
 * Captures made without a network: a contact typed into the new-contact form, or a card
 * photographed on the scan page. Each waits in IndexedDB with the idempotency key made when the
 * user acted, and is sent when the connection returns: by the service worker's Background Sync
 * where the browser has it, and by the page when it opens or sees the `online` event. Both may run;
 * they take turns through a Web Lock, and the key makes a second sending of the same contact
 * harmless (the server answers it from its kept answer instead of adding it again).
 *
 * A photographed card is read (POST /api/contacts/scan) when back online and then waits, with
 * what was read, for the user to review it and save it.
 *
 * This module runs in the page and in the service worker: no DOM, no React, no i18n.
 */
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import { OUTBOX_CHANNEL, OUTBOX_DB, OUTBOX_SYNC_TAG } from '../../../core/pwa';
import type { ScanResult } from '../../../core/schemas/contact-scan';

export interface ContactCapture {
  id: string;
  kind: 'contact';
  userId: string;
  createdAt: number;
  body: Record<string, unknown>;
}

export interface ScanCapture {
  id: string;
  kind: 'scan';
  userId: string;
  createdAt: number;
  front: Blob;
  back: Blob | null;
  /** What the server read, once it could; null while the photo still waits for a network. */
  result: ScanResult | null;
  /**
   * The front photo's URL on the server once the card was first saved (null: the server refused
   * the photo for good); absent until then. See photoUrlOf.
   */
  photoUrl?: string | null;
}

export type Capture = ContactCapture | ScanCapture;

/** What one sending round did, for the page to tell the user. */
export interface FlushReport {
  sent: number;
  read: number;
  /** Contacts the server refused for good (e.g. the book is full), with its message. */
  refused: { name: string; message: string }[];
}

interface OutboxSchema extends DBSchema {
  captures: { key: string; value: Capture; indexes: { byUser: string } };
}

let opened: Promise<IDBPDatabase<OutboxSchema>> | null = null;
function db(): Promise<IDBPDatabase<OutboxSchema>> {
  opened ??= openDB<OutboxSchema>(OUTBOX_DB, 1, {
    upgrade(database) {
      const store = database.createObjectStore('captures', { keyPath: 'id' });
      store.createIndex('byUser', 'userId');
    },
  });
  return opened;
}

type Listener = (report?: FlushReport) => void;
const listeners = new Set<Listener>();
// One channel per page (or worker): a message reaches every other page and the worker, never its sender.
let bus: BroadcastChannel | null = null;
function channel(): BroadcastChannel | null {
  if (bus || typeof BroadcastChannel === 'undefined') return bus;
  bus = new BroadcastChannel(OUTBOX_CHANNEL);
  bus.onmessage = (event) => {
    const report = (event.data as { report?: FlushReport } | null)?.report;
    for (const listener of listeners) listener(report);
  };
  return bus;
}

/** Tells this page's listeners, other tabs and the worker's pages that the outbox changed. */
function announce(report?: FlushReport): void {
  for (const listener of listeners) listener(report);
  channel()?.postMessage({ type: 'changed', report });
}

/** Calls `listener` whenever the outbox changes, here or in another tab or the worker. */
export function onOutboxChange(listener: Listener): () => void {
  channel();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export async function capturesOf(userId: string): Promise<Capture[]> {
  const all = await (await db()).getAllFromIndex('captures', 'byUser', userId);
  return all.sort((a, b) => a.createdAt - b.createdAt);
}

export async function getCapture(id: string): Promise<Capture | undefined> {
  return (await db()).get('captures', id);
}

export async function removeCapture(id: string): Promise<void> {
  await (await db()).delete('captures', id);
  announce();
}

/**
 * The server's URL for a kept card's front photo: uploaded the first time the card is saved, then
 * kept with the capture. Saving again (the first answer lost on the way back) must send the very
 * same contact under the capture's key, which the server then answers from its kept answer; an
 * upload made again could end otherwise (failing this time, or a newer server encoding the photo
 * to other bytes), and the server would refuse the key as used for a different request.
 *
 * `upload` answers the URL, null when the server refuses the photo for good (the contact is then
 * saved without it), or throws when it should be tried again later (nothing is kept then).
 */
export async function photoUrlOf(
  capture: ScanCapture,
  upload: (photo: Blob) => Promise<string | null>,
): Promise<string | null> {
  const store = await db();
  const kept = await store.get('captures', capture.id);
  if (kept?.kind === 'scan' && kept.photoUrl !== undefined) return kept.photoUrl;
  const photoUrl = await upload(capture.front);
  if (kept?.kind === 'scan') await store.put('captures', { ...kept, photoUrl });
  return photoUrl;
}

/** Keeps a capture and asks the worker to send it when the browser is back online. */
export async function addCapture(capture: Capture): Promise<void> {
  await (await db()).put('captures', capture);
  announce();
  await requestBackgroundSync();
}

async function requestBackgroundSync(): Promise<void> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  try {
    const registration = (await Promise.race([
      navigator.serviceWorker.getRegistration(),
      new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 1000)),
    ])) as (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined;
    await registration?.sync?.register(OUTBOX_SYNC_TAG);
  } catch {
    // No Background Sync here (or it was refused): the page sends the capture when it is next open online.
  }
}

/** A status worth trying again later rather than giving up on the capture. */
const retryable = (status: number) =>
  status === 401 || status === 403 || status === 408 || status === 409 || status === 429 || status >= 500;

const EMPTY_SCAN: ScanResult = {
  fields: {
    name: '',
    nameAr: '',
    title: '',
    company: '',
    phones: [],
    emails: [],
    website: '',
    address: '',
    brn: '',
    orn: '',
  },
  text: '',
  confidence: {
    name: 0,
    nameAr: 0,
    title: 0,
    company: 0,
    phones: 0,
    emails: 0,
    website: 0,
    address: 0,
    brn: 0,
    orn: 0,
  },
  source: 'ocr',
};

async function messageOf(res: Response): Promise<string> {
  try {
    return ((await res.json()) as { message?: string }).message ?? res.statusText;
  } catch {
    return res.statusText;
  }
}

/**
 * Sends what waits for the signed-in user (captures of another user who used this browser wait
 * for them). Stops at the first network failure: the rest waits for the next round. Throws when
 * something is left that needs a network, so a Background Sync is retried by the browser.
 */
export async function flushOutbox(): Promise<FlushReport> {
  const run = () => flushOnce();
  const locks = (typeof navigator !== 'undefined' ? navigator.locks : undefined) as LockManager | undefined;
  return locks ? locks.request(OUTBOX_SYNC_TAG, run) : run();
}

async function flushOnce(): Promise<FlushReport> {
  const report: FlushReport = { sent: 0, read: 0, refused: [] };
  const store = await db();
  if ((await store.count('captures')) === 0) return report;
  let changed = false;
  try {
    const who = await fetch('/api/auth/user', { credentials: 'include', cache: 'no-store' });
    // Signed out: the captures wait for their user. A server that is busy or down: try again later.
    if (!who.ok) {
      if (retryable(who.status) && who.status !== 401 && who.status !== 403) throw new Error(`outbox: ${who.status}`);
      return report;
    }
    const { id: userId } = (await who.json()) as { id: string };
    for (const capture of await capturesOf(userId)) {
      if (capture.kind === 'contact') {
        const res = await fetch('/api/contacts', {
          method: 'POST',
          credentials: 'include',
          headers: { 'Content-Type': 'application/json', 'Idempotency-Key': capture.id },
          body: JSON.stringify(capture.body),
        });
        if (res.ok) report.sent++;
        else if (retryable(res.status)) throw new Error(`outbox: ${res.status}`);
        else report.refused.push({ name: String(capture.body.name ?? ''), message: await messageOf(res) });
        await store.delete('captures', capture.id);
        changed = true;
      } else if (!capture.result) {
        const form = new FormData();
        form.append('front', capture.front, 'front.jpg');
        if (capture.back) form.append('back', capture.back, 'back.jpg');
        const res = await fetch('/api/contacts/scan', { method: 'POST', credentials: 'include', body: form });
        if (!res.ok && retryable(res.status)) throw new Error(`outbox: ${res.status}`);
        // A card that could not be read still opens for review, to be typed in beside the photo.
        const result = res.ok ? ((await res.json()) as ScanResult) : EMPTY_SCAN;
        await store.put('captures', { ...capture, result });
        report.read++;
        changed = true;
      }
    }
    return report;
  } finally {
    if (changed) announce(report);
  }
}
