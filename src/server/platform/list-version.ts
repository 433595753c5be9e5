/**
 * The committed list version (migration 0013), known in memory (no per-request work
 * that can be done once). Every cached public answer (directory and property pages, the card a
 * stranger opens, its vCard and QR) is filed under the version, which goes up when a transaction
 * that changed a card, a listing or a user commits.
 *
 * Reading the version costs a database round trip. With `push` (the default outside tests), the
 * database tells every process the new version at commit (NOTIFY bitaqa_list_version, migration
 * 0018), and a process answers from memory while it can trust what it knows:
 *  - after a write answered by this process (`suspect`, called by the app for every POST, PUT,
 *    PATCH and DELETE) the next read goes to the database, so a user sees their own change at once
 *    even before the notification arrives;
 *  - while the listener's connection is down, and once after it came back (notifications may have
 *    been missed), every read goes to the database;
 *  - a change made by another process is seen when its notification arrives (a few milliseconds).
 * A read that started before a `suspect` does not make the version trusted (generation check).
 * Without `push`, every read goes to the database (API tests write rows directly and read at once).
 */
import { eq } from 'drizzle-orm';
import type { Database, DbOrTx } from '../db/client';
import type { ListenLog } from '../db/listen';
import { listVersion } from '../db/schema';

export const LIST_VERSION_CHANNEL = 'bitaqa_list_version';

export async function readListVersion(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ version: listVersion.version }).from(listVersion).where(eq(listVersion.id, 1));
  return row?.version ?? 0;
}

export interface ListVersion {
  /** The committed version: from memory when it can be trusted, else read. */
  current(): Promise<number>;
  /** This process just changed data: the next read goes to the database. */
  suspect(): void;
  /** How reads were answered (for tests and /metrics-style checks). */
  stats(): { fromMemory: number; fromDatabase: number };
  /** Resolves once a notification of at least `version` has arrived (tests). */
  reached(version: number): Promise<void>;
  close(): Promise<void>;
}

export interface ListVersionOptions {
  push: boolean;
  log: ListenLog;
  /** How the version is read when memory cannot be trusted (default: the list_version row). */
  read?: () => Promise<number>;
}

export async function watchListVersion(database: Database, options: ListVersionOptions): Promise<ListVersion> {
  const read = options.read ?? (() => readListVersion(database.db));
  let known = 0;
  let connected = false;
  let trusted = false;
  /** Goes up whenever what is known may have become stale; a read trusts only its own generation. */
  let generation = 0;
  let fromMemory = 0;
  let fromDatabase = 0;
  const waiters = new Set<{ version: number; resolve: () => void }>();

  const distrust = () => {
    trusted = false;
    generation++;
  };
  const learn = (version: number) => {
    if (version > known) known = version;
    for (const w of waiters) {
      if (known >= w.version) {
        waiters.delete(w);
        w.resolve();
      }
    }
  };

  const unlisten = options.push
    ? await database.listen(
        LIST_VERSION_CHANNEL,
        (payload) => {
          // No payload: the listener reconnected and may have missed notifications.
          if (payload === undefined) distrust();
          else learn(Number(payload));
        },
        options.log,
        (up) => {
          connected = up;
          if (!up) distrust();
        },
      )
    : async () => {};

  return {
    async current() {
      if (trusted) {
        fromMemory++;
        return known;
      }
      const started = generation;
      const version = await read();
      fromDatabase++;
      learn(version);
      if (options.push && connected && started === generation) trusted = true;
      return known;
    },
    suspect: distrust,
    stats: () => ({ fromMemory, fromDatabase }),
    reached(version) {
      if (known >= version) return Promise.resolve();
      return new Promise((resolve) => waiters.add({ version, resolve }));
    },
    close: () => unlisten(),
  };
}
