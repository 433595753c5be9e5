/**
 * Webhooks end to end against real local receivers (http on 127.0.0.1, port 0): the outbox
 * commits with the change or not at all, the signature checks out with a receiver's own HMAC,
 * failures are retried on an injected clock, an endpoint that keeps failing is turned off and its
 * owner told, private addresses are refused, redirects are not followed, and two workers on one
 * database never make the same attempt.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, usePostgres } from '../../../../tests/helpers/test-db';
import { type Database, openDatabase } from '../../db/client';
import { mailOutbox, users } from '../../db/schema';
import {
  createEndpoint,
  DISABLE_AFTER_FAILURES,
  defaultWorkerOptions,
  emitEvent,
  isRefusedAddress,
  listDeliveries,
  MAX_ATTEMPTS,
  type Resolver,
  WebhookWorker,
} from './index';
import { webhookDeliveries, webhookEndpoints, webhookOutbox } from './schema';
import { ThreadedWebhookWorker } from './thread';

const totpKey = crypto.randomBytes(32);
const quiet = { info() {}, warn() {}, error() {} };
const opened: Database[] = [];
const servers: http.Server[] = [];
afterAll(async () => {
  for (const s of servers) s.close();
  for (const d of opened.reverse()) await d.close();
});

interface Hit {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A receiver answering each POST with `status` (a function of the hit number); `hold` keeps each
 * answer back until the promise it returns settles, and `onHit` hears every arrival.
 */
async function receiver(
  status: (n: number) => number,
  extra: Record<string, string> = {},
  o: { hold?: () => Promise<void>; onHit?: (n: number) => void } = {},
) {
  const hits: Hit[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      hits.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const n = hits.length;
      o.onHit?.(n);
      await o.hold?.();
      res.writeHead(status(n), extra);
      res.end('x'.repeat(3000));
    });
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  return { hits, url: `http://127.0.0.1:${port}/hook`, port };
}

async function newUser(db: Database['db'], lang: 'en' | 'ar' = 'en') {
  const [u] = await db
    .insert(users)
    .values({
      email: `hook-${crypto.randomBytes(4).toString('hex')}@example.com`,
      firstName: 'Hook',
      lastName: 'Owner',
      phoneNumber: '501234567',
      countryCode: '+971',
      preferredLanguage: lang,
    })
    .returning();
  return u as typeof users.$inferSelect;
}

const settings = { totpKey, allowPrivate: true, requireHttps: false };

function makeWorker(
  database: Database,
  clock: { now: Date },
  extra: Partial<Parameters<typeof defaultWorkerOptions>[0]> = {},
) {
  return new WebhookWorker(
    database,
    quiet,
    defaultWorkerOptions({
      totpKey,
      settingsLink: 'https://bitaqa.test/settings/webhooks',
      allowPrivate: true,
      requireHttps: false,
      clock: () => clock.now,
      timeoutMs: 5_000,
      ...extra,
    }),
  );
}

/** The receiver's own check of a delivery: HMAC-SHA256 over "<t>.<body>", compared in constant time. */
function receiverVerifies(secret: string, header: string, body: string): boolean {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=') as [string, string]));
  const mac = crypto.createHmac('sha256', secret);
  mac.update(parts.t ?? '');
  mac.update('.');
  mac.update(body);
  const expected = Buffer.from(mac.digest('hex'), 'utf8');
  const given = Buffer.from(parts.v1 ?? '', 'utf8');
  return expected.length === given.length && crypto.timingSafeEqual(expected, given);
}

