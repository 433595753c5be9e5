/**
 * A fresh, migrated database for each test file. PGlite in memory by default; with
 * TEST_TARGET=postgres (npm test sets it when TEST_DATABASE_URL is present) a new database on the
 * server cloned from a migrated template, so runs never see each other's rows.
 *
 * PGlite instances are reused within a worker: starting one from the migrated dump
 * costs 0.7–1.2 s of CPU, emptying its tables about 60 ms. A returned instance is handed out
 * again only after it has been emptied and checked to be the migrated schema and nothing more.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../../src/server/db/client';

export const usePostgres = process.env.TEST_TARGET === 'postgres';

function serverUrl(dbName?: string): string {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_TARGET=postgres needs TEST_DATABASE_URL');
  const u = new URL(base);
  if (dbName) u.pathname = `/${dbName}`;
  return u.toString();
}

export async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A test database; `url` is set on PostgreSQL so a test can open more pools (two processes). */
export type TestDatabase = Database & {
  url?: string;
  /**
   * Really closes the connection, for tests of an unreachable database. `close` instead hands a
   * PGlite instance back for reuse; on PostgreSQL it ends the pool if `end` has not, and drops the
   * database.
   */
  end(): Promise<void>;
};

/**
 * Opens a test database; `close` drops it again (PostgreSQL) or returns it to this worker's
 * idle PGlite instances, emptied before the next test file gets it.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (!usePostgres) return acquirePglite();
  const name = `bitaqa_t_${crypto.randomBytes(6).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name} TEMPLATE ${inject('templateDb')}`);
  const database = await openDatabase({ kind: 'postgres', url: serverUrl(name), poolSize: 5 });
  let ended = false;
  const end = async () => {
    if (ended) return;
    ended = true;
    await database.close();
  };
  const close = async () => {
    await end();
    await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  };
  return { ...database, url: serverUrl(name), close, end };
}

/** URL of a test database on the server, for tests that start several processes. */
export function postgresUrlFor(name: string): string {
  return serverUrl(name);
}

/** What a freshly migrated cluster holds, read from the first instance this worker starts. */
interface Baseline {
  /** Tables, views, indexes, functions, triggers, migrations: any DDL a test ran changes it. */
  fingerprint: string;
  tables: string[];
  /** Rows the migrations themselves insert (e.g. list_version), put back after emptying. */
  seedRows: { table: string; columns: string[]; json: string }[];
}
let baseline: Promise<Baseline> | undefined;
const idle: Database[] = [];

const FINGERPRINT = sql`
  select concat_ws('|',
    (select string_agg(c.relname || ':' || c.relkind::text, ',' order by c.relname) from pg_class c
      where c.relnamespace = 'public'::regnamespace),
    (select string_agg(p.proname, ',' order by p.proname) from pg_proc p where p.pronamespace = 'public'::regnamespace),
    (select string_agg(t.tgname, ',' order by t.tgname) from pg_trigger t where not t.tgisinternal),
    (select count(*) from drizzle.__drizzle_migrations)
  ) as fingerprint`;

/** Session state a test file could leave behind that emptying the tables does not undo. */
const LEFTOVERS = sql`
  select (select count(*) from pg_listening_channels())
       + (select count(*) from pg_locks where locktype = 'advisory') as n`;

type Runner = Pick<Database['db'], 'execute'>;
/** The rows of a raw statement (both drivers answer `{ rows }`). */
async function rows<T>(db: Runner, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function readBaseline(database: Database): Promise<Baseline> {
  const { db } = database;
  const [{ fingerprint }] = await rows<{ fingerprint: string }>(db, FINGERPRINT);
  const tables = (
    await rows<{ name: string }>(db, sql`select tablename as name from pg_tables where schemaname = 'public'`)
  ).map((r) => r.name);
  const seedRows: Baseline['seedRows'] = [];
  for (const table of tables) {
    const [{ json }] = await rows<{ json: string | null }>(
      db,
      sql.raw(`select json_agg(t)::text as json from "${table}" t`),
    );
    if (!json) continue;
    const columns = (
      await rows<{ name: string }>(
        db,
        sql`select column_name as name from information_schema.columns
            where table_schema = 'public' and table_name = ${table} and is_generated = 'NEVER'`,
      )
    ).map((r) => `"${r.name}"`);
    seedRows.push({ table, columns, json });
  }
  return { fingerprint, tables, seedRows };
}

/**
 * Empties a returned instance back to the migrated state; false when it cannot be trusted to be
 * that state (closed, left where statements fail, schema changed, a listener or lock left behind).
 */
async function reset(database: Database, base: Baseline): Promise<boolean> {
  try {
    const { db } = database;
    const [{ n }] = await rows<{ n: number }>(db, LEFTOVERS);
    if (Number(n) > 0) return false;
    const [{ fingerprint }] = await rows<{ fingerprint: string }>(db, FINGERPRINT);
    if (fingerprint !== base.fingerprint) return false;
    await db.transaction(async (tx) => {
      await tx.execute(sql.raw(`truncate ${base.tables.map((t) => `"${t}"`).join(', ')} restart identity cascade`));
      for (const seed of base.seedRows) {
        const columns = seed.columns.join(', ');
        await tx.execute(
          sql`${sql.raw(`insert into "${seed.table}" (${columns}) overriding system value select ${columns} from json_populate_recordset(null::"${seed.table}", `)}${seed.json}::json)`,
        );
      }
    });
    return true;
  } catch {
    // Closed by the test, or left in a state a statement fails in: start a new one instead.
    return false;
  }
}

async function acquirePglite(): Promise<TestDatabase> {
  let database: Database | undefined;
  while (!database && idle.length) {
    const candidate = idle.pop() as Database;
    if (baseline && (await reset(candidate, await baseline))) database = candidate;
    else await candidate.close().catch(() => {});
  }
  if (!database) {
    database = await openDatabase({ kind: 'pglite', loadDataDir: migratedPglite() });
    baseline ??= readBaseline(database);
    await baseline;
  }
  const handed = database;
  let returned = false;
  return {
    ...handed,
    // Emptied when it is next handed out, so writes still in flight from this file land in a
    // database that is emptied afterwards rather than in the next file's.
    async close() {
      if (returned) return;
      returned = true;
      idle.push(handed);
    },
    async end() {
      returned = true;
      await handed.close();
    },
  };
}

let dump: Uint8Array<ArrayBuffer> | undefined;
/** The run's migrated PGlite cluster (global setup wrote it), read once per test file. */
function migratedPglite(): Blob {
  dump ??= new Uint8Array(fs.readFileSync(inject('pgliteDump')));
  return new Blob([dump]);
}
