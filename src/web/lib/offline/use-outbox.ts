/**
 * The page's side of the offline outbox: what waits for the signed-in user, kept fresh as the
 * outbox changes (here, in another tab or in the worker), and the sending round the page runs
 * itself when the app opens and when the browser comes back online, for browsers without
 * Background Sync (and in case the worker's round has not run yet; the idempotency key makes
 * the overlap harmless).
 */
import { useEffect, useState } from 'react';
import { type Capture, capturesOf, flushOutbox, onOutboxChange, type ScanCapture } from './outbox';

export interface OutboxState {
  /** Captures still waiting for a network: contacts to add, photos to read. */
  waiting: number;
  /** Photographed cards that were read and wait for the user to review and save. */
  ready: ScanCapture[];
}

const EMPTY: OutboxState = { waiting: 0, ready: [] };

function stateOf(captures: Capture[]): OutboxState {
  const ready = captures.filter((c): c is ScanCapture => c.kind === 'scan' && c.result !== null);
  return { waiting: captures.length - ready.length, ready };
}

const hasIndexedDb = () => typeof indexedDB !== 'undefined';

export function useOutbox(userId: string | null | undefined): OutboxState {
  const [state, setState] = useState<OutboxState>(EMPTY);
  useEffect(() => {
    if (!userId || !hasIndexedDb()) {
      setState(EMPTY);
      return;
    }
    let live = true;
    const refresh = () =>
      void capturesOf(userId)
        .then((captures) => live && setState(stateOf(captures)))
        .catch(() => undefined);
    refresh();
    const stop = onOutboxChange(refresh);
    return () => {
      live = false;
      stop();
    };
  }, [userId]);
  return state;
}

/** The wait before the page tries again after a round that failed for now: 2 s, doubling to a minute. */
export const retryDelay = (failures: number) => Math.min(60_000, 2_000 * 2 ** Math.max(0, failures - 1));

/**
 * Sends what waits whenever the app opens signed in and whenever the browser comes back online.
 * A round that fails for now (the first requests after a reconnect can fail while the network
 * settles, or the server is busy) is tried again after a growing wait while the page stays open
 * and online: otherwise the capture would wait for the next reconnect or the next app open.
 */
export function useOutboxSender(
  userId: string | null | undefined,
  delay: (failures: number) => number = retryDelay,
): void {
  useEffect(() => {
    if (!userId || !hasIndexedDb()) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    let live = true;
    const send = () => {
      clearTimeout(timer);
      if (!navigator.onLine) return;
      // What was sent is announced through onOutboxChange either way.
      flushOutbox().then(
        () => {
          failures = 0;
        },
        () => {
          if (!live) return;
          failures += 1;
          timer = setTimeout(send, delay(failures));
        },
      );
    };
    send();
    window.addEventListener('online', send);
    return () => {
      live = false;
      clearTimeout(timer);
      window.removeEventListener('online', send);
    };
  }, [userId, delay]);
}
