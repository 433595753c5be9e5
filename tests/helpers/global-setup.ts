/** Vitest global setup: on PostgreSQL, build the migrated template database once per run. */
import { openDatabase } from '../../src/server/db/client';
import { adminQuery, TEMPLATE_DB, usePostgres } from './test-db';

export default async function setup() {
  if (!usePostgres) return;
  const base = process.env.TEST_DATABASE_URL as string;
  await adminQuery(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`);
  await adminQuery(`CREATE DATABASE ${TEMPLATE_DB}`);
  const u = new URL(base);
  u.pathname = `/${TEMPLATE_DB}`;
  const db = await openDatabase({ kind: 'postgres', url: u.toString(), poolSize: 1 });
  await db.close();
  return async () => {
    await adminQuery(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`);
  };
}
