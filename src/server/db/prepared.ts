/**
 * Statements built once per database handle. Drizzle assembles a query's SQL text from
 * its builder on every call: half a millisecond of CPU for the session read, which selects every
 * user column, on every signed-in request. The hottest queries are therefore built once with
 * placeholders (`sql.placeholder`) and only executed afterwards; on PostgreSQL they are named
 * prepared statements as well, parsed once per pooled connection.
 *
 * Only a database handle is ever given here, never a transaction: a statement built on the pool
 * would run outside the caller's transaction.
 */
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client';

const built = new WeakMap<Db, Map<string, unknown>>();

/** The statement `name` of this database, built by `build` on first use. Names are unique per statement. */
export function prepareOnce<T>(db: Db, name: string, build: (db: Db) => T): T {
  let byName = built.get(db);
  if (!byName) {
    byName = new Map();
    built.set(db, byName);
  }
  let statement = byName.get(name) as T | undefined;
  if (statement === undefined) {
    statement = build(db);
    byName.set(name, statement);
  }
  return statement;
}

const dialect = new PgDialect();

/** A hand-written statement prepared once: `execute` fills its placeholders and answers the rows. */
export interface PreparedRows<Row> {
  execute(values: Record<string, unknown>): Promise<Row[]>;
}

/**
 * `prepareOnce` for SQL that the query builder cannot express (a data-modifying CTE that
 * inserts from a select and notifies). Rows come back as the driver gives them: snake_case
 * names, timestamps as the driver's text or Date.
 */
export function prepareRows<Row>(db: Db, name: string, build: () => SQL): PreparedRows<Row> {
  return prepareOnce(db, name, (d) => {
    const statement = d._.session.prepareQuery(dialect.sqlToQuery(build()), undefined, name, false);
    return {
      execute: async (values) => ((await statement.execute(values)) as { rows: Row[] }).rows,
    };
  });
}
