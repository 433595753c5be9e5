/**
 * A real WebSocket client for /ws tests: connects with a user's session cookie and records
 * every event the server sends, so a test can wait for one or assert that none came.
 */
import WebSocket from 'ws';
import type { TestUser } from './app';

export interface LiveClient {
  ws: WebSocket;
  events: Array<Record<string, unknown> & { type: string }>;
  /** Resolves with the close code once the server (or the test) closes the socket. */
  closed: Promise<number>;
  /** Waits until an event matching `match` arrives (or has arrived). */
  waitFor(
    match: (e: Record<string, unknown> & { type: string }) => boolean,
    timeoutMs?: number,
  ): Promise<Record<string, unknown>>;
  close(): void;
}

export function cookieHeader(user: TestUser): string {
  return Object.entries(user.cookies)
    .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
    .join('; ');
}

/** Opens ws://host/ws; resolves once the socket is open (or closed right away by the server). */
export function connectLive(
  baseUrl: string,
  opts: { as?: TestUser; cookie?: string; origin?: string; autoPong?: boolean } = {},
): Promise<LiveClient> {
  const headers: Record<string, string> = {};
  const cookie = opts.cookie ?? (opts.as ? cookieHeader(opts.as) : undefined);
  if (cookie) headers.cookie = cookie;
  if (opts.origin) headers.origin = opts.origin;
  const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/ws`, { headers, autoPong: opts.autoPong ?? true });
  const events: LiveClient['events'] = [];
  const waiters: Array<() => void> = [];
  ws.on('message', (data) => {
    events.push(JSON.parse(data.toString()));
    for (const w of [...waiters]) w();
  });
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  const client: LiveClient = {
    ws,
    events,
    closed,
    waitFor(match, timeoutMs = 2000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(match);
          if (!found) return false;
          clearTimeout(timer);
          waiters.splice(waiters.indexOf(check), 1);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(check), 1);
          reject(new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(events)}`));
        }, timeoutMs);
        waiters.push(check);
        check();
      });
    },
    close: () => ws.close(),
  };
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(client));
    ws.once('error', reject);
    ws.once('close', () => resolve(client));
  });
}
