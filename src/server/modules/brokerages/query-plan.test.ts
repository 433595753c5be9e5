/**
 * The directory's brokerage filter and brokerage-name search stay index-driven. On the
 * PostgreSQL server (TEST_TARGET=postgres) with 20,000 cards and 20 brokerages of 50 members, the
 * brokerage page's query reads the members through the membership indexes and their cards by
 * owner (no scan of the cards), and prints the timings.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { fillBenchData } from '../../../../scripts/bench-data';
import { createTestDatabase, type TestDatabase, usePostgres } from '../../../../tests/helpers/test-db';
import { directoryPageQuery, listDirectory } from '../directory/repository';

let database: TestDatabase;

beforeAll(async () => {
  if (!usePostgres) return;
  database = await createTestDatabase();
  await fillBenchData(database.db, { cards: 20_000, listings: 100 });
  // 20 brokerages, each with 50 of the bench brokers.
  await database.db.execute(sql`
    insert into brokerages (slug, name, orn_number, trade_licence_number)
    select 'bench-brokerage-' || g, 'Bench Brokerage ' || g, (10000 + g)::text, 'DED-' || g
    from generate_series(1, 20) g`);
  await database.db.execute(sql`
    insert into brokerage_members (brokerage_id, user_id, role)
    select b.id, u.id, 'member'
    from (select id, row_number() over (order by id) - 1 as n from users where role = 'real_estate_broker' limit 1000) u
    join (select id, row_number() over (order by slug) - 1 as n from brokerages where slug like 'bench-brokerage-%') b
      on b.n = u.n % 20`);
  await database.db.execute(sql`analyze`);
  return () => database.close();
}, 300_000);

async function explain(query: { toSQL(): { sql: string; params: unknown[] } }) {
  const { sql: text, params } = query.toSQL();
  const inlined = text.replace(/\$(\d+)/g, (_, n) => {
    const v = params[Number(n) - 1];
    return typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`;
  });
  const res = await database.db.execute(sql.raw(`explain (analyze, format json) ${inlined}`));
  const rows = (res as unknown as { rows?: { 'QUERY PLAN': unknown }[] }).rows ?? [];
  const plan = JSON.stringify(rows);
  const top = (rows[0]?.['QUERY PLAN'] ?? [{ 'Execution Time': Number.NaN }]) as { 'Execution Time': number }[];
  const ms = top[0]['Execution Time'];
  return { plan, ms };
}

describe.runIf(usePostgres)('the brokerage filter at scale', () => {
  it('reads the members by index and their cards by owner, newest or by name', async () => {
    for (const sort of ['newest', 'name'] as const) {
      const { plan, ms } = await explain(
        directoryPageQuery(database.db, { brokerage: 'bench-brokerage-7', sort, limit: 60, offset: 0 }),
      );
      console.info(
        `directory ?brokerage= (${sort}): ${ms.toFixed(1)} ms`,
        [...new Set(plan.match(/"Index Name":"[^"]+"|"Node Type":"[^"]+"/g))].join(' '),
      );
      // The members come from the membership indexes and their cards by owner: no card scan.
      expect(plan).toMatch(/brokerage_members_(user|role)_idx/);
      expect(plan).toContain('business_cards_user_idx');
      expect(plan).not.toMatch(/"Seq Scan"[^{}]*"Relation Name":"business_cards"/);
    }
    const started = performance.now();
    const page = await listDirectory(database.db, {
      search: 'bench brokerage 7',
      sort: 'newest',
      limit: 12,
      offset: 0,
    });
    console.info(
      `directory ?search=<brokerage name>: ${(performance.now() - started).toFixed(1)} ms, ${page.total} results`,
    );
    expect(page.items.length).toBeGreaterThan(0);
  });
});
