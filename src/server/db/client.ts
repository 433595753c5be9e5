/**
 * One data-access layer over two drivers: embedded PGlite (default, persisted under DATA_DIR/db)
 * or a PostgreSQL server through node-postgres when DATABASE_URL is set. Both expose the same
 * Drizzle PgDatabase, so no code outside this file knows which one runs.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A database handle or an open transaction: repository functions accept either. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Present for PostgreSQL: the pool, for LISTEN/NOTIFY clients. */
  pool?: pg.Pool;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../drizzle');

export type DatabaseOptions =
  | {
      kind: 'pglite';
      dataDir?: string;
      /** Start from a dump made by `dumpMigratedPglite` instead of an empty cluster (tests). */
      loadDataDir?: Blob;
    }
  | { kind: 'postgres'; url: string; poolSize?: number };

const pgliteExtensions = { pg_trgm, unaccent };

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: opts.url, max: opts.poolSize ?? 10 });
    pool.on('error', () => {
      // An idle client lost its connection; the pool replaces it on the next query.
    });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    await migratePg(drizzlePg(pool), { migrationsFolder: MIGRATIONS_DIR });
    return { db, kind: 'postgres', pool, close: () => pool.end() };
  }
  if (opts.dataDir) fs.mkdirSync(opts.dataDir, { recursive: true });
  const client = await PGlite.create({
    dataDir: opts.dataDir,
    loadDataDir: opts.loadDataDir,
    extensions: pgliteExtensions,
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_DIR });
  return { db, kind: 'pglite', close: () => client.close() };
}

/**
 * A migrated in-memory cluster as a tarball: test runs migrate once and start every test file's
 * database from this dump (CONVENTIONS §13, issue 16) instead of replaying every migration.
 */
export async function dumpMigratedPglite(): Promise<Blob> {
  const client = await PGlite.create({ extensions: pgliteExtensions });
  try {
    await migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_DIR });
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}
