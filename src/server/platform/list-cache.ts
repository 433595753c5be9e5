/**
 * The public lists (directory, properties) cached per process for a few seconds, and dropped
 * as soon as an approval or any other change commits. Forty visitors opening the
 * directory's first page cost one query, not forty.
 *
 * Never stale after a change: every lookup first asks the committed `list_version`, which goes up
 * when a transaction that changed a card, a listing or a user commits, in any process (migration
 * 0013); list-version.ts knows it in memory where it can (pushed by NOTIFY) and reads it otherwise. The version is part of the key, so an approval, a hidden card or
 * a suspended owner shows at once. The version is read before the list, so an entry is never
 * filed under a version newer than its rows. The TTL only bounds what depends on the clock (a
 * subscription that ends, a listing that expires).
 *
 * A miss is made once however many requests ask for it at the same time, and the entry holds the
 * JSON text already serialized, so a hit costs neither a query nor a serialization.
 */
import type { FastifyReply } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { DbOrTx } from '../db/client';
import { readListVersion } from './list-version';

export interface CachedList {
  /** The page as JSON text, sent as it is. */
  body: string;
  /** The X-Total-Count of the page (none on a page after a cursor: the first page told it). */
  total?: number;
  /** The X-Next-Cursor of the page: where the next page starts, when there is one. */
  next?: string;
}

export interface ListCacheOptions {
  /** How long an entry lives at most (default 10 s). */
  ttlMs?: number;
  /** Entries at most (default 500); the JSON held is bounded by maxBytes too. */
  max?: number;
  maxBytes?: number;
}

export type ListCache = ReturnType<typeof createListCache>;

export { readListVersion };

/** `version` answers the committed list version (a ListVersion's `current`, or a read of `db`). */
export function createListCache(version: DbOrTx | (() => Promise<number>), options: ListCacheOptions = {}) {
  const currentVersion = typeof version === 'function' ? version : () => readListVersion(version);
  const cache = new LRUCache<string, CachedList>({
    max: options.max ?? 500,
    ttl: options.ttlMs ?? 10_000,
    maxSize: options.maxBytes ?? 32 * 1024 * 1024,
    sizeCalculation: (entry) => entry.body.length + 64,
  });
  const pending = new Map<string, Promise<CachedList>>();
  let hits = 0;
  let misses = 0;

  return {
    /** The list for `key` (the route and its canonical query); `make` runs on a miss. */
    async get(key: string, make: () => Promise<CachedList>): Promise<CachedList> {
      const full = `${await currentVersion()}|${key}`;
      const hit = cache.get(full);
      if (hit) {
        hits++;
        return hit;
      }
      const running = pending.get(full);
      if (running) {
        hits++;
        return running;
      }
      misses++;
      const p = make()
        .then((entry) => {
          cache.set(full, entry);
          return entry;
        })
        .finally(() => pending.delete(full));
      pending.set(full, p);
      return p;
    },
    stats() {
      return { hits, misses, size: cache.size };
    },
  };
}

/**
 * Sends a cached page: its JSON text as it is (Fastify does not serialize a string again), its
 * total in X-Total-Count and the next page's cursor in X-Next-Cursor.
 */
export function sendCachedList(reply: FastifyReply, page: CachedList): FastifyReply {
  if (page.total !== undefined) reply.header('X-Total-Count', String(page.total));
  if (page.next !== undefined) reply.header('X-Next-Cursor', page.next);
  return sendJsonText(reply, page.body);
}

/** Sends JSON already serialized (a cached answer) as it is. */
export function sendJsonText(reply: FastifyReply, body: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(body);
}

/** A stable key for a validated query: the same filters in any order are one entry. */
export function queryKey(route: string, query: Record<string, unknown>): string {
  const entries = Object.entries(query)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${route}?${JSON.stringify(entries)}`;
}
