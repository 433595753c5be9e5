/**
 * Scale out: two real app processes (src/server/main.ts,
 * each with its own DATA_DIR) on one PostgreSQL database and one local S3-compatible server
 * (s3rver), behind a round-robin proxy started here. Shown: a photo uploaded through one is served
 * by the other; a message sent through one arrives live on a socket held by the other; a rate
 * limit of N allows N in total across both; SIGTERM on one while writes and reads run loses
 * none of them (every answer is a success or a clean, retryable error; every acknowledged write
 * is in the database), and its socket clients reconnect through the proxy to the other.
 *
 * PostgreSQL only: two processes cannot share an embedded PGlite folder (it is locked).
 */
import crypto from 'node:crypto';
import { inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WS_CLOSE } from '../core/schemas/messaging';
import { RATE_RULES } from './platform/rate-limit/rules';
import { messages, users } from './db/schema';
import { hashPassword } from './modules/auth/passwords';
import type { TestUser } from '../../tests/helpers/app';
import { type LocalS3, startLocalS3 } from '../../tests/helpers/s3';
import { type RoundRobinProxy, startRoundRobinProxy } from '../../tests/helpers/round-robin-proxy';
import { SERVER_BUNDLE, type ServerProcess, serverEnv, spawnServer } from '../../tests/helpers/server-process';
import { createTestDatabase, type TestDatabase, usePostgres } from '../../tests/helpers/test-db';
import { connectLive, cookieHeader, type LiveClient } from '../../tests/helpers/ws-client';

