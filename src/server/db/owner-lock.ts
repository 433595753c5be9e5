/**
 * Count-limited creates ("at most 20 services per account") read a count and then insert. Two
 * requests of one owner running side by side both read 19 and both insert, so a burst of parallel
 * creates overshoots the limit. Each such create runs its count and insert in a transaction that
 * first takes a transaction-scoped advisory lock on (what, owner): the owner's creates of that kind
 * queue behind one another, everybody else's run freely, and the lock ends with the transaction.
 * Advisory locks work the same on PostgreSQL and PGlite, and need no row to exist.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client';

/** The kinds of per-owner counted rows; the lock key is (hashtext(kind), hashtext(owner id)). */
export type CountedKind =
  | 'services'
  | 'properties'
  | 'cards'
  | 'contacts'
  | 'message-templates'
  | 'webhook-endpoints'
  | 'lead-notes';

/**
 * Runs `fn` in a transaction (a savepoint when `db` already is one) holding the lock of `kind`
 * for `ownerId` until the outermost transaction ends.
 */
export function withOwnerCountLock<T>(
  db: DbOrTx,
  kind: CountedKind,
  ownerId: string,
  fn: (tx: DbOrTx) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${kind}), hashtext(${ownerId}))`);
    return fn(tx);
  });
}
