/**
 * One data-access layer over two drivers: embedded PGlite (default, persisted under DATA_DIR/db)
 * or a PostgreSQL server through node-postgres when DATABASE_URL is set. Both expose the same
 * Drizzle PgDatabase, so no code outside this file knows which one runs.
 */
import fs from 'node:fs';
import { runDataMigrations } from './data-migrations';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { type ExtractTablesWithRelations, sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { isDatabaseUnavailable, markConnectFailure } from './faults';
import { lockFolder } from './folder-lock';
import { type ListenLog, listenPg } from './listen';
import { PROJECT_ROOT } from '../paths';
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
  /**
   * Runs `fn` while holding the start-up lock (a PostgreSQL advisory lock; PGlite has only one
   * process): migrations and the demo seed of processes starting together never race.
   */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  /**
   * Calls `onNotify` for every NOTIFY on `channel` once the notifying transaction has committed
   * (and after a lost listener connection came back). Returns the function that stops listening.
   */
  listen(
    channel: string,
    onNotify: (payload: string | undefined) => void,
    log: ListenLog,
    /** Told when notifications can reach the listener (true) and when they cannot (false). */
    state?: (connected: boolean) => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** Advisory lock key of start-up work (migrations, admin account, demo seed): "BITA". */
const STARTUP_LOCK_KEY = 0x42495441;

async function withAdvisoryLock<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
    try {
      return await fn(client);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

export const MIGRATIONS_DIR = path.join(PROJECT_ROOT, 'drizzle');

export type DatabaseOptions =
  | {
      kind: 'pglite';
      dataDir?: string;
      /** Start from a dump made by `dumpMigratedPglite` instead of an empty cluster (tests). */
      loadDataDir?: Blob;
    }
  | {
      kind: 'postgres';
      url: string;
      poolSize?: number;
      /**
       * false: the schema is already migrated by the process that opened it first (a worker
       * thread's own pool beside the app's), so no start-up lock is taken.
       */
      migrate?: boolean;
    };

const pgliteExtensions = { pg_trgm, unaccent };

/** A plain read outside a transaction: safe to send again after the connection dropped. */
const IDEMPOTENT_READ = /^\s*select\b/i;

/**
 * A pool that survives the database going away: every client, idle or checked out,
 * has an error listener (node-postgres emits 'error' on a client whose connection dies, and an
 * unhandled 'error' event ends the process); the failed query itself rejects and the error
 * handler answers 503. A plain SELECT sent through the pool is retried once on a fresh
 * connection, so a read that met a terminated backend usually succeeds anyway.
 */
function createResilientPool(url: string, max: number): pg.Pool {
  // Idle connections stay for minutes, not node-postgres's 10 s: a new backend starts with cold
  // caches and compiles every trigger function again, so after each quiet spell the first
  // requests of a burst would pay tens of milliseconds each (bench:ws delivery p99).
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: 10_000, idleTimeoutMillis: 300_000 });
  pool.on('error', () => {
    // An idle client lost its connection; the pool has already dropped it and opens another on demand.
  });
  pool.on('connect', (client) => {
    client.on('error', () => {
      // A checked-out client lost its connection: its query rejects, and release() discards it.
    });
  });
  // Every way into the database goes through connect(): Drizzle's transactions, the pool's own
  // query() (which calls this.connect), the start-up lock. A failure to get a connection is the
  // database being unavailable whatever the server answered (see markConnectFailure).
  const connect = pool.connect.bind(pool) as (cb?: (...a: unknown[]) => void) => Promise<pg.PoolClient> | undefined;
  pool.connect = ((cb?: (err: Error | undefined, client?: pg.PoolClient, done?: () => void) => void) => {
    if (typeof cb === 'function') {
      return connect((err, ...rest) => (cb as (...a: unknown[]) => void)(err ? markConnectFailure(err) : err, ...rest));
    }
    return (connect() as Promise<pg.PoolClient>).catch((err: unknown) => {
      throw markConnectFailure(err);
    });
  }) as typeof pool.connect;
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  const retrying = async (...args: unknown[]) => {
    const first = args[0];
    const text = typeof first === 'string' ? first : (first as { text?: string } | undefined)?.text;
    if (typeof args[args.length - 1] === 'function' || !text || !IDEMPOTENT_READ.test(text)) return query(...args);
    try {
      return await query(...args);
    } catch (err) {
      if (!isDatabaseUnavailable(err)) throw err;
      return query(...args);
    }
  };
  pool.query = retrying as typeof pool.query;
  return pool;
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.kind === 'postgres') {
    const pool = createResilientPool(opts.url, opts.poolSize ?? 10);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    if (opts.migrate !== false)
      await withAdvisoryLock(pool, async (client) => {
        await migratePg(drizzlePg(client), { migrationsFolder: MIGRATIONS_DIR });
        await runDataMigrations(drizzlePg(client, { schema }) as unknown as Db);
      });
    return {
      db,
      kind: 'postgres',
      pool,
      exclusive: (fn) => withAdvisoryLock(pool, () => fn()),
      listen: (channel, onNotify, log, state) => listenPg(pool, channel, onNotify, log, {}, state),
      close: () => pool.end(),
    };
  }
  if (opts.dataDir) fs.mkdirSync(opts.dataDir, { recursive: true });
  // One process per folder: throws FolderLockedError when another one holds it.
  const lock = opts.dataDir ? lockFolder(path.resolve(opts.dataDir)) : null;
  try {
    const client = await PGlite.create({
      dataDir: opts.dataDir,
      loadDataDir: opts.loadDataDir,
      extensions: pgliteExtensions,
    });
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    await migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_DIR });
    await runDataMigrations(db);
    return {
      db,
      kind: 'pglite',
      exclusive: (fn) => fn(),
      async listen(channel, onNotify, _log, state) {
        const unlisten = await client.listen(channel, (payload) => onNotify(payload || undefined));
        // In-process: notifications arrive while the database is open.
        state?.(true);
        return async () => {
          if (!client.closed) await unlisten();
        };
      },
      async close() {
        try {
          await client.close();
        } finally {
          lock?.release();
        }
      },
    };
  } catch (err) {
    lock?.release();
    throw err;
  }
}

/**
 * A migrated in-memory cluster as a tarball: test runs migrate once and start every test file's
 * database from this dump instead of replaying every migration.
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

/** The `when` of the newest migration in drizzle/ (drizzle-kit's journal). */
function latestMigrationStamp(): number {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(0, ...journal.entries.map((e) => e.when));
}

/**
 * Readiness (/health/ready): the database answers and every migration in drizzle/ is
 * applied (Drizzle's migrators record each one's stamp in drizzle.__drizzle_migrations).
 * Throws when the database cannot be reached.
 */
export async function migrationsApplied(db: Db): Promise<boolean> {
  const result = await db.execute<{ applied: string | number | null }>(
    sql`select max(created_at) as applied from drizzle.__drizzle_migrations`,
  );
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
    applied: string | number | null;
  }[];
  return Number(rows[0]?.applied ?? 0) >= latestMigrationStamp();
}
