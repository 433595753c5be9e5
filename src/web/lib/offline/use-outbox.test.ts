// @vitest-environment happy-dom
/**
 * The page's sending round after a reconnect: a round that fails for now (the network still
 * settling, the server busy) is tried again while the page is open, so a contact kept offline does
 * not wait for the next reconnect or the next app open; a signed-out page sends nothing.
 */
import 'fake-indexeddb/auto';
import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addCapture, capturesOf, flushOutbox, removeCapture } from './outbox';
import { retryDelay, useOutboxSender } from './use-outbox';

const USER = 'user-1';
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A server stand-in: `/api/auth/user` answers from `who` in turn (then the last one); contacts are recorded. */
function serve(who: (() => Response)[]) {
  const contacts: string[] = [];
  let asked = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (url === '/api/auth/user') return (who[Math.min(asked++, who.length - 1)] as () => Response)();
      if (url === '/api/contacts') {
        contacts.push(new Headers(init.headers).get('Idempotency-Key') ?? '');
        return json(201, { id: 'c1' });
      }
      throw new Error(`unexpected request ${url}`);
    }),
  );
  return { contacts, asked: () => asked };
}

const lost = () => {
  throw new TypeError('Failed to fetch');
};
const signedIn = () => json(200, { id: USER });

beforeEach(async () => {
  for (const c of await capturesOf(USER)) await removeCapture(c.id);
  await addCapture({
    id: `k-${Math.random()}`,
    kind: 'contact',
    userId: USER,
    createdAt: Date.now(),
    body: { name: 'Omar' },
  });
});

afterEach(async () => {
  vi.unstubAllGlobals();
});

describe('the page sending what waits', () => {
  it('tries again after a round that failed on the network, and sends the contact once', async () => {
    const server = serve([lost, signedIn]);
    const delays: number[] = [];
    const { unmount } = renderHook(() =>
      useOutboxSender(USER, (failures) => {
        delays.push(failures);
        return 0;
      }),
    );
    await waitFor(() => expect(server.contacts).toHaveLength(1));
    expect(delays).toEqual([1]);
    expect(await capturesOf(USER)).toEqual([]);
    unmount();
  });

  it('tries again while the server answers 503, and keeps the contact until it is sent', async () => {
    const server = serve([() => json(503, {}), () => json(503, {}), signedIn]);
    const { unmount } = renderHook(() => useOutboxSender(USER, () => 0));
    await waitFor(() => expect(server.contacts).toHaveLength(1));
    expect(server.asked()).toBe(3);
    unmount();
  });

  it('ends the round quietly for a signed-out page (nothing to retry), but fails it while the server is down', async () => {
    const server = serve([() => json(401, { message: 'Not signed in' }), () => json(503, {})]);
    await expect(flushOutbox()).resolves.toMatchObject({ sent: 0 });
    await expect(flushOutbox()).rejects.toThrow('503');
    expect(server.contacts).toEqual([]);
    expect(await capturesOf(USER)).toHaveLength(1);
  });

  it('waits longer after each failure, up to a minute', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(retryDelay)).toEqual([2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000]);
  });
});
