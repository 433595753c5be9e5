/**
 * A fresh, migrated database for each test file. PGlite in memory by default; with
 * TEST_TARGET=postgres (npm test sets it when TEST_DATABASE_URL is present) a new database on the
 * server cloned from a migrated template, so runs never see each other's rows.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
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
export type TestDatabase = Database & { url?: string };

/** Opens a new test database; `close` drops it again (PostgreSQL) or frees it (PGlite). */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (!usePostgres) return openDatabase({ kind: 'pglite', loadDataDir: migratedPglite() });
  const name = `bitaqa_t_${crypto.randomBytes(6).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name} TEMPLATE ${inject('templateDb')}`);
  const database = await openDatabase({ kind: 'postgres', url: serverUrl(name), poolSize: 5 });
  return {
    ...database,
    url: serverUrl(name),
    async close() {
      await database.close();
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/** URL of a test database on the server, for tests that start several processes. */
export function postgresUrlFor(name: string): string {
  return serverUrl(name);
}

let dump: Uint8Array<ArrayBuffer> | undefined;
/** The run's migrated PGlite cluster (global setup wrote it), read once per test file. */
function migratedPglite(): Blob {
  dump ??= new Uint8Array(fs.readFileSync(inject('pgliteDump')));
  return new Blob([dump]);
}
