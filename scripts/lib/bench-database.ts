/**
 * A throwaway PostgreSQL database for a benchmark: made on the server DATABASE_URL or
 * TEST_DATABASE_URL names (null when neither is set), migrated like the app's, dropped after.
 */
import crypto from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '../../src/server/db/client';

export async function postgresBenchDatabase(
  purpose: string,
): Promise<{ database: Database; drop: () => Promise<void> } | null> {
  const base = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!base) return null;
  const name = `bitaqa_bench_${purpose}_${crypto.randomBytes(4).toString('hex')}`;
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 4 });
  return {
    database,
    drop: async () => {
      await database.close();
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