describe.runIf(usePostgres)('two app processes behind a round-robin proxy (PostgreSQL + S3)', () => {
  let database: TestDatabase;
  let s3: LocalS3;
  let one: ServerProcess;
  let two: ServerProcess;
  let proxy: RoundRobinProxy;
  const clients: LiveClient[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    if (!database.url) throw new Error('the PostgreSQL test database has no url');
    s3 = await startLocalS3();
    const env = { DATABASE_URL: database.url, ...s3.env, SHUTDOWN_TIMEOUT_MS: '20000' };
    const entry = { entry: SERVER_BUNDLE };
    [one, two] = await Promise.all([spawnServer(serverEnv(env), entry), spawnServer(serverEnv(env), entry)]);
    proxy = await startRoundRobinProxy([one.url, two.url]);
  }, 180_000);

  afterAll(async () => {
    for (const c of clients) c.close();
    await proxy?.close();
    await Promise.all([one?.stop(), two?.stop()]);
    await s3?.close();
    await database?.close();
  });

  async function user(firstName: string): Promise<TestUser> {
    const password = 'password-123';
    const email = `${firstName.toLowerCase()}.${crypto.randomBytes(4).toString('hex')}@example.com`;
    const [row] = await database.db
      .insert(users)
      .values({
        email,
        passwordHash: await hashPassword(password),
        firstName,
        lastName: 'Test',
        phoneNumber: '501234567',
        countryCode: '+971',
        isEmailVerified: true,
        roleChosen: true,
      })
      .returning();
    const res = await fetch(`${proxy.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    expect(res.status).toBe(200);
    const cookies = Object.fromEntries(
      res.headers.getSetCookie().map((c) => {
        const [pair] = c.split(';');
        const at = pair.indexOf('=');
        return [pair.slice(0, at), decodeURIComponent(pair.slice(at + 1))];
      }),
    );
    return { user: row, password, cookies };
  }

  const post = (base: string, path: string, as: TestUser, body: unknown) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: cookieHeader(as) },
      body: JSON.stringify(body),
    });

  async function conversation(a: TestUser, b: TestUser): Promise<string> {
    const res = await post(proxy.url, '/api/conversations', a, { participantId: b.user.id });
    expect(res.status, await res.clone().text()).toBeLessThan(300);
    return (await res.json()).id;
  }

  async function live(base: string, u: TestUser): Promise<LiveClient> {
    const c = await connectLive(base, { as: u });
    clients.push(c);
    c.ws.send(JSON.stringify({ type: 'authenticate', userId: u.user.id }));
    await c.waitFor((e) => e.type === 'authenticated', 10_000);
    return c;
  }

  const newMessage = (content: string) => (e: Record<string, unknown>) =>
    e.type === 'new_message' && (e.message as { content?: string }).content === content;

  it('serves a photo uploaded through one process from the other (S3, not local disk)', async () => {
    const owner = await user('Photo');
    const png = await sharp(crypto.randomBytes(32 * 32 * 3), { raw: { width: 32, height: 32, channels: 3 } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'photo.png');
    const up = await fetch(`${one.url}/api/uploads/images`, {
      method: 'POST',
      headers: { cookie: cookieHeader(owner) },
      body: form,
    });
    expect(up.status, await up.clone().text()).toBe(201);
    const { url } = await up.json();

    const fromTwo = await fetch(`${two.url}${url}`);
    expect(fromTwo.status).toBe(200);
    expect(fromTwo.headers.get('content-type')).toBe('image/webp');
    expect(fromTwo.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const bytes = Buffer.from(await fromTwo.arrayBuffer());
    expect((await sharp(bytes).metadata()).width).toBe(32);
    // Through the proxy, both processes in turn: the same bytes and the same ETag.
    const a = await fetch(`${proxy.url}${url}`);
    const b = await fetch(`${proxy.url}${url}`);
    expect(new Set([a.headers.get('x-backend'), b.headers.get('x-backend')])).toEqual(new Set(['0', '1']));
    expect(a.headers.get('etag')).toBe(b.headers.get('etag'));
    expect(Buffer.from(await b.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('delivers a message sent through one process live to a socket on the other', async () => {
    const a = await user('Ahmed');
    const b = await user('Carlos');
    const id = await conversation(a, b);
    const bOnTwo = await live(two.url, b);
    const res = await post(one.url, '/api/messages', a, { conversationId: id, content: 'From process one' });
    expect(res.status).toBe(201);
    await bOnTwo.waitFor(newMessage('From process one'), 10_000);
  });

  it('holds a rate limit of N across both processes: N answers in total, then 429', async () => {
    const n = RATE_RULES.search.points;
    const statuses: number[] = [];
    const served = new Set<string | null>();
    for (let i = 0; i < n + 6; i++) {
      const res = await fetch(`${proxy.url}/api/search?q=${encodeURIComponent(`villa in dubai ${i}`)}`);
      statuses.push(res.status);
      served.add(res.headers.get('x-backend'));
      await res.arrayBuffer();
    }
    expect(served).toEqual(new Set(['0', '1']));
    expect(statuses.filter((s) => s === 200)).toHaveLength(n);
    expect(statuses.slice(n).every((s) => s === 429)).toBe(true);
  });

  it('SIGTERM on one while requests run loses none of them, and its sockets reconnect to the other', {
    timeout: 240_000,
  }, async () => {
    const b = await user('Receiver');
    const writers = await Promise.all(Array.from({ length: 6 }, (_, i) => user(`Writer${i}`)));
    const conversations = await Promise.all(writers.map((w) => conversation(w, b)));
    // B holds two sockets through the proxy: one on each process.
    const first = proxy.upgrades.length;
    const socketA = await live(proxy.url, b);
    const socketB = await live(proxy.url, b);
    expect(new Set(proxy.upgrades.slice(first))).toEqual(new Set([0, 1]));
    const onOne = proxy.upgrades[first] === 0 ? socketA : socketB;

    const acked: string[] = [];
    const retryable: number[] = [];
    const unexpected: string[] = [];
    const perWriter = 20; // under the per-user message limit
    let sentSoFar = 0;
    let sigtermSent = false;
    let answeredByOneAfterSigterm = 0;
    let reachedHalf!: () => void;
    const half = new Promise<void>((r) => {
      reachedHalf = r;
    });
    /** Sends until acknowledged; 502/503 are clean answers to retry, anything else is a failure. */
    async function send(w: number, content: string) {
      for (let attempt = 0; attempt < 50; attempt++) {
        const res = await post(proxy.url, '/api/messages', writers[w], {
          conversationId: conversations[w],
          content,
        }).catch((err: Error) => err);
        if (res instanceof Error) {
          unexpected.push(`${content}: ${res.message}`);
          return;
        }
        await res.arrayBuffer();
        if (res.status === 201) {
          acked.push(content);
          if (sigtermSent && res.headers.get('x-backend') === '0') answeredByOneAfterSigterm += 1;
          return;
        }
        if (res.status === 503 || res.status === 502) {
          retryable.push(res.status);
          continue;
        }
        unexpected.push(`${content}: ${res.status}`);
        return;
      }
      unexpected.push(`${content}: never acknowledged`);
    }
    const writing = Promise.all(
      writers.map(async (_, w) => {
        for (let i = 0; i < perWriter; i++) {
          await send(w, `w${w}-m${i}`);
          sentSoFar += 1;
          if (sentSoFar === (writers.length * perWriter) / 3) reachedHalf();
        }
      }),
    );
    // Readers too: the conversation list and a public page, through the proxy.
    let reading = true;
    const reads = { ok: 0, retryable: 0, bad: [] as string[] };
    const readers = Promise.all(
      Array.from({ length: 2 }, async () => {
        while (reading) {
          const res = await fetch(`${proxy.url}/api/conversations`, { headers: { cookie: cookieHeader(b) } }).catch(
            (err: Error) => err,
          );
          if (res instanceof Error) reads.bad.push(res.message);
          else {
            await res.arrayBuffer();
            if (res.status === 200) reads.ok += 1;
            else if (res.status === 503 || res.status === 502) reads.retryable += 1;
            else reads.bad.push(String(res.status));
          }
        }
      }),
    );

    await half;
    const stopped = one.stop('SIGTERM');
    sigtermSent = true;
    // The socket held by process one is told "going away" and reconnects — through the proxy, to two.
    expect(await onOne.closed).toBe(WS_CLOSE.goingAway);
    expect(await stopped, one.output().slice(-3000)).toBe(0);
    const before = proxy.upgrades.length;
    const again = await live(proxy.url, b);
    expect(proxy.upgrades[before]).toBe(1);

    await writing;
    reading = false;
    await readers;

    expect(unexpected).toEqual([]);
    expect(proxy.failures).toEqual([]);
    expect(reads.bad).toEqual([]);
    expect(acked).toHaveLength(writers.length * perWriter);
    // Every acknowledged write is in the database (resent after a clean error: at most a duplicate).
    const stored = await database.db
      .select({ content: messages.content })
      .from(messages)
      .where(inArray(messages.content, acked));
    expect(new Set(stored.map((m) => m.content))).toEqual(new Set(acked));
    // ...exactly once: a request answered 502 (its connection reset before any answer) had not
    // been processed, so sending it again made no duplicate.
    expect(stored).toHaveLength(acked.length);

    // Both of B's live sockets now get new messages from the surviving process.
    const other = onOne === socketA ? socketB : socketA;
    const res = await post(proxy.url, '/api/messages', writers[0], {
      conversationId: conversations[0],
      content: 'after the restart',
    });
    expect(res.status).toBe(201);
    await again.waitFor(newMessage('after the restart'), 10_000);
    await other.waitFor(newMessage('after the restart'), 10_000);
    console.info(
      `scale-out: ${acked.length} writes acknowledged, ${retryable.length} clean retryable answers (502/503), ` +
        `${proxy.rerouted} requests rerouted after a refused connection, ${proxy.resets.length} reset before an answer (502), ${reads.ok} reads ok, ${reads.retryable} reads retryable, ` +
        `${answeredByOneAfterSigterm} writes answered by the stopping process after SIGTERM`,
    );
  });
});
