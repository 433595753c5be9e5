/**
 * The webhook delivery worker, one per app process, run like the mail outbox worker: woken by
 * the NOTIFY the emitting transaction sends (only on commit) and by a timer for retries; it
 * claims due deliveries with `FOR UPDATE SKIP LOCKED` and a lease, so two processes never make
 * the same attempt. Each attempt resolves the host again, checks every address and connects to
 * the checked one; redirects are not followed; 2xx is delivered; anything else is retried with
 * growing delays (9 attempts over about 22 hours). After 50 consecutive failures the endpoint
 * is turned off and its owner is told by e-mail.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { brokerageMembers, users } from '../../db/schema';
import { queueTemplate } from '../../platform/mail/outbox';
import { checkWebhookUrl, type Resolver, systemResolver } from './address-guard';
import { webhookDeliveries, webhookEndpoints, webhookOutbox } from './schema';
import { endpointSecret, WEBHOOK_CHANNEL } from './service';
import { signatureHeader } from './signature';

/** Delay before attempt n+1 after attempt n failed (attempt 1 is immediate). */
export const RETRY_DELAYS_MS = [
  30_000,
  120_000,
  600_000,
  1_800_000,
  3_600_000,
  3 * 3_600_000,
  6 * 3_600_000,
  12 * 3_600_000,
];
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
export const DISABLE_AFTER_FAILURES = 50;

export interface WebhookWorkerOptions {
  clock: () => Date;
  resolve: Resolver;
  allowPrivate: boolean;
  requireHttps: boolean;
  totpKey: Buffer;
  timeoutMs: number;
  leaseMs: number;
  batch: number;
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
  readonly id = `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString('hex')}`;
  readonly stats = { delivered: 0, failed: 0, attempts: 0 };
  private running: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | null = null;
  private unlisten: (() => Promise<void>) | null = null;
  private closed = false;

  constructor(
    private readonly database: Pick<Database, 'db' | 'listen'>,
    private readonly log: Log,
    private readonly opts: WebhookWorkerOptions,
  ) {}

  async start(): Promise<void> {
    this.unlisten = await this.database.listen(WEBHOOK_CHANNEL, () => void this.kick(), this.log as never);
    void this.kick();
  }

  /** Attempts everything due now; resolves when a round started after this call found nothing. */
  kick(): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.again = true;
    this.running ??= Promise.resolve().then(() => this.loop());
    return this.running;
  }

  drain(): Promise<void> {
    return this.kick();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
    await this.unlisten?.();
    this.unlisten = null;
  }

  private async loop(): Promise<void> {
    for (;;) {
      while (this.again && !this.closed) {
        this.again = false;
        try {
          for (;;) {
            const claimed = await this.claim();
            await Promise.all(claimed.map((c) => this.attempt(c.id)));
            if (claimed.length < this.opts.batch || this.closed) break;
          }
        } catch (err) {
          this.log.warn({ err }, 'webhook round failed; will retry');
          break;
        }
      }
      this.schedule();
      if (!this.again || this.closed) break;
    }
    this.running = null;
  }

  private schedule(): void {
    if (this.closed) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.kick();
    }, this.opts.pollMs);
    this.timer.unref();
  }

  /** Claims due deliveries of enabled endpoints; other workers skip the locked rows. */
  async claim(): Promise<{ id: string }[]> {
    const { db } = this.database;
    const now = this.opts.clock();
    const due = db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(
        and(
          eq(webhookDeliveries.status, 'pending'),
          isNull(webhookEndpoints.disabledAt),
          lte(webhookDeliveries.nextAttemptAt, now),
          or(isNull(webhookDeliveries.lockedUntil), lte(webhookDeliveries.lockedUntil, now)),
        ),
      )
      .orderBy(asc(webhookDeliveries.nextAttemptAt))
      .limit(this.opts.batch)
      .for('update', { of: webhookDeliveries, skipLocked: true });
    return db
      .update(webhookDeliveries)
      .set({
        lockedBy: this.id,
        lockedUntil: new Date(now.getTime() + this.opts.leaseMs),
        attempts: sql`${webhookDeliveries.attempts} + 1`,
      })
      .where(inArray(webhookDeliveries.id, due))
      .returning({ id: webhookDeliveries.id });
  }

  /** One attempt of a claimed delivery: send, then record the outcome and the endpoint's health. */
  private async attempt(deliveryId: string): Promise<void> {
    const { db } = this.database;
    const [row] = await db
      .select({ d: webhookDeliveries, e: webhookEndpoints, ev: webhookOutbox })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .innerJoin(webhookOutbox, eq(webhookOutbox.id, webhookDeliveries.eventId))
      .where(eq(webhookDeliveries.id, deliveryId));
    if (!row) return;
    const result = await this.send(row.e, row.ev);
    this.stats.attempts += 1;
    const mine = and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.lockedBy, this.id));
    const now = this.opts.clock();
    const attempts = row.d.attempts;
    const status = result.ok ? 'delivered' : attempts >= MAX_ATTEMPTS ? 'failed' : 'pending';
    const delay = RETRY_DELAYS_MS[Math.min(attempts - 1, RETRY_DELAYS_MS.length - 1)] ?? 0;
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
    await db.transaction(async (tx) => {
      await tx
        .update(webhookDeliveries)
        .set({
          status,
          lockedBy: null,
          lockedUntil: null,
          nextAttemptAt: result.ok ? now : new Date(now.getTime() + delay),
          responseCode: result.code,
          responseTimeMs: result.timeMs,
          responseBody: result.body,
          lastError: result.error,
          deliveredAt: result.ok ? now : null,
        })
        .where(mine);
      if (result.ok) {
        this.stats.delivered += 1;
        await tx
          .update(webhookEndpoints)
          .set({ consecutiveFailures: 0, lastDeliveryAt: now, lastDeliveryStatus: 'delivered' })
          .where(eq(webhookEndpoints.id, row.e.id));
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
        .where(eq(webhookEndpoints.id, row.e.id))
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
    batch: 20,
    pollMs: 30_000,
    ...o,
  };
}
