/**
 * The webhook delivery worker, one per app process: a `ClaimLoop` over `webhook_deliveries`
 * (claimed with `FOR UPDATE SKIP LOCKED` and a lease, so two processes never make the same
 * attempt; retried on the shared schedule, 9 attempts over about 22 hours). It keeps a bounded
 * number of deliveries in flight, and at most a few per endpoint, so one slow receiver never
 * holds back the others. No database connection is held while a receiver is being called.
 * Each attempt resolves the host again, checks every address and connects to the checked one;
 * redirects are not followed; 2xx is delivered. After 50 consecutive failures the endpoint is
 * turned off and its owner is told by e-mail.
 */
import http from 'node:http';
import https from 'node:https';
import { and, eq, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { brokerageMembers, users } from '../../db/schema';
import { queueTemplate } from '../../platform/mail/outbox';
import { ClaimLoop, type Claimed, claimDue, failedAttempt, workerId } from '../../platform/outbox-claims';
import { checkWebhookUrl, type Resolver, systemResolver } from './address-guard';
import { webhookDeliveries, webhookEndpoints, webhookOutbox } from './schema';
import { endpointSecret, WEBHOOK_CHANNEL } from './service';
import { signatureHeader } from './signature';

export { MAX_ATTEMPTS, RETRY_DELAYS_MS } from '../../platform/outbox-claims';
export const DISABLE_AFTER_FAILURES = 50;
/** How old the endpoint's "last delivered" time may grow before a success writes it again. */
const HEALTH_STALE_MS = 5_000;

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

export interface AttemptResult {
  ok: boolean;
  code: number | null;
  timeMs: number;
  body: string | null;
  error: string | null;
}

/** POSTs to the checked address with the URL's host name for TLS and the Host header. */
function post(
  url: URL,
  address: string,
  family: number,
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
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
        agent: false,
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
    req.on('error', reject);
    req.end(body);
  });
}

export class WebhookWorker {
  readonly id = workerId();
  readonly stats = { delivered: 0, failed: 0, attempts: 0 };
  private readonly loop: ClaimLoop<Claimed>;

  constructor(
    private readonly database: Pick<Database, 'db' | 'listen'>,
    private readonly log: Log,
    private readonly opts: WebhookWorkerOptions,
  ) {
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

  close(): Promise<void> {
    return this.loop.close();
  }

  /** Claims due deliveries of enabled endpoints; other workers skip the locked rows. */
  claim(limit: number, busy: ReadonlySet<Claimed> = new Set()): Promise<Claimed[]> {
    const perEndpoint = new Map<string, number>();
    for (const c of busy) if (c.group) perEndpoint.set(c.group, (perEndpoint.get(c.group) ?? 0) + 1);
    const { db } = this.database;
    return claimDue(db, webhookDeliveries, {
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
  }

  /** One attempt of a claimed delivery: send, then record the outcome and the endpoint's health. */
  private async attempt(claimed: Claimed): Promise<void> {
    const deliveryId = claimed.id;
    const { db } = this.database;
    const gate = this.loop.db;
    const [row] = await gate.run(() =>
      db
        .select({ d: webhookDeliveries, e: webhookEndpoints, ev: webhookOutbox })
        .from(webhookDeliveries)
        .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
        .innerJoin(webhookOutbox, eq(webhookOutbox.id, webhookDeliveries.eventId))
        .where(eq(webhookDeliveries.id, deliveryId)),
    );
    if (!row) return;
    const mine = and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.lockedBy, this.id));
    if (row.e.disabledAt) {
      // Turned off by a failure that finished after this claim: hand the claim back unspent.
      await gate.run(() =>
        db
          .update(webhookDeliveries)
          .set({ lockedBy: null, lockedUntil: null, attempts: sql`${webhookDeliveries.attempts} - 1` })
          .where(mine),
      );
      return;
    }
    const result = await this.send(row.e, row.ev);
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
    await gate.run(() => this.record(row.e.id, deliveryId, attempts, status, result, now));
  }

  /** The attempt's outcome, and the endpoint's health (turned off after too many failures). */
  private async record(
    endpointId: string,
    deliveryId: string,
    attempts: number,
    status: 'delivered' | 'pending' | 'failed',
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
          nextAttemptAt: result.ok ? now : retry.nextAttemptAt,
          responseCode: result.code,
          responseTimeMs: result.timeMs,
          responseBody: result.body,
          lastError: result.error,
          deliveredAt: result.ok ? now : null,
        })
        .where(mine);
      if (result.ok) {
        this.stats.delivered += 1;
        // A busy endpoint's row would otherwise be rewritten by every delivery, each waiting for
        // the other workers' row lock while holding its connection: write it only when its
        // health changes, or when the time shown to the owner is more than a few seconds old.
        await tx
          .update(webhookEndpoints)
          .set({ consecutiveFailures: 0, lastDeliveryAt: now, lastDeliveryStatus: 'delivered' })
          .where(
            and(
              eq(webhookEndpoints.id, endpointId),
              or(
                ne(webhookEndpoints.consecutiveFailures, 0),
                isNull(webhookEndpoints.lastDeliveryAt),
                sql`${webhookEndpoints.lastDeliveryStatus} is distinct from 'delivered'`,
                lt(webhookEndpoints.lastDeliveryAt, new Date(now.getTime() - HEALTH_STALE_MS)),
              ),
            ),
          );
        return;
      }
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

  /** Signs and POSTs one event to one endpoint; never throws. */
  async send(
    endpoint: typeof webhookEndpoints.$inferSelect,
    event: typeof webhookOutbox.$inferSelect,
  ): Promise<AttemptResult> {
    const started = performance.now();
    const done = (r: Omit<AttemptResult, 'timeMs'>): AttemptResult => ({
      ...r,
      timeMs: Math.round(performance.now() - started),
    });
    const secret = endpointSecret(this.opts, endpoint);
    if (!secret) return done({ ok: false, code: null, body: null, error: 'endpoint secret cannot be read' });
    let target: Awaited<ReturnType<typeof checkWebhookUrl>>;
    try {
      target = await checkWebhookUrl(endpoint.url, {
        allowPrivate: this.opts.allowPrivate,
        requireHttps: this.opts.requireHttps,
        resolve: this.opts.resolve,
      });
    } catch (err) {
      return done({ ok: false, code: null, body: null, error: (err as Error).message });
    }
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
