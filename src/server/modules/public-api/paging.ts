/**
 * Keyset pages for the public API, in the order of the last change: (updated_at, id) ascending.
 * The cursor carries the last row's updated_at as PostgreSQL wrote it, to the microsecond (a
 * JavaScript Date keeps milliseconds, and a row written within the same millisecond as the cursor
 * would be read twice or skipped), and its id; it is opaque to clients.
 *
 * A page's ids are chosen on the resource's own table first, then the caller loads those rows with
 * whatever joins it needs and gets them back in page order.
 */
import { and, asc, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { V1PageQuery } from '../../../core/schemas/public-api';
import type { DbOrTx } from '../../db/client';
import { badRequest } from '../../errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const STAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

const encode = (stamp: string, id: string) => Buffer.from(JSON.stringify([stamp, id])).toString('base64url');

function decode(cursor: string): [string, string] {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && STAMP.test(String(value[0])) && UUID.test(String(value[1])))
      return [value[0], value[1]];
  } catch {
    // Falls through to the error below.
  }
  throw badRequest('This cursor is not one this API gave out; start again without it.', 'INVALID_CURSOR', {
    errors: { cursor: 'Not a cursor of this API' },
  });
}

export interface PageOf {
  ids: string[];
  next_cursor: string | null;
}

export async function pageIds(
  db: DbOrTx,
  table: PgTable,
  cols: { id: AnyPgColumn; updatedAt: AnyPgColumn },
  scope: SQL | undefined,
  q: V1PageQuery,
): Promise<PageOf> {
  const stamp = sql<string>`to_char(${cols.updatedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
  const after = q.cursor ? decode(q.cursor) : null;
  const rows = await db
    .select({ id: sql<string>`${cols.id}::text`, stamp })
    .from(table)
    .where(
      and(
        scope,
        q.updated_since ? sql`${cols.updatedAt} >= ${q.updated_since}::timestamptz` : undefined,
        after ? sql`(${cols.updatedAt}, ${cols.id}) > (${after[0]}::timestamptz, ${after[1]}::uuid)` : undefined,
      ),
    )
    .orderBy(asc(cols.updatedAt), asc(cols.id))
    .limit(q.limit + 1);
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  return {
    ids: page.map((r) => r.id),
    next_cursor: rows.length > q.limit && last ? encode(last.stamp, last.id) : null,
  };
}

/** Puts loaded rows back in the page's order. */
export function inPageOrder<T>(ids: string[], rows: T[], idOf: (row: T) => string): T[] {
  const byId = new Map(rows.map((r) => [idOf(r), r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
}
