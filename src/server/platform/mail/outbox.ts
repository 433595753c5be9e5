/**
 * Mail that cannot be lost. A service writes the e-mail into `mail_outbox` with
 * `queueMail(tx, …)` in the same transaction as the change that causes it: when the
 * transaction rolls back there is no e-mail, when it commits the e-mail will be sent. The
 * request never talks to SMTP.
 *
 * The worker (one per process) sends:
 * - it is woken right after commit by a NOTIFY issued inside the transaction (PostgreSQL
 *   delivers it only on commit, to every process), and by a timer for retries and leases;
 * - it claims due rows with `FOR UPDATE SKIP LOCKED` and a lease (`locked_until`), so across
 *   processes each row has one sender; a crashed process's lease expires and another retries;
 * - a failed send is retried with exponential backoff (base × 2^(attempt−1), capped, with
 *   jitter); a permanent SMTP refusal (5xx) or too many attempts marks the row failed;
 * - sent rows are kept for a day (`sent_at`), then swept.
 *
 * Each message carries its row id as Message-ID, so a receiving server can drop the one
 * duplicate that only a crash between "SMTP accepted" and "row marked sent" could cause.
 */
import crypto from 'node:crypto';
import os from 'node:os';
import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client';
import { type MailAttachmentRef, mailOutbox, type OutboxMail } from '../../db/schema';
import type { MailAttachment, Mailer } from './mailer';
import { type MailKind, type MailLang, type MailParams, type RenderedMail, renderMail } from './templates';

export const OUTBOX_CHANNEL = 'bitaqa_mail_outbox';

