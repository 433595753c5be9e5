/**
 * Claimed outbox work: the rows a worker must act on at least once (webhook deliveries, HubSpot
 * jobs), each carrying the same five columns (`status`, `attempts`, `next_attempt_at`,
 * `locked_by`, `locked_until`). This file holds what every such worker shares:
 *
 * - `claimDue` takes due rows with `FOR UPDATE SKIP LOCKED` and stamps a lease and the attempt
 *   number in one statement, so two processes never claim the same row and a crashed process's
 *   lease simply runs out;
 * - `failedAttempt` is the retry schedule (exponential, 9 attempts over about 22 hours);
 * - `ClaimLoop` runs one worker: woken by a NOTIFY (sent inside the emitting transaction, so only
 *   on commit) and by a timer for retries, it keeps at most `concurrency` items in flight and
 *   claims more as soon as one finishes. No item waits for a slower one claimed beside it, and
 *   the in-flight bound caps what one process spends on the work beside its requests.
 *
 * The clock is injected, so tests move time instead of waiting.
 */
import crypto from 'node:crypto';
import os from 'node:os';
import { and, asc, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { integer, type PgColumn, type PgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import type { Database, DbOrTx } from '../db/client';

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

/** The columns a claimed outbox table carries; spread into its `pgTable` definition. */
export function claimColumns() {
  return {
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  };
}

/** A table made with `claimColumns()` and a uuid `id`. */
export type ClaimTable = PgTable & {
  id: PgColumn;
  status: PgColumn;
  attempts: PgColumn;
  nextAttemptAt: PgColumn;
  lockedBy: PgColumn;
  lockedUntil: PgColumn;
};

/** A name unique to one worker of one process, written into `locked_by`. */
export function workerId(): string {
  return `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString('hex')}`;
}

/** What one claim took: the row, its attempt number and its group (see `claimDue`). */
export interface Claimed {
  id: string;
  attempts: number;
  group: string | null;
}

/**
 * Claims up to `limit` pending rows due at `now` (oldest due first, then `orderBy`), skipping rows
 * another worker holds, and leases them to `owner` with their attempt number raised by one.
 *
 * With `group`, no group (a webhook endpoint) gets more than `max` rows in flight in this worker,
 * counting the `busy` ones it already holds: a slow receiver then holds a few slots while the
 * others keep flowing, instead of its backlog (always the oldest rows) filling every slot. The
 * oldest `max` due rows of each group are ranked first without locks, then the chosen ids are
 * locked and stamped, skipping any another worker took in between.
 */
export async function claimDue(
  db: DbOrTx,
  table: ClaimTable,
  c: {
    owner: string;
    now: Date;
    leaseMs: number;
    limit: number;
    where?: SQL;
    orderBy?: PgColumn[];
    group?: { column: PgColumn; max: number; busy: ReadonlyMap<string, number> };
  },
): Promise<Claimed[]> {
  if (c.limit <= 0) return [];
  const dueNow = and(
    sql`${table.status} = 'pending'`,
    lte(table.nextAttemptAt, c.now),
    or(isNull(table.lockedUntil), lte(table.lockedUntil, c.now)),
    c.where,
  );
  const order = [asc(table.nextAttemptAt), ...(c.orderBy ?? []).map((col) => asc(col))];
  // No group can pass its cap when even the fullest could take the whole claim: one statement does.
  const fullest = Math.max(0, ...(c.group?.busy.values() ?? []));
  if (!c.group || c.limit <= c.group.max - fullest) return stamp(db, table, c, dueNow, order, c.limit);
  // Ranked without locks, so another worker may lock some chosen rows first: rank again
  // (their rows are leased by then) until the slots are filled or nothing more is due.
  const g = c.group;
  const taken = new Map(g.busy);
  const claimed: Claimed[] = [];
  for (let round = 0; round < 3 && claimed.length < c.limit; round++) {
    const ranked = db
      .select({
        id: sql<string>`${table.id}`.as('claim_id'),
        group: sql<string | null>`${g.column}`.as('claim_group'),
        at: sql<Date>`${table.nextAttemptAt}`.as('claim_at'),
        rank: sql<number>`row_number() over (partition by ${g.column} order by ${sql.join(order, sql`, `)})`.as(
          'claim_rank',
        ),
      })
      .from(table)
      .where(dueNow)
      .as('ranked');
    let held = 0;
    for (const n of taken.values()) held += n;
    const candidates = await db
      .select()
      .from(ranked)
      .where(lte(ranked.rank, g.max))
      .orderBy(asc(ranked.at))
      .limit(c.limit + held);
    const want = new Map(taken);
    const picked: string[] = [];
    for (const row of candidates) {
      if (picked.length >= c.limit - claimed.length) break;
      const key = row.group ?? '';
      const n = want.get(key) ?? 0;
      if (n >= g.max) continue;
      want.set(key, n + 1);
      picked.push(row.id);
    }
    if (picked.length === 0) break;
    const got = await stamp(db, table, c, and(dueNow, inArray(table.id, picked)), order, picked.length);
    for (const r of got) {
      claimed.push(r);
      taken.set(r.group ?? '', (taken.get(r.group ?? '') ?? 0) + 1);
    }
    if (got.length === picked.length) break;
  }
  return claimed;
}

/** Locks up to `limit` rows matching `where`, skipping locked ones, and leases them. */
async function stamp(
  db: DbOrTx,
  table: ClaimTable,
  c: { owner: string; now: Date; leaseMs: number; group?: { column: PgColumn } },
  where: SQL | undefined,
  order: SQL[],
  limit: number,
): Promise<Claimed[]> {
  const due = db
    .select({ id: table.id })
    .from(table)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(table)
    .set({
      lockedBy: c.owner,
      lockedUntil: new Date(c.now.getTime() + c.leaseMs),
      attempts: sql`${table.attempts} + 1`,
    } as never)
    .where(inArray(table.id, due))
    .returning({ id: table.id, attempts: table.attempts, group: c.group?.column ?? sql<null>`null` });
  return rows as Claimed[];
}

/** After failed attempt number `attempts`: retry later, or give up once the schedule is spent. */
export function failedAttempt(attempts: number, now: Date): { status: 'pending' | 'failed'; nextAttemptAt: Date } {
  const delay = RETRY_DELAYS_MS[Math.min(attempts - 1, RETRY_DELAYS_MS.length - 1)] ?? 0;
  return {
    status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
    nextAttemptAt: new Date(now.getTime() + delay),
  };
}

interface Log {
  warn(obj: object, msg?: string): void;
}

/** At most `size` of the calls it runs at once; the rest wait in order. */
export class Gate {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly size: number) {}

  async run<R>(fn: () => Promise<R>): Promise<R> {
    if (this.active >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active += 1;
    try {
      return await fn();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active -= 1;
    }
  }
}

export interface ClaimLoopOptions<T> {
  /** The NOTIFY channel that says new work committed. */
  channel: string;
  /** How often to look again for retries that came due (ms). */
  pollMs: number;
  /** Items in flight at once in this process. */
  concurrency: number;
  /** Claim again only once this many slots are free (or none is busy): fewer, larger claims. */
  refillAt?: number;
  /**
   * Database connections the work may hold at once (claims included), whatever the number in
   * flight: the rest of the pool stays free for the requests of the process running the loop.
   */
  connections?: number;
  /** Claims up to `limit` items; `busy` are the items this loop is still working on. */
  claim(limit: number, busy: ReadonlySet<T>): Promise<T[]>;
  /** Works one claimed item; a throw is logged and the item's lease lets it be tried again. */
  work(item: T): Promise<void>;
  /** For the log. */
  name: string;
}

export class ClaimLoop<T> {
  /** Wrap the work's database calls in `db.run`: they then hold at most `connections` at once. */
  readonly db: Gate;
  private readonly busy = new Set<T>();
  private running: Promise<void> | null = null;
  private again = false;
  /** The last claim took work, or a slot freed since: more may be claimable now. */
  private more = false;
  private wake: (() => void) | null = null;
  private timer: NodeJS.Timeout | null = null;
  private unlisten: (() => Promise<void>) | null = null;
  private closed = false;

  constructor(
    private readonly database: Pick<Database, 'listen'>,
    private readonly log: Log,
    private readonly opts: ClaimLoopOptions<T>,
  ) {
    this.db = new Gate(opts.connections ?? 1);
  }

  async start(): Promise<void> {
    this.unlisten = await this.database.listen(this.opts.channel, () => void this.kick(), this.log as never);
    void this.kick();
  }

  /** Works everything due now; resolves when a claim started after this call found nothing more. */
  kick(): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.again = true;
    this.wake?.();
    this.running ??= Promise.resolve().then(() => this.loop());
    return this.running;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.wake?.();
    await this.running;
    await this.unlisten?.();
    this.unlisten = null;
  }

  private async loop(): Promise<void> {
    const { concurrency } = this.opts;
    const refillAt = Math.min(this.opts.refillAt ?? 1, concurrency);
    for (;;) {
      while (!this.closed) {
        const free = concurrency - this.busy.size;
        const wanted = this.again || this.more;
        // Claim when enough slots are free to make a round trip worth it, or when idle.
        if (wanted && free > 0 && (free >= refillAt || this.busy.size === 0)) {
          this.again = false;
          // Cleared before the claim: an item finishing meanwhile sets it again.
          this.more = false;
          let claimed: T[] = [];
          try {
            claimed = await this.db.run(() => this.opts.claim(free, this.busy));
          } catch (err) {
            this.log.warn({ err }, `${this.opts.name} claim failed; will retry`);
          }
          if (claimed.length > 0) this.more = true;
          for (const item of claimed) this.begin(item);
          continue;
        }
        if (this.busy.size === 0) break;
        // Wait for an item to finish (a free slot) or for a kick.
        await new Promise<void>((resolve) => {
          this.wake = resolve;
        });
        this.wake = null;
      }
      // Only after close() can items still be in flight here.
      await Promise.all([...this.busyWork]);
      this.schedule();
      if (!this.again || this.closed) break;
    }
    this.running = null;
  }

  private readonly busyWork = new Set<Promise<void>>();

  private begin(item: T): void {
    this.busy.add(item);
    const p: Promise<void> = this.opts
      .work(item)
      .catch((err: unknown) => this.log.warn({ err }, `${this.opts.name} item failed; its lease will let it retry`))
      .finally(() => {
        this.busy.delete(item);
        this.busyWork.delete(p);
        // A freed slot (of the loop, or of a capped group) may let due work be claimed.
        this.more = true;
        this.wake?.();
      });
    this.busyWork.add(p);
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
}
