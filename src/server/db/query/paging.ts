/**
 * Paging helpers of the public lists (one home for what several modules
 * share): a total that is only counted when the page cannot tell it, and a count that stops early.
 */
import { eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { LIMITS } from '../../../core/limits';
import type { DbOrTx } from '../client';
import { type businessCards, type properties, users } from '../schema';

/** Totals above this are reported as this number: counting further costs more than it tells. */
export const TOTAL_CAP = LIMITS.totalCountCap;

/**
 * The total behind a page: a page with no row after it (`more`: the page query read one row past
 * the page and found none) tells it without counting, unless it is past the end; otherwise
 * `count` runs. Shared by the directory and the property list.
 */
export async function pageTotal(
  page: { limit: number; offset: number },
  returned: number,
  more: boolean,
  count: () => Promise<number>,
): Promise<number> {
  if (more || (returned === 0 && page.offset > 0)) return count();
  return page.offset + returned;
}

/**
 * Above this many rows by the planner's estimate, the total is reported as TOTAL_CAP without
 * counting: counting a thousand rows costs as much as several pages, and an estimate this far
 * above the cap is not wrong about "more than TOTAL_CAP" on the statistics of the filtered
 * columns (drizzle/0034: extended statistics over the filters that go together).
 */
export const ESTIMATE_BOUND = TOTAL_CAP * 2;

/**
 * The query of the rows of `table` matching `where` (for its estimate), joined to their owner
 * when the conditions read the owner (`ownerColumn`; cards carry their owner's side themselves).
 */
export function matchingQuery(
  db: DbOrTx,
  table: typeof businessCards | typeof properties,
  ownerColumn: PgColumn | undefined,
  where: SQL | undefined,
) {
  const from = db.select({ one: sql`1` }).from(table);
  return (ownerColumn ? from.innerJoin(users, eq(users.id, ownerColumn)) : from).where(where);
}

/**
 * A filter the planner expects to match fewer rows than this is read matches first: its rows
 * come from the filters' indexes and are sorted, instead of walking the sort order's index
 * until a page of them turns up (which reads the whole table when they are rare or none).
 * Sorting a few thousand rows costs a few milliseconds; a walk through 100,000 listings hundreds.
 */
export const SORT_MATCHES_BELOW = 3000;

/** How a page is read: its matches sorted (few expected), or its sort order walked. */
export interface PagePlan {
  /** The planner's estimate of the matching rows. */
  planned: number;
  sortMatches: boolean;
}

export async function planPage(db: DbOrTx, matching: SQLWrapper): Promise<PagePlan> {
  const planned = await plannedRows(db, matching);
  return { planned, sortMatches: planned < SORT_MATCHES_BELOW };
}

/**
 * Counts the rows of `table` matching `where` (joined to their owner), stopping at TOTAL_CAP; a
 * filter the planner expects to match far more than that (`planned`) is not counted
 * (ESTIMATE_BOUND).
 */
export async function cappedCount(
  db: DbOrTx,
  table: typeof businessCards | typeof properties,
  ownerColumn: PgColumn | undefined,
  where: SQL | undefined,
  planned?: number,
): Promise<number> {
  if ((planned ?? (await plannedRows(db, matchingQuery(db, table, ownerColumn, where)))) >= ESTIMATE_BOUND) {
    return TOTAL_CAP;
  }
  const [{ count }] = await cappedCountQuery(db, table, ownerColumn, where);
  return Math.min(count, TOTAL_CAP);
}

/** The rows the planner expects `query` to return (planned only, not run). */
export async function plannedRows(db: DbOrTx, query: SQLWrapper): Promise<number> {
  const res = await db.execute(sql`explain (format json) ${query}`);
  const rows =
    (res as unknown as { rows?: Record<string, unknown>[] }).rows ?? (res as unknown as Record<string, unknown>[]);
  const raw = rows[0]?.['QUERY PLAN'];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: { 'Plan Rows': number } }[];
  return plan[0]?.Plan['Plan Rows'] ?? 0;
}

/**
 * The query of cappedCount (also planned by scripts/explain-miss.ts). Joined to the owner, it
 * stops at TOTAL_CAP. On one table (the cards, which carry their owner's side) it counts every
 * match: there a LIMIT lets the planner cost a sequential scan as stopping early whenever it
 * expects more matches than the limit, and a filter it overrates (a misspelt name, matching none)
 * then reads the whole table; its indexes count the few thousand matches the estimate allows
 * (below ESTIMATE_BOUND) for less.
 */
export function cappedCountQuery(
  db: DbOrTx,
  table: typeof businessCards | typeof properties,
  ownerColumn: PgColumn | undefined,
  where: SQL | undefined,
) {
  const matching = matchingQuery(db, table, ownerColumn, where);
  const capped = (ownerColumn ? matching.limit(TOTAL_CAP) : matching).as('capped');
  return db.select({ count: sql<number>`count(*)::int` }).from(capped);
}