describe('webhooks', () => {
  it('delivers a committed event once, signed so the receiver can verify it', async () => {
    const database = await createTestDatabase();
    opened.push(database);
    const user = await newUser(database.db);
    const r = await receiver(() => 200);
    const ep = await createEndpoint(
      database.db,
      settings,
      { userId: user.id },
      { url: r.url, events: ['lead.created'] },
    );
    expect(ep.secret).toMatch(/^whsec_/);
    const stored = await database.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, ep.id));
    expect(stored[0]?.secretSealed).not.toContain(ep.secret);

    await database.db.transaction(async (tx) => {
      await emitEvent(tx, { type: 'lead.created', userId: user.id, data: { lead: { id: 'l1', name: 'Sara' } } });
      await emitEvent(tx, { type: 'card.approved', userId: user.id, data: { card: { id: 'c1' } } });
    });
    const clock = { now: new Date() };
    const worker = makeWorker(database, clock);
    await worker.drain();
    await worker.close();

    expect(r.hits).toHaveLength(1);
    const hit = r.hits[0] as Hit;
    const body = JSON.parse(hit.body);
    expect(body).toMatchObject({ type: 'lead.created', data: { lead: { id: 'l1', name: 'Sara' } } });
    expect(typeof body.created).toBe('number');
    expect(hit.headers['bitaqa-event-id']).toBe(body.id);
    const sig = String(hit.headers['bitaqa-signature']);
    expect(sig).toMatch(new RegExp(`^t=${Math.floor(clock.now.getTime() / 1000)},v1=[0-9a-f]{64}$`));
    expect(receiverVerifies(ep.secret, sig, hit.body)).toBe(true);
    expect(receiverVerifies(ep.secret, sig, `${hit.body} `)).toBe(false);

    const page = await listDeliveries(database.db, { userId: user.id }, ep.id, { limit: 10 });
    expect(page.items[0]).toMatchObject({ status: 'delivered', attempts: 1, responseCode: 200 });
    expect(page.items[0]?.responseBody).toHaveLength(1024);
    // Another owner sees nothing of it.
    const other = await newUser(database.db);
    await expect(listDeliveries(database.db, { userId: other.id }, ep.id, { limit: 10 })).rejects.toMatchObject({
      statusCode: 404,
    });
  });

  it('writes no event for a change that rolled back', async () => {
    const database = await createTestDatabase();
    opened.push(database);
    const user = await newUser(database.db);
    const r = await receiver(() => 200);
    await createEndpoint(database.db, settings, { userId: user.id }, { url: r.url, events: ['lead.created'] });
    await expect(
      database.db.transaction(async (tx) => {
        await emitEvent(tx, { type: 'lead.created', userId: user.id, data: { lead: { id: 'gone' } } });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await database.db.select().from(webhookOutbox)).toHaveLength(0);
    expect(await database.db.select().from(webhookDeliveries)).toHaveLength(0);
  });

  it('retries a failing endpoint with growing delays on the injected clock, then gives up', async () => {
    const database = await createTestDatabase();
    opened.push(database);
    const user = await newUser(database.db);
    const r = await receiver(() => 503);
    const ep = await createEndpoint(
      database.db,
      settings,
      { userId: user.id },
      { url: r.url, events: ['lead.created'] },
    );
    await emitEvent(database.db, { type: 'lead.created', userId: user.id, data: {} });
    const start = new Date();
    const clock = { now: start };
    const worker = makeWorker(database, clock);
    const gaps: number[] = [];
    for (let i = 0; i < MAX_ATTEMPTS + 2; i++) {
      await worker.drain();
      const [d] = await database.db.select().from(webhookDeliveries);
      if (d?.status !== 'pending') break;
      gaps.push(d.nextAttemptAt.getTime() - clock.now.getTime());
      // Nothing is attempted a moment before it is due.
      clock.now = new Date(d.nextAttemptAt.getTime() - 1000);
      const before = r.hits.length;
      await worker.drain();
      expect(r.hits.length).toBe(before);
      clock.now = d.nextAttemptAt;
    }
    await worker.close();
    const [d] = await database.db.select().from(webhookDeliveries);
    expect(d).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, responseCode: 503 });
    expect(r.hits).toHaveLength(MAX_ATTEMPTS);
    expect(MAX_ATTEMPTS).toBeGreaterThanOrEqual(8);
    for (let i = 1; i < gaps.length; i++) expect(gaps[i]).toBeGreaterThan(gaps[i - 1] as number);
    const span = gaps.reduce((a, b) => a + b, 0);
    expect(span).toBeGreaterThan(18 * 3600_000);
    expect(span).toBeLessThan(30 * 3600_000);
    const [e] = await database.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, ep.id));
    expect(e).toMatchObject({ consecutiveFailures: MAX_ATTEMPTS, lastDeliveryStatus: 'failed', disabledAt: null });
  });

  it(`turns an endpoint off after ${DISABLE_AFTER_FAILURES} consecutive failures and e-mails its owner`, async () => {
    const database = await createTestDatabase();
    opened.push(database);
    const user = await newUser(database.db, 'ar');
    const r = await receiver(() => 500);
    const ep = await createEndpoint(
      database.db,
      settings,
      { userId: user.id },
      { url: r.url, events: ['lead.created'] },
    );
    for (let i = 0; i < DISABLE_AFTER_FAILURES + 5; i++)
      await emitEvent(database.db, { type: 'lead.created', userId: user.id, data: { n: i } });
    const clock = { now: new Date() };
    // One attempt to the endpoint at a time, so none is already on the wire when it is turned off.
    const worker = makeWorker(database, clock, { concurrency: 10, perEndpoint: 1 });
    await worker.drain();
    await worker.close();
    expect(r.hits.length).toBe(DISABLE_AFTER_FAILURES);
    const [e] = await database.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, ep.id));
    expect(e?.disabledAt).not.toBeNull();
    const mails = await database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, user.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.kind).toBe('webhookDisabled');
    expect(mails[0]?.subject).toMatch(/Webhook/);
    expect(mails[0]?.textBody).toContain(r.url);
  });

  it('refuses private addresses at creation and at delivery, and does not follow redirects', async () => {
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
    ])
      expect(isRefusedAddress(a), a).toBe(true);
    for (const a of ['93.184.216.34', '2606:2800:220:1::1', '8.8.8.8']) expect(isRefusedAddress(a), a).toBe(false);

    const database = await createTestDatabase();
    opened.push(database);
    const user = await newUser(database.db);
    const r = await receiver(() => 200);
    // A public-looking name that resolves to loopback.
    const sneaky: Resolver = async () => [{ address: '127.0.0.1', family: 4 }];
    const strict = { totpKey, allowPrivate: false, requireHttps: false, resolve: sneaky };
    const url = `http://hooks.example.com:${r.port}/hook`;
    await expect(
      createEndpoint(database.db, strict, { userId: user.id }, { url, events: ['lead.created'] }),
    ).rejects.toMatchObject({
      statusCode: 400,
      details: { errors: { url: expect.stringMatching(/private or local/) } },
    });
    await expect(
      createEndpoint(
        database.db,
        { ...strict, requireHttps: true },
        { userId: user.id },
        { url: 'http://93.184.216.34/x', events: ['lead.created'] },
      ),
    ).rejects.toMatchObject({ statusCode: 400 });

    // Rebinding: the name was public at creation and points to loopback at delivery.
    let answer = '93.184.216.34';
    const rebinding: Resolver = async () => [{ address: answer, family: 4 }];
    await createEndpoint(
      database.db,
      { ...strict, resolve: rebinding },
      { userId: user.id },
      { url, events: ['lead.created'] },
    );
    answer = '127.0.0.1';
    await emitEvent(database.db, { type: 'lead.created', userId: user.id, data: {} });
    const worker = makeWorker(database, { now: new Date() }, { allowPrivate: false, resolve: rebinding });
    await worker.drain();
    await worker.close();
    expect(r.hits).toHaveLength(0);
    const [d] = await database.db.select().from(webhookDeliveries);
    expect(d).toMatchObject({ status: 'pending', attempts: 1 });
    expect(d?.lastError).toMatch(/private or local/);

    // A redirect (to a receiver that would answer 200) is recorded as the failure it is.
    const target = await receiver(() => 200);
    const redirecting = await receiver(() => 302, { location: target.url });
    const u2 = await newUser(database.db);
    await createEndpoint(database.db, settings, { userId: u2.id }, { url: redirecting.url, events: ['lead.created'] });
    await emitEvent(database.db, { type: 'lead.created', userId: u2.id, data: {} });
    const w2 = makeWorker(database, { now: new Date() });
    await w2.drain();
    await w2.close();
    expect(redirecting.hits).toHaveLength(1);
    expect(target.hits).toHaveLength(0);
    const rows = await database.db.select().from(webhookDeliveries);
    expect(rows.find((x) => x.responseCode === 302)).toMatchObject({ status: 'pending' });
  });

  it('never makes the same attempt twice with two workers on two connections', async () => {
    const database = await createTestDatabase();
    opened.push(database);
    const second =
      usePostgres && database.url ? await openDatabase({ kind: 'postgres', url: database.url, poolSize: 3 }) : database;
    if (second !== database) opened.push(second);
    const user = await newUser(database.db);
    const r = await receiver(() => 200);
    await createEndpoint(database.db, settings, { userId: user.id }, { url: r.url, events: ['lead.created'] });
    const total = 120;
    for (let i = 0; i < total; i++)
      await emitEvent(database.db, { type: 'lead.created', userId: user.id, data: { n: i } });
    const clock = { now: new Date() };
    const a = makeWorker(database, clock, { concurrency: 5 });
    const b = makeWorker(second, clock, { concurrency: 5 });
    await Promise.all([a.drain(), b.drain()]);
    // One worker's drain can end while the other holds a claim it then hands back (the endpoint at
    // its in-flight cap); the running loop's next tick takes it. One more drain stands for that tick.
    await a.drain();
    await Promise.all([a.close(), b.close()]);
    const ids = r.hits.map((h) => String(h.headers['bitaqa-event-id']));
    expect(ids).toHaveLength(total);
    expect(new Set(ids).size).toBe(total);
    if (usePostgres) expect(a.stats.attempts).toBeGreaterThan(0);
    if (usePostgres) expect(b.stats.attempts).toBeGreaterThan(0);
  });

  it('hands claims not yet sent back when the worker stops, and sends them after', async () => {
    const database = await createTestDatabase();
    opened.push(database);
    const user = await newUser(database.db);
    const r = await receiver(() => 200);
    // The host name resolves only when the test says so: the worker is stopped while it waits.
    let resolving!: () => void;
    const asked = new Promise<void>((resolve) => {
      resolving = resolve;
    });
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const slowDns: Resolver = async () => {
      resolving();
      await answered;
      return [{ address: '127.0.0.1', family: 4 }];
    };
    const url = `http://hooks.example.com:${r.port}/hook`;
    const loopback: Resolver = async () => [{ address: '127.0.0.1', family: 4 }];
    await createEndpoint(
      database.db,
      { ...settings, resolve: loopback },
      { userId: user.id },
      { url, events: ['lead.created'] },
    );
    for (let i = 0; i < 3; i++) await emitEvent(database.db, { type: 'lead.created', userId: user.id, data: { n: i } });
    const clock = { now: new Date() };
    const worker = makeWorker(database, clock, { resolve: slowDns });
    const working = worker.kick();
    await asked;
    const stopping = worker.close();
    answer();
    await stopping;
    await working;
    expect(r.hits).toHaveLength(0);
    const rows = await database.db.select().from(webhookDeliveries);
    expect(rows).toHaveLength(3);
    for (const d of rows)
      expect(d).toMatchObject({ status: 'pending', attempts: 0, lockedBy: null, lockedUntil: null });

    // The next worker (a restarted process) sends them at once, each once.
    const next = makeWorker(database, clock, { resolve: loopback });
    await next.drain();
    await next.close();
    expect(new Set(r.hits.map((h) => h.headers['bitaqa-event-id'])).size).toBe(3);
    expect(r.hits).toHaveLength(3);
  });

  /** A delivery worker in its own thread with its own pool (PostgreSQL only), on the test clock. */
  function threadedWorker(database: Database & { url?: string }, clock: { now: Date }, concurrency = 16) {
    return new ThreadedWebhookWorker({
      url: database.url as string,
      poolSize: 4,
      logLevel: 'silent',
      log: quiet,
      options: defaultWorkerOptions({
        totpKey,
        settingsLink: 'https://bitaqa.test/settings/webhooks',
        allowPrivate: true,
        requireHttps: false,
        clock: () => clock.now,
        timeoutMs: 5_000,
        concurrency,
      }),
    });
  }

  it.skipIf(!usePostgres)('delivers each event exactly once from two delivery threads', async () => {
    const database = await createTestDatabase();
    opened.push(database);
    const user = await newUser(database.db);
    const r = await receiver(() => 200);
    await createEndpoint(database.db, settings, { userId: user.id }, { url: r.url, events: ['lead.created'] });
    const total = 80;
    for (let i = 0; i < total; i++)
      await emitEvent(database.db, { type: 'lead.created', userId: user.id, data: { n: i } });
    const clock = { now: new Date() };
    const a = threadedWorker(database, clock, 5);
    const b = threadedWorker(database, clock, 5);
    await Promise.all([a.start(), b.start()]);
    await Promise.all([a.drain(), b.drain()]);
    // As with two inline workers: a claim handed back at the per-endpoint cap goes on the next tick.
    await a.drain();
    await Promise.all([a.close(), b.close()]);
    const ids = r.hits.map((h) => String(h.headers['bitaqa-event-id']));
    expect(ids).toHaveLength(total);
    expect(new Set(ids).size).toBe(total);
    const rows = await database.db.select().from(webhookDeliveries);
    expect(rows.every((d) => d.status === 'delivered' && d.attempts === 1 && d.lockedBy === null)).toBe(true);
    expect(a.stats.attempts + b.stats.attempts).toBe(total);
    // Signed in the thread on the app's clock: the thread's clock starts at the app's "now" of the
    // last message and runs on from there, so the stamp is that time or a little later.
    const hit = r.hits[0] as Hit;
    const sig = /^t=(\d+),v1=[0-9a-f]{64}$/.exec(String(hit.headers['bitaqa-signature']));
    const sent = Number(sig?.[1]);
    const told = Math.floor(clock.now.getTime() / 1000);
    expect(sent).toBeGreaterThanOrEqual(told);
    expect(sent).toBeLessThan(told + 600);
  });

  it.skipIf(!usePostgres)('stops its delivery thread mid-burst leaving no claim behind', async () => {
    const database = await createTestDatabase();
    opened.push(database);
    const user = await newUser(database.db);
    // Answers are held back until the worker has been told to stop: attempts are on the wire then.
    let arrived!: () => void;
    const firstArrived = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const r = await receiver(() => 200, {}, { hold: () => released, onHit: () => arrived() });
    await createEndpoint(database.db, settings, { userId: user.id }, { url: r.url, events: ['lead.created'] });
    const total = 40;
    for (let i = 0; i < total; i++)
      await emitEvent(database.db, { type: 'lead.created', userId: user.id, data: { n: i } });
    const clock = { now: new Date() };
    const worker = threadedWorker(database, clock);
    await worker.start();
    await firstArrived;
    const stopping = worker.close();
    release();
    await stopping;
    const rows = await database.db.select().from(webhookDeliveries);
    // Every attempt on the wire was recorded; every other claim went back unspent.
    expect(rows.filter((d) => d.lockedBy !== null)).toHaveLength(0);
    const delivered = rows.filter((d) => d.status === 'delivered');
    expect(delivered.length).toBe(r.hits.length);
    expect(delivered.length).toBeLessThan(total);
    for (const d of delivered) expect(d.attempts).toBe(1);
    for (const d of rows.filter((x) => x.status !== 'delivered'))
      expect(d).toMatchObject({ status: 'pending', attempts: 0 });

    const next = threadedWorker(database, clock);
    await next.start();
    await next.drain();
    await next.close();
    const ids = r.hits.map((h) => String(h.headers['bitaqa-event-id']));
    expect(ids).toHaveLength(total);
    expect(new Set(ids).size).toBe(total);
  });
});
