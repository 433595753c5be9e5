/**
 * The uploads table and the object store kept in step.
 *
 * - `put` records the object (owner = the first uploader) and writes its bytes.
 * - References are derived, not stored: an object is in use while any photo column names its URL
 *   (REFERENCES below). Deleting a card, listing or account calls `release` in its transaction,
 *   which marks the photos nothing else uses (`orphaned_at`); after the commit `purge` deletes
 *   their rows and bytes, checking once more that nothing took them up meanwhile.
 * - `sweep` (periodic, one process at a time through an advisory lock) marks every unreferenced
 *   object and deletes those unreferenced for longer than the grace period (24 h by default), so
 *   what a crash left behind goes too, and a photo uploaded for a card still being written stays.
 * - `backfill` registers objects found in the store but not in the table (installs from before
 *   the table existed), owner unknown.
 *
 * `put` and `purge` hold a per-key advisory lock while they touch a key's row and bytes, so
 * uploading the same photo again while it is being deleted cannot lose the new upload's bytes.
 */
import { and, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client';
import { uploads } from '../../db/schema';
import type { ObjectStore } from './object-store';

export const UPLOAD_URL_PREFIX = '/api/uploads/';
/** A stored key as URLs may carry it. */
export const STORED_KEY_RE = /^[a-f0-9]{64}\.webp$/;

/** Advisory lock class of upload keys (two-int form, so it never meets the start-up lock). */
const KEY_LOCK_CLASS = 0x55504c44; // "UPLD"
/** Advisory lock of the sweep: one process sweeps at a time. */
const SWEEP_LOCK = 0x53575050; // "SWPP"

export const UPLOAD_DEFAULTS = {
  /** How long an object may stay unreferenced before the sweep deletes it. */
  graceMs: 24 * 60 * 60 * 1000,
  /** How often the sweep runs. */
  sweepIntervalMs: 60 * 60 * 1000,
};

export type UploadOptions = typeof UPLOAD_DEFAULTS;

/** Every URL a photo column holds (cards, card revisions, users, listings, listing revisions, services, brokerage logos). */
const REFERENCES = sql`
  select profile_image_url as url from business_cards
  union select pending_revision->>'profileImageUrl' from business_cards
  union select profile_image_url from users
  union select unnest(image_urls) from properties
  union select jsonb_array_elements_text(
    case when jsonb_typeof(pending_revision->'imageUrls') = 'array' then pending_revision->'imageUrls' else '[]'::jsonb end
  ) from properties
  union select image_url from business_services
  union select logo_url from brokerages
  union select photo_url from contacts`;

/** The stored key behind one of our upload URLs, or null for anything else. */
export function keyOfUrl(url: string | null | undefined): string | null {
  const key = url?.startsWith(UPLOAD_URL_PREFIX) ? url.slice(UPLOAD_URL_PREFIX.length) : null;
  return key && STORED_KEY_RE.test(key) ? key : null;
}

/** Whether any photo column still names the object. */
export async function isReferenced(db: DbOrTx, key: string): Promise<boolean> {
  const url = UPLOAD_URL_PREFIX + key;
  const result = await db.execute(sql`
    select 1 from business_cards where profile_image_url = ${url} or pending_revision->>'profileImageUrl' = ${url}
    union all select 1 from users where profile_image_url = ${url}
    union all select 1 from properties where ${url} = any(image_urls) or coalesce(pending_revision->'imageUrls', '[]'::jsonb) ? ${url}
    union all select 1 from business_services where image_url = ${url}
    union all select 1 from brokerages where logo_url = ${url}
    union all select 1 from contacts where photo_url = ${url}
    limit 1`);
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export interface UploadLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

export class Uploads {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  readonly options: UploadOptions;

  constructor(
    private readonly database: Database,
    readonly store: ObjectStore,
    private readonly now: () => Date,
    private readonly log: UploadLog,
    options: Partial<UploadOptions> = {},
  ) {
    this.options = { ...UPLOAD_DEFAULTS, ...options };
  }

  private get db() {
    return this.database.db;
  }

  /** Records the object (first uploader owns it) and writes its bytes if the store lacks them. */
  async put(key: string, data: Buffer, contentType: string, ownerId: string | null): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${KEY_LOCK_CLASS}, hashtext(${key}))`);
      await tx
        .insert(uploads)
        .values({ key, size: data.length, contentType, ownerId, createdAt: this.now() })
        .onConflictDoUpdate({
          target: uploads.key,
          set: { orphanedAt: null, ownerId: sql`coalesce(${uploads.ownerId}, excluded.owner_id)` },
        });
      if (!(await this.store.head(key))) await this.store.put(key, data, contentType);
    });
  }

  /**
   * In the transaction that deletes a card, listing or account (after its rows are gone): marks
   * the given photos that nothing references any more. Returns their keys, for `purge` after commit.
   */
  async release(tx: DbOrTx, urls: Iterable<string | null | undefined>): Promise<string[]> {
    const keys = [...new Set([...urls].map(keyOfUrl).filter((k): k is string => !!k))];
    const unused: string[] = [];
    for (const key of keys) if (!(await isReferenced(tx, key))) unused.push(key);
    if (unused.length)
      await tx
        .update(uploads)
        .set({ orphanedAt: sql`coalesce(${uploads.orphanedAt}, ${this.now().toISOString()}::timestamptz)` })
        .where(inArray(uploads.key, unused));
    return unused;
  }

  /**
   * Deletes the objects' rows and bytes, each only if still unreferenced (checked under the key's
   * lock). A failure leaves the row for the sweep. Returns how many were deleted.
   */
  async purge(keys: Iterable<string>): Promise<number> {
    let removed = 0;
    for (const key of keys) {
      try {
        const gone = await this.db.transaction(async (tx) => {
          await tx.execute(sql`select pg_advisory_xact_lock(${KEY_LOCK_CLASS}, hashtext(${key}))`);
          if (await isReferenced(tx, key)) {
            await tx.update(uploads).set({ orphanedAt: null }).where(eq(uploads.key, key));
            return false;
          }
          await tx.delete(uploads).where(eq(uploads.key, key));
          await this.store.delete(key);
          return true;
        });
        if (gone) removed += 1;
      } catch (err) {
        this.log.warn({ err, key }, 'could not delete an unused upload; the sweep will retry');
      }
    }
    return removed;
  }

  /**
   * One sweep: marks unreferenced objects, clears the mark of referenced ones, and deletes those
   * unreferenced for longer than the grace period. Skipped (returns null) while another process sweeps.
   */
  async sweep(): Promise<{ removed: number; orphaned: number } | null> {
    const now = this.now();
    const cutoff = new Date(now.getTime() - this.options.graceMs);
    const due = await this.db.transaction(async (tx) => {
      const [lock] = rowsOf<{ ok: boolean }>(
        await tx.execute(sql`select pg_try_advisory_xact_lock(${SWEEP_LOCK}) as ok`),
      );
      if (!lock?.ok) return null;
      await tx.execute(sql`
        with refs as (${REFERENCES})
        update uploads u set orphaned_at = case
          when exists (select 1 from refs where refs.url = ${UPLOAD_URL_PREFIX}::text || u.key) then null
          else coalesce(u.orphaned_at, ${now.toISOString()}::timestamptz) end
        where (u.orphaned_at is null) = not exists (select 1 from refs where refs.url = ${UPLOAD_URL_PREFIX}::text || u.key)`);
      const rows = await tx
        .select({ key: uploads.key })
        .from(uploads)
        .where(and(isNotNull(uploads.orphanedAt), lte(uploads.orphanedAt, cutoff), lte(uploads.createdAt, cutoff)));
      const [{ n }] = rowsOf<{ n: number }>(
        await tx.execute(sql`select count(*)::int as n from uploads where orphaned_at is not null`),
      );
      return { keys: rows.map((r) => r.key), orphaned: n };
    });
    if (!due) return null;
    const removed = await this.purge(due.keys);
    if (removed) this.log.info({ removed }, 'swept unused uploads');
    return { removed, orphaned: due.orphaned - removed };
  }

  /** Registers objects in the store that the table does not know (owner unknown). Returns how many. */
  async backfill(): Promise<number> {
    let added = 0;
    let batch: { key: string; size: number; contentType: string; ownerId: null; createdAt: Date }[] = [];
    const flush = async () => {
      if (!batch.length) return;
      const inserted = await this.db
        .insert(uploads)
        .values(batch)
        .onConflictDoNothing({ target: uploads.key })
        .returning({ key: uploads.key });
      added += inserted.length;
      batch = [];
    };
    for await (const o of this.store.list()) {
      if (!STORED_KEY_RE.test(o.key)) continue;
      batch.push({ key: o.key, size: o.size, contentType: o.contentType, ownerId: null, createdAt: this.now() });
      if (batch.length >= 500) await flush();
    }
    await flush();
    if (added) this.log.info({ added }, 'registered uploads found in storage');
    return added;
  }

  /** Starts the periodic sweep. */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.sweep()
        .catch((err) => this.log.warn({ err }, 'upload sweep failed'))
        .finally(() => {
          this.running = null;
        });
    }, this.options.sweepIntervalMs);
    this.timer.unref();
  }

  /** Stops the sweep (waits for one in progress) and closes the store. */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
    await this.store.close();
  }
}