/** Writes an e-mail into the outbox; pass the transaction of the change that causes it. */
export async function queueMail(
  db: DbOrTx,
  to: string,
  mail: RenderedMail,
  attachments?: MailAttachmentRef[],
): Promise<void> {
  await db.insert(mailOutbox).values({
    toAddress: to,
    subject: mail.subject,
    textBody: mail.text,
    htmlBody: mail.html,
    kind: mail.kind,
    attachments: attachments?.length ? attachments : null,
  });
  // Delivered to the listening workers when (and only if) the transaction commits.
  await db.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, '')`);
}

/** Renders a template in `lang` and writes it into the outbox. */
export function queueTemplate<K extends MailKind>(
  db: DbOrTx,
  to: { email: string; lang: MailLang },
  kind: K,
  params: MailParams<K>,
  attachments?: MailAttachmentRef[],
): Promise<void> {
  return queueMail(db, to.email, renderMail(kind, to.lang, params), attachments);
}

/**
 * Turns a row's attachment references into files when it is sent (the tax invoice
 * PDF is rendered from the stored invoice, so the outbox row stays small). A reference whose
 * record is gone resolves to nothing; a failure to render is retried like a failed send.
 */
export type AttachmentResolver = (refs: MailAttachmentRef[]) => Promise<MailAttachment[]>;

/** One resolver from several; each skips the reference types it does not know. */
export function attachmentResolvers(...resolvers: AttachmentResolver[]): AttachmentResolver {
  return async (refs) => (await Promise.all(resolvers.map((resolve) => resolve(refs)))).flat();
}

export interface OutboxOptions {
  /** How long a claim holds (default 2 min; longer than any SMTP wait, see SMTP_TIMEOUTS). */
  leaseMs: number;
  /** First retry delay (default 5 s); doubles with each attempt. */
  retryBaseMs: number;
  /** Longest retry delay (default 1 h). */
  retryMaxMs: number;
  /** Attempts before a message is given up as failed (default 15, about 9 hours). */
  maxAttempts: number;
  /** Rows claimed per round (default 20). */
  batch: number;
  /** Latest time between two looks at the table, whatever happens (default 60 s). */
  pollMs: number;
  /** How long sent rows are kept (default one day). */
  keepSentMs: number;
}

const DEFAULTS: OutboxOptions = {
  leaseMs: 120_000,
  retryBaseMs: 5_000,
  retryMaxMs: 60 * 60 * 1000,
  maxAttempts: 15,
  batch: 20,
  pollMs: 60_000,
  keepSentMs: 24 * 60 * 60 * 1000,
};

interface OutboxLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface OutboxStats {
  sent: number;
  retried: number;
  failed: number;
}

/** A permanent refusal (SMTP 5xx): sending it again cannot help. */
function isPermanent(err: unknown): boolean {
  const code = (err as { responseCode?: number } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/** What is kept of an error: never the message content, only what went wrong. */
function errorSummary(err: unknown): string {
  const e = err as { code?: string; responseCode?: number; message?: string } | null;
  return [e?.code, e?.responseCode, e?.message?.slice(0, 200)].filter(Boolean).join(' ') || 'unknown error';
}

export class OutboxWorker {
  readonly id = `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString('hex')}`;
  readonly stats: OutboxStats = { sent: 0, retried: 0, failed: 0 };
  private readonly opts: OutboxOptions;
  private running: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | null = null;
  private unlisten: (() => Promise<void>) | null = null;
  private closed = false;
  private lastSweep = 0;

  constructor(
    private readonly database: Pick<Database, 'db' | 'listen'>,
    private readonly mailer: Mailer,
    private readonly log: OutboxLog,
    opts: Partial<OutboxOptions> = {},
    private readonly resolveAttachments?: AttachmentResolver,
  ) {
    this.opts = { ...DEFAULTS, ...opts };
  }

  /** Listens for new mail and sends what is already due. */
  async start(): Promise<void> {
    this.unlisten = await this.database.listen(OUTBOX_CHANNEL, () => void this.kick(), this.log);
    void this.kick();
  }

  /**
   * Sends everything due now; resolves when a round that started after this call has found
   * nothing more to send (tests wait on it instead of sleeping). Never rejects.
   */
  kick(): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.again = true;
    // Started on the next tick, so `running` is set before the loop can clear it.
    this.running ??= Promise.resolve().then(() => this.loop());
    return this.running;
  }

  private async loop(): Promise<void> {
    for (;;) {
      while (this.again && !this.closed) {
        this.again = false;
        try {
          await this.round();
        } catch (err) {
          // The database is away, most likely: the timer tries again shortly.
          this.log.warn({ err }, 'outbox round failed; will retry');
          break;
        }
      }
      await this.scheduleNext();
      // A kick that came during scheduleNext gets its own round before anyone is told "done".
      if (!this.again || this.closed) break;
    }
    this.running = null;
  }

  /** Alias of kick() for tests: wait until the outbox has nothing due. */
  drain(): Promise<void> {
    return this.kick();
  }

  /** Stops listening and waits for the round in flight (its claims are marked or expire). */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
    await this.unlisten?.();
    this.unlisten = null;
  }

  /** Messages waiting to be sent (the metrics' outbox depth). */
  async depth(): Promise<{ pending: number; failed: number }> {
    const [row] = await this.database.db
      .select({
        pending: sql<number>`count(*) filter (where ${mailOutbox.sentAt} is null and ${mailOutbox.failedAt} is null)`,
        failed: sql<number>`count(*) filter (where ${mailOutbox.failedAt} is not null)`,
      })
      .from(mailOutbox);
    return { pending: Number(row?.pending ?? 0), failed: Number(row?.failed ?? 0) };
  }

  private async round(): Promise<void> {
    for (;;) {
      const claimed = await this.claim();
      for (const row of claimed) await this.sendOne(row);
      if (claimed.length < this.opts.batch) break;
      if (this.closed) return;
    }
    if (Date.now() - this.lastSweep > 10 * 60 * 1000) {
      this.lastSweep = Date.now();
      await this.database.db
        .delete(mailOutbox)
        .where(lt(mailOutbox.sentAt, new Date(Date.now() - this.opts.keepSentMs)));
    }
  }

  /** Claims due, unleased rows for this worker; other workers skip them. */
  private async claim(): Promise<OutboxMail[]> {
    const { db } = this.database;
    const due = db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        and(
          isNull(mailOutbox.sentAt),
          isNull(mailOutbox.failedAt),
          lte(mailOutbox.nextAttemptAt, sql`now()`),
          or(isNull(mailOutbox.lockedUntil), lte(mailOutbox.lockedUntil, sql`now()`)),
        ),
      )
      .orderBy(asc(mailOutbox.nextAttemptAt))
      .limit(this.opts.batch)
      .for('update', { skipLocked: true });
    return db
      .update(mailOutbox)
      .set({
        lockedBy: this.id,
        lockedUntil: sql`now() + ${this.opts.leaseMs} * interval '1 millisecond'`,
        attempts: sql`${mailOutbox.attempts} + 1`,
      })
      .where(inArray(mailOutbox.id, due))
      .returning();
  }

  private async sendOne(row: OutboxMail): Promise<void> {
    const { db } = this.database;
    const mine = and(eq(mailOutbox.id, row.id), eq(mailOutbox.lockedBy, this.id));
    try {
      const attachments =
        row.attachments?.length && this.resolveAttachments ? await this.resolveAttachments(row.attachments) : [];
      await this.mailer.send({
        to: row.toAddress,
        subject: row.subject,
        text: row.textBody,
        ...(row.htmlBody ? { html: row.htmlBody } : {}),
        ...(attachments.length ? { attachments } : {}),
        messageId: `<${row.id}@outbox.bitaqa>`,
      });
    } catch (err) {
      const give = isPermanent(err) || row.attempts >= this.opts.maxAttempts;
      if (give) {
        this.stats.failed += 1;
        this.log.error(
          { id: row.id, kind: row.kind, attempts: row.attempts, error: errorSummary(err) },
          'e-mail given up',
        );
        await db
          .update(mailOutbox)
          .set({ failedAt: new Date(), lockedUntil: null, lockedBy: null, lastError: errorSummary(err) })
          .where(mine);
        return;
      }
      this.stats.retried += 1;
      const delay =
        Math.min(this.opts.retryMaxMs, this.opts.retryBaseMs * 2 ** (row.attempts - 1)) * (0.8 + Math.random() * 0.4);
      this.log.warn(
        { id: row.id, kind: row.kind, attempts: row.attempts, retryInMs: Math.round(delay), error: errorSummary(err) },
        'e-mail not sent; will retry',
      );
      await db
        .update(mailOutbox)
        .set({
          nextAttemptAt: sql`now() + ${Math.round(delay)} * interval '1 millisecond'`,
          lockedUntil: null,
          lockedBy: null,
          lastError: errorSummary(err),
        })
        .where(mine);
      return;
    }
    this.stats.sent += 1;
    const marked = await db
      .update(mailOutbox)
      .set({ sentAt: new Date(), lockedUntil: null, lockedBy: null, lastError: null })
      .where(mine)
      .returning({ id: mailOutbox.id });
    if (marked.length === 0) this.log.warn({ id: row.id }, 'e-mail sent after its lease had expired');
  }

  /** Wakes up when the next retry or expired lease is due, and at least every pollMs. */
  private async scheduleNext(): Promise<void> {
    if (this.closed) return;
    let wait = this.opts.pollMs;
    try {
      const [row] = await this.database.db
        .select({
          next: sql<
            string | Date | null
          >`min(greatest(${mailOutbox.nextAttemptAt}, coalesce(${mailOutbox.lockedUntil}, ${mailOutbox.nextAttemptAt})))`,
          now: sql<string | Date>`now()`,
        })
        .from(mailOutbox)
        .where(and(isNull(mailOutbox.sentAt), isNull(mailOutbox.failedAt)));
      if (row?.next) {
        const inMs = new Date(row.next).getTime() - new Date(row.now).getTime();
        wait = Math.max(10, Math.min(wait, inMs + 10));
      }
    } catch (err) {
      this.log.warn({ err }, 'outbox could not read its next due time');
      wait = Math.min(wait, 5_000);
    }
    if (this.closed) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.kick();
    }, wait);
    this.timer.unref();
  }
}
