/**
 * Paging helpers of the public lists (issue 4: one home for what several modules
 * share): a total that is only counted when the page cannot tell it, and a count that stops early.
 */
import { eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { LIMITS } from '../../../core/limits';
import type { DbOrTx } from '../client';
import { type businessCards, type properties, users } from '../schema';

/** Totals above this are reported as this number: counting further costs more than it tells. */
export const TOTAL_CAP = LIMITS.totalCountCap;

/**
 * The total behind a page: a short page tells it without counting (unless it is past the end);
 * otherwise `count` runs. Shared by the directory and the
 * property list.
 */
export async function pageTotal(
  page: { limit: number; offset: number },
  returned: number,
  count: () => Promise<number>,
): Promise<number> {
  if (returned === page.limit || (returned === 0 && page.offset > 0)) return count();
  return page.offset + returned;
}

/** Counts the rows of `table` matching `where` (joined to their owner), stopping at TOTAL_CAP. */
export async function cappedCount(
  db: DbOrTx,
  table: typeof businessCards | typeof properties,
  ownerColumn: PgColumn,
  where: SQL | undefined,
): Promise<number> {
  const capped = db
    .select({ one: sql`1` })
    .from(table)
    .innerJoin(users, eq(users.id, ownerColumn))
    .where(where)
    .limit(TOTAL_CAP)
    .as('capped');
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(capped);
  return count;
}
