/**
 * Keyset paging of the public lists: the next page starts after the last row's sort key
 * instead of skipping `offset` rows, so a deep page reads a page's worth of index, not every row
 * before it, and a row added or removed meanwhile neither repeats nor skips one.
 *
 * A cursor is the sort's name and the last row's key values as the database writes them as text
 * (exact: a timestamp keeps its microseconds), base64url-encoded JSON. It is read back with each
 * key's type checked before it reaches SQL, so a tampered cursor is a 400, never a 500.
 */
import { and, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { fieldError } from '../../errors';

/** One key of a sort order; the keys together are unique (the last one is the row's id). */
export interface SortKey {
  expr: SQLWrapper;
  desc?: boolean;
  /** May be null; nulls sort last in either direction. */
  nullable?: boolean;
  /** How the key's text is checked and cast back. */
  type: 'timestamptz' | 'uuid' | 'text' | 'int' | 'emirate';
}

/** The row's key values as one JSON text, selected beside the row for its cursor. */
export function cursorColumn(keys: SortKey[]): SQL<string> {
  return sql<string>`json_build_array(${sql.join(
    keys.map((k) => sql`(${k.expr})::text`),
    sql`, `,
  )})::text`;
}

export function encodeCursor(sort: string, keyJson: string): string {
  return Buffer.from(JSON.stringify([sort, ...(JSON.parse(keyJson) as unknown[])])).toString('base64url');
}

const CHECKS: Record<SortKey['type'], RegExp> = {
  timestamptz: /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:\d{2})?|Z)?$/,
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
  text: /^[^\0]{0,400}$/u,
  int: /^-?\d{1,12}$/,
  emirate: /^[a-z_]{1,32}$/,
};

const INVALID = 'Invalid cursor: ask for the first page again';

/** The key values of a cursor made by encodeCursor for this sort; a 400 on `after` otherwise. */
export function decodeCursor(cursor: string, sort: string, keys: SortKey[]): (string | null)[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw fieldError('after', INVALID);
  }
  if (!Array.isArray(parsed) || parsed[0] !== sort || parsed.length !== keys.length + 1) {
    throw fieldError('after', INVALID);
  }
  const values = parsed.slice(1) as unknown[];
  values.forEach((v, i) => {
    const k = keys[i];
    const ok = v === null ? Boolean(k.nullable) : typeof v === 'string' && CHECKS[k.type].test(v);
    if (!ok) throw fieldError('after', INVALID);
  });
  return values as (string | null)[];
}

const cast = (k: SortKey, v: string): SQL => sql`${v}::${sql.raw(k.type === 'emirate' ? 'emirate' : k.type)}`;

/**
 * Rows after the cursor in the keys' order: the first key past the cursor's, or equal to it and
 * the second past, and so on. A leading non-null key is also bounded on its own (`>=`/`<=`), which
 * the sort order's index starts its walk from.
 */
export function afterCursor(keys: SortKey[], values: (string | null)[]): SQL {
  const equal = (k: SortKey, v: string | null): SQL =>
    v === null ? sql`${k.expr} is null` : sql`${k.expr} = ${cast(k, v)}`;
  const past = (k: SortKey, v: string | null): SQL | undefined => {
    // Nulls sort last: nothing is past a null, and a null is past every value.
    if (v === null) return undefined;
    const cmp = k.desc ? sql`${k.expr} < ${cast(k, v)}` : sql`${k.expr} > ${cast(k, v)}`;
    return k.nullable ? (or(cmp, sql`${k.expr} is null`) as SQL) : cmp;
  };
  const branches: SQL[] = [];
  keys.forEach((k, i) => {
    const p = past(k, values[i]);
    if (p) branches.push(and(...keys.slice(0, i).map((e, j) => equal(e, values[j])), p) as SQL);
  });
  const after = branches.length ? (or(...branches) as SQL) : sql`false`;
  const [first] = keys;
  const v0 = values[0];
  if (first.nullable || v0 === null) return after;
  const bound = first.desc ? sql`${first.expr} <= ${cast(first, v0)}` : sql`${first.expr} >= ${cast(first, v0)}`;
  return and(bound, after) as SQL;
}
