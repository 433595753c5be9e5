/**
 * Processes starting together take turns: migrations and start-up work (admin account,
 * demo seed) run under a PostgreSQL advisory lock, so two processes on an empty database neither
 * fail on each other's half-made tables nor seed twice.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database, migrationsApplied, openDatabase } from './client';
import { adminQuery, postgresUrlFor, usePostgres } from '../../../tests/helpers/test-db';

describe.skipIf(!usePostgres)('start-up lock on PostgreSQL', () => {
  const name = `bitaqa_t_start_${crypto.randomBytes(4).toString('hex')}`;
  const opened: Database[] = [];
  afterAll(async () => {
    for (const d of opened) await d.close();
    await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  it('lets three processes migrate one empty database at once, and runs their start-up work one at a time', async () => {
    await adminQuery(`CREATE DATABASE ${name}`);
    const url = postgresUrlFor(name);
    opened.push(...(await Promise.all([1, 2, 3].map(() => openDatabase({ kind: 'postgres', url, poolSize: 3 })))));
    for (const d of opened) expect(await migrationsApplied(d.db)).toBe(true);

    let running = 0;
    let overlapped = false;
    const work = async () => {
      running++;
      if (running > 1) overlapped = true;
      // Real database work inside the section, so the others have every chance to barge in.
      await opened[0].db.execute(sql`select pg_sleep(0.05)`);
      running--;
    };
    await Promise.all(opened.flatMap((d) => [d.exclusive(work), d.exclusive(work)]));
    expect(overlapped).toBe(false);
  });
});
