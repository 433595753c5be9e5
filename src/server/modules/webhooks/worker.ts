/**
 * The webhook delivery worker, one per app process: a `ClaimLoop` over `webhook_deliveries`
 * (claimed with `FOR UPDATE SKIP LOCKED` and a lease, so two processes never make the same
 * attempt; retried on the shared schedule, 9 attempts over about 22 hours). It keeps a bounded
 * number of deliveries in flight, and at most a few per endpoint, so one slow receiver never
 * holds back the others. No database connection is held while a receiver is being called.
 * Each URL's host is resolved and every address checked (the verdict is kept for a few seconds,
 * so a burst to one endpoint resolves once), and the request connects to the checked address
 * over a keep-alive connection kept per endpoint address; redirects are not followed; 2xx is
 * delivered. After 50 consecutive failures the endpoint is turned off and its owner is told by
 * e-mail. On PostgreSQL the app runs this worker in a thread of its own (./thread.ts), so its
 * CPU (signing, JSON, the HTTP client, the database calls) never delays a request.
 */
import http from 'node:http';
import https from 'node:https';
import { and, eq, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { brokerageMembers, users } from '../../db/schema';
import { queueTemplate } from '../../platform/mail/outbox';
import { ClaimLoop, type Claimed, claimDue, failedAttempt, workerId } from '../../platform/outbox-claims';
import { checkWebhookUrl, type Resolver, systemResolver, UnsafeUrlError } from './address-guard';
import { webhookDeliveries, webhookEndpoints, webhookOutbox } from './schema';
import { endpointSecret, WEBHOOK_CHANNEL } from './service';
import { signatureHeader } from './signature';

export { MAX_ATTEMPTS, RETRY_DELAYS_MS } from '../../platform/outbox-claims';
export const DISABLE_AFTER_FAILURES = 50;
/** How old the endpoint's "last delivered" time may grow before a success writes it again. */
const HEALTH_STALE_MS = 5_000;
/**
 * How long a URL's address check is reused. Each check is a DNS lookup (a thread-pool call and
 * a few hundred microseconds of CPU); a burst of deliveries to one endpoint needs one. The
 * request still connects to the checked address only, so a changed DNS answer cannot redirect it.
 */
const ADDRESS_CHECK_TTL_MS = 15_000;
/** Idle keep-alive connections to a receiver close after this (under Node's and most servers' 5 s). */
const IDLE_SOCKET_MS = 4_000;
/** Endpoint addresses whose keep-alive connections are kept at once; the least recent go first. */
const MAX_AGENTS = 256;

export interface WebhookWorkerOptions {
  clock: () => Date;
  resolve: Resolver;
  allowPrivate: boolean;
  requireHttps: boolean;
  totpKey: Buffer;
  timeoutMs: number;
  leaseMs: number;
  /** Deliveries in flight at once in this process. */
  concurrency: number;
  /** Of those, at most this many to one endpoint. */
  perEndpoint: number;
  /** Database connections the deliveries hold at once: the rest of the pool serves requests. */
  connections: number;
  pollMs: number;
  /** Where the owner fixes a turned-off endpoint (in the e-mail). */
  settingsLink: string;
}

interface Log {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

/** What the app holds of its delivery worker, whether it runs inline or in a thread. */
export interface DeliveryWorker {
  readonly stats: { delivered: number; failed: number; attempts: number };
  start(): Promise<void>;
  kick(): Promise<void>;
  /** Attempts everything due now; resolves when a claim started after this call found nothing. */
  drain(): Promise<void>;
  /** Stops claiming, finishes the attempts on the wire, hands unsent claims back. */
  close(): Promise<void>;
}

export interface AttemptResult {
  ok: boolean;
  code: number | null;
  timeMs: number;
  body: string | null;
  error: string | null;
}

/**
 * Keep-alive agents, one per URL origin and checked address: a burst to one receiver reuses its
 * connections instead of a TCP (and TLS) handshake per delivery. Keyed by the address too, so a
 * pooled socket always goes to an address that was checked.
 */
class Agents {
  private readonly byKey = new Map<string, http.Agent>();

  constructor(private readonly maxSockets: number) {}

  for(url: URL, address: string): http.Agent {
    const key = `${url.protocol}//${url.host}|${address}`;
    let agent = this.byKey.get(key);
    if (agent) {
      // Most recently used last, so the eviction below drops the least recent.
      this.byKey.delete(key);
    } else {
      const o = {
        keepAlive: true,
        maxSockets: this.maxSockets,
        maxFreeSockets: this.maxSockets,
        timeout: IDLE_SOCKET_MS,
      };
      agent = url.protocol === 'https:' ? new https.Agent(o) : new http.Agent(o);
      if (this.byKey.size >= MAX_AGENTS) {
        const [oldKey, oldAgent] = this.byKey.entries().next().value as [string, http.Agent];
        this.byKey.delete(oldKey);
        oldAgent.destroy();
      }
    }
    this.byKey.set(key, agent);
    return agent;
  }

  destroy(): void {
    for (const a of this.byKey.values()) a.destroy();
    this.byKey.clear();
  }
}

/** POSTs to the checked address with the URL's host name for TLS and the Host header. */
function post(
  url: URL,
  address: string,
  family: number,
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
  agent: http.Agent | false,
  again = true,
): Promise<{ code: number; body: string }> {
  return new Promise((resolve, reject) => {
    const lib = url.protocol === 'https:' ? https : http;
    const req = lib.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': Buffer.byteLength(body).toString() },
        // Connect to the address that was checked, never to a second DNS answer.
        lookup: (_host, opts, cb) => {
          if ((opts as { all?: boolean }).all)
            (cb as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address, family }]);
          else (cb as (e: null, a: string, f: number) => void)(null, address, family);
        },
        timeout: timeoutMs,
        agent,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          if (size < 1024) chunks.push(c);
          size += c.length;
        });
        res.on('end', () =>
          resolve({ code: res.statusCode ?? 0, body: Buffer.concat(chunks).subarray(0, 1024).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    const timer = setTimeout(() => req.destroy(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs);
    req.on('close', () => clearTimeout(timer));
    req.on('timeout', () => req.destroy(new Error(`timed out after ${timeoutMs} ms`)));
    req.on('error', (err: NodeJS.ErrnoException) => {
      // The receiver closed an idle pooled connection just as it was reused: nothing reached it,
      // so the request goes once more, on a new connection.
      if (again && req.reusedSocket && err.code === 'ECONNRESET')
        post(url, address, family, body, headers, timeoutMs, agent, false).then(resolve, reject);
      else reject(err);
    });
    req.end(body);
  });
}

type CheckedUrl = Awaited<ReturnType<typeof checkWebhookUrl>>;

interface Success {
  endpointId: string;
  deliveryId: string;
  result: AttemptResult;
  now: Date;
  done: (err?: unknown) => void;
}

export class WebhookWorker implements DeliveryWorker {
  readonly id = workerId();
  readonly stats = { delivered: 0, failed: 0, attempts: 0 };
  private readonly loop: ClaimLoop<Claimed>;
  private readonly agents: Agents;
  /** Recent address checks by URL: the verdict (an address, or the refusal) and when it was made. */
  private readonly checked = new Map<string, { at: number; target?: CheckedUrl; refused?: string }>();
  /** After close(): claims not yet on the wire are handed back instead of sent. */
  private closing = false;
  /** Rows read with their claim, taken by the attempt. */
  private readonly loaded = new Map<string, Awaited<ReturnType<WebhookWorker['load']>>[number]>();
  /** Successes waiting to be written together (see `recordSuccess`). */
  private successes: Success[] = [];
  private writing = false;

  constructor(
    private readonly database: Pick<Database, 'db' | 'listen'>,
    private readonly log: Log,
    private readonly opts: WebhookWorkerOptions,
  ) {
    this.agents = new Agents(opts.perEndpoint);
    this.loop = new ClaimLoop(database, log, {
      name: 'webhook',
      channel: WEBHOOK_CHANNEL,
      pollMs: opts.pollMs,
      concurrency: opts.concurrency,
      refillAt: Math.ceil(opts.concurrency / 2),
      connections: opts.connections,
      claim: (limit, busy) => this.claim(limit, busy),
      work: (c) => this.attempt(c),
    });
  }

  start(): Promise<void> {
    return this.loop.start();
  }

  /** Attempts everything due now; resolves when a claim started after this call found nothing. */
  kick(): Promise<void> {
    return this.loop.kick();
  }

  drain(): Promise<void> {
    return this.loop.kick();
  }

  async close(): Promise<void> {
    this.closing = true;
    await this.loop.close();
    this.agents.destroy();
  }

  /** Claims due deliveries of enabled endpoints; other workers skip the locked rows. */
  async claim(limit: number, busy: ReadonlySet<Claimed> = new Set()): Promise<Claimed[]> {
    const perEndpoint = new Map<string, number>();
    for (const c of busy) if (c.group) perEndpoint.set(c.group, (perEndpoint.get(c.group) ?? 0) + 1);
    const { db } = this.database;
    const claimed = await claimDue(db, webhookDeliveries, {
      owner: this.id,
      now: this.opts.clock(),
      leaseMs: this.opts.leaseMs,
      limit,
      where: inArray(
        webhookDeliveries.endpointId,
        db.select({ id: webhookEndpoints.id }).from(webhookEndpoints).where(isNull(webhookEndpoints.disabledAt)),
      ),
      // A cap as large as the loop itself cannot bind: the plain claim is cheaper.
      group:
        this.opts.perEndpoint < this.opts.concurrency
          ? { column: webhookDeliveries.endpointId, max: this.opts.perEndpoint, busy: perEndpoint }
          : undefined,
    });
    // What the attempts need (the event, the endpoint), for the whole claim in one statement
    // instead of one per delivery.
    if (claimed.length > 0) for (const row of await this.load(claimed.map((c) => c.id))) this.loaded.set(row.d.id, row);
    return claimed;
  }

  private load(ids: string[]) {
    return this.database.db
      .select({ d: webhookDeliveries, e: webhookEndpoints, ev: webhookOutbox })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .innerJoin(webhookOutbox, eq(webhookOutbox.id, webhookDeliveries.eventId))
      .where(inArray(webhookDeliveries.id, ids));
  }

  /** One attempt of a claimed delivery: send, then record the outcome and the endpoint's health. */
  private async attempt(claimed: Claimed): Promise<void> {
    const deliveryId = claimed.id;
    const { db } = this.database;
    const gate = this.loop.db;
    let row = this.loaded.get(deliveryId);
    this.loaded.delete(deliveryId);
    row ??= (await gate.run(() => this.load([deliveryId])))[0];
    if (!row) return;
    const mine = and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.lockedBy, this.id));
    // Turned off by a failure that finished after this claim, or this worker is stopping: hand
    // the claim back unspent, so the next worker (another process, or this one after a restart)
    // takes it at once instead of after the lease.
    const handBack = () =>
      gate.run(() =>
        db
          .update(webhookDeliveries)
          .set({ lockedBy: null, lockedUntil: null, attempts: sql`${webhookDeliveries.attempts} - 1` })
          .where(mine),
      );
    if (row.e.disabledAt || this.closing) {
      await handBack();
      return;
    }
    const result = await this.send(row.e, row.ev);
    if (result === 'stopping') {
      await handBack();
      return;
    }
    this.stats.attempts += 1;
    const now = this.opts.clock();
    const attempts = row.d.attempts;
    const status = result.ok ? 'delivered' : failedAttempt(attempts, now).status;
    this.log.info(
      {
        delivery: deliveryId,
        endpoint: row.e.id,
        attempt: attempts,
        status,
        code: result.code,
        timeMs: result.timeMs,
        error: result.error,
      },
      'webhook attempt',
    );
    if (result.ok) await this.recordSuccess({ endpointId: row.e.id, deliveryId, result, now });
    else if (status !== 'delivered')
      await gate.run(() => this.recordFailure(row.e.id, deliveryId, attempts, status, result, now));
  }

  /** A failed attempt's outcome, and the endpoint's health (turned off after too many failures). */
  private async recordFailure(
    endpointId: string,
    deliveryId: string,
    attempts: number,
    status: 'pending' | 'failed',
    result: AttemptResult,
    now: Date,
  ): Promise<void> {
    const mine = and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.lockedBy, this.id));
    const retry = failedAttempt(attempts, now);
    await this.database.db.transaction(async (tx) => {
      await tx
        .update(webhookDeliveries)
        .set({
          status,
          lockedBy: null,
          lockedUntil: null,
          nextAttemptAt: retry.nextAttemptAt,
          responseCode: result.code,
          responseTimeMs: result.timeMs,
          responseBody: result.body,
          lastError: result.error,
          deliveredAt: null,
        })
        .where(mine);
      this.stats.failed += 1;
      const [ep] = await tx
        .update(webhookEndpoints)
        .set({
          consecutiveFailures: sql`${webhookEndpoints.consecutiveFailures} + 1`,
          lastDeliveryAt: now,
          lastDeliveryStatus: 'failed',
        })
        .where(eq(webhookEndpoints.id, endpointId))
        .returning();
      if (ep && ep.consecutiveFailures >= DISABLE_AFTER_FAILURES && !ep.disabledAt) {
        await tx.update(webhookEndpoints).set({ disabledAt: now }).where(eq(webhookEndpoints.id, ep.id));
        await this.tellOwner(tx, ep.userId, ep.brokerageId, ep.url, ep.consecutiveFailures);
      }
    });
  }

  /**
   * Records a success together with the others that finish meanwhile: while one write is on its
   * way the next successes wait and then go as one statement (and one health update per
   * endpoint), instead of a transaction of four round trips each. Resolves once written, so the
   * slot (and the lease) is held until the outcome is stored, as for a failure.
   */
  private recordSuccess(s: Omit<Success, 'done'>): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.successes.push({ ...s, done: (err) => (err ? reject(err) : resolve()) });
      if (!this.writing) {
        this.writing = true;
        // After the current I/O callbacks: the answers that came in with this one join it.
        setImmediate(() => void this.writeSuccesses());
      }
    });
  }

  private async writeSuccesses(): Promise<void> {
    while (this.successes.length > 0) {
      const batch = this.successes.splice(0, 64);
      try {
        await this.loop.db.run(() => this.writeSuccessBatch(batch));
        for (const b of batch) b.done();
      } catch (err) {
        for (const b of batch) b.done(err);
      }
    }
    this.writing = false;
  }

  private async writeSuccessBatch(batch: Success[]): Promise<void> {
    const rows = sql.join(
      batch.map(
        (b) =>
          sql`(${b.deliveryId}::uuid, ${b.result.code}::int, ${b.result.timeMs}::int, ${b.result.body}::text, ${b.now.toISOString()}::timestamptz)`,
      ),
      sql`, `,
    );
    const now = new Date(Math.max(...batch.map((b) => b.now.getTime())));
    const endpoints = [...new Set(batch.map((b) => b.endpointId))];
    await this.database.db.transaction(async (tx) => {
      await tx.execute(sql`
        update ${webhookDeliveries} as d
        set status = 'delivered', locked_by = null, locked_until = null, next_attempt_at = v.at,
            response_code = v.code, response_time_ms = v.ms, response_body = v.body, last_error = null,
            delivered_at = v.at
        from (values ${rows}) as v(id, code, ms, body, at)
        where d.id = v.id and d.locked_by = ${this.id}`);
      // A busy endpoint's row would otherwise be rewritten by every delivery, each waiting for
      // the other workers' row lock while holding its connection: write it only when its
      // health changes, or when the time shown to the owner is more than a few seconds old.
      await tx
        .update(webhookEndpoints)
        .set({ consecutiveFailures: 0, lastDeliveryAt: now, lastDeliveryStatus: 'delivered' })
        .where(
          and(
            inArray(webhookEndpoints.id, endpoints),
            or(
              ne(webhookEndpoints.consecutiveFailures, 0),
              isNull(webhookEndpoints.lastDeliveryAt),
              sql`${webhookEndpoints.lastDeliveryStatus} is distinct from 'delivered'`,
              lt(webhookEndpoints.lastDeliveryAt, new Date(now.getTime() - HEALTH_STALE_MS)),
            ),
          ),
        );
    });
    this.stats.delivered += batch.length;
  }

  private async tellOwner(
    tx: Parameters<Parameters<Database['db']['transaction']>[0]>[0],
    userId: string | null,
    brokerageId: string | null,
    url: string,
    failures: number,
  ): Promise<void> {
    const recipients = userId
      ? await tx
          .select({ email: users.email, name: users.firstName, lang: users.preferredLanguage })
          .from(users)
          .where(eq(users.id, userId))
      : await tx
          .select({ email: users.email, name: users.firstName, lang: users.preferredLanguage })
          .from(brokerageMembers)
          .innerJoin(users, eq(users.id, brokerageMembers.userId))
          .where(and(eq(brokerageMembers.brokerageId, brokerageId ?? ''), eq(brokerageMembers.role, 'owner')));
    for (const r of recipients) {
      if (!r.email) continue;
      await queueTemplate(tx, { email: r.email, lang: r.lang === 'ar' ? 'ar' : 'en' }, 'webhookDisabled', {
        name: r.name ?? '',
        url,
        failures,
        link: this.opts.settingsLink,
      });
    }
  }

  /** The URL's checked address, from a check at most a few seconds old; throws the refusal. */
  private async check(url: string): Promise<CheckedUrl> {
    const now = this.opts.clock().getTime();
    const hit = this.checked.get(url);
    if (hit && now - hit.at >= 0 && now - hit.at < ADDRESS_CHECK_TTL_MS) {
      if (hit.target) return hit.target;
      throw new UnsafeUrlError(hit.refused);
    }
    if (this.checked.size >= MAX_AGENTS) this.checked.clear();
    try {
      const target = await checkWebhookUrl(url, {
        allowPrivate: this.opts.allowPrivate,
        requireHttps: this.opts.requireHttps,
        resolve: this.opts.resolve,
      });
      this.checked.set(url, { at: now, target });
      return target;
    } catch (err) {
      if (err instanceof UnsafeUrlError) this.checked.set(url, { at: now, refused: err.message });
      throw err;
    }
  }

  /**
   * Signs and POSTs one event to one endpoint; never throws. 'stopping': the worker was closed
   * before the request left, so nothing was sent.
   */
  async send(
    endpoint: typeof webhookEndpoints.$inferSelect,
    event: typeof webhookOutbox.$inferSelect,
  ): Promise<AttemptResult | 'stopping'> {
    const started = performance.now();
    const done = (r: Omit<AttemptResult, 'timeMs'>): AttemptResult => ({
      ...r,
      timeMs: Math.round(performance.now() - started),
    });
    const secret = endpointSecret(this.opts, endpoint);
    if (!secret) return done({ ok: false, code: null, body: null, error: 'endpoint secret cannot be read' });
    let target: CheckedUrl;
    try {
      target = await this.check(endpoint.url);
    } catch (err) {
      return done({ ok: false, code: null, body: null, error: (err as Error).message });
    }
    if (this.closing) return 'stopping';
    const body = JSON.stringify({
      id: event.id,
      type: event.type,
      created: Math.floor(new Date(event.createdAt).getTime() / 1000),
      data: event.data,
    });
    const t = Math.floor(this.opts.clock().getTime() / 1000);
    try {
      const res = await post(
        target.url,
        target.address,
        target.family,
        body,
        {
          'content-type': 'application/json',
          'user-agent': 'Bitaqa-Webhooks/1',
          'bitaqa-event-id': event.id,
          'bitaqa-signature': signatureHeader(secret, body, t),
        },
        this.opts.timeoutMs,
        this.agents.for(target.url, target.address),
      );
      const ok = res.code >= 200 && res.code < 300;
      return done({ ok, code: res.code, body: res.body, error: ok ? null : `HTTP ${res.code}` });
    } catch (err) {
      return done({
        ok: false,
        code: null,
        body: null,
        error: ((err as Error).message || 'request failed').slice(0, 200),
      });
    }
  }
}

export function defaultWorkerOptions(
  o: Partial<WebhookWorkerOptions> & Pick<WebhookWorkerOptions, 'totpKey' | 'settingsLink'>,
): WebhookWorkerOptions {
  return {
    clock: () => new Date(),
    resolve: systemResolver,
    allowPrivate: false,
    requireHttps: true,
    timeoutMs: 10_000,
    leaseMs: 60_000,
    concurrency: 16,
    perEndpoint: 4,
    connections: 4,
    pollMs: 30_000,
    ...o,
  };
}
