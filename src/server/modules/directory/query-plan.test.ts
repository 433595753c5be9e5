/**
 * Issue 13: the directory's and the listings' main pages are read from an index in their order
 * and stop after the page, instead of sorting every listed row. Checked on the query plan of a
 * few thousand rows (the bench data set, smaller), with the planner's own statistics, on the
 * PostgreSQL server (TEST_TARGET=postgres; filling PGlite this way takes minutes).
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { fillBenchData } from '../../../../scripts/bench-data';
import { createTestDatabase, type TestDatabase, usePostgres } from '../../../../tests/helpers/test-db';
import { propertyPageQuery } from '../properties/repository';
import { directoryPageQuery } from './repository';

let database: TestDatabase;

beforeAll(async () => {
  if (!usePostgres) return;
  database = await createTestDatabase();
  await fillBenchData(database.db, { cards: 3000, listings: 3000 });
  return () => database.close();
}, 300_000);

async function plan(query: { toSQL(): { sql: string; params: unknown[] } }): Promise<string> {
  const { sql: text, params } = query.toSQL();
  const res = await database.db.execute(sql.raw(`explain (format json) ${inline(text, params)}`));
  const rows = (res as unknown as { rows?: unknown[] }).rows ?? (res as unknown as unknown[]);
  return JSON.stringify(rows);
}

function inline(text: string, params: unknown[]): string {
  return text.replace(/\$(\d+)/g, (_, n) => {
    const v = params[Number(n) - 1];
    return typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`;
  });
}

describe.runIf(usePostgres)('query plans (issue 13)', () => {
  it('the directory newest-first page, filtered by role or not, walks business_cards_listed_newest_idx', async () => {
    for (const f of [{}, { role: 'broker' as const }]) {
      const p = await plan(directoryPageQuery(database.db, { ...f, sort: 'newest', limit: 12, offset: 0 }));
      expect(p).toContain('business_cards_listed_newest_idx');
      expect(p).not.toContain('"Sort Key"');
    }
  });

  it('the listings newest-first page walks properties_listed_newest_idx', async () => {
    const p = await plan(propertyPageQuery(database.db, { status: 'for_sale', sort: 'newest', limit: 12, offset: 0 }));
    expect(p).toContain('properties_listed_newest_idx');
    expect(p).not.toContain('"Sort Key"');
  });

  it('the typo-tolerant name match reads the stored folded name, not unaccent() per row', async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', '0.5', true)`);
      const p = await plan(directoryPageQuery(tx, { search: 'mansuri', sort: 'newest', limit: 12, offset: 0 }));
      expect(p).toContain("'mansuri'::text <% name_doc");
      expect(p).not.toContain('bitaqa_fold((name');
    });
  });
});
