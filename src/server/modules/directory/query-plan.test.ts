/**
 * The directory's and the listings' main pages are read from an index in their order
 * and stop after the page, instead of sorting every listed row. Checked on the query plan of a
 * few thousand rows (the bench data set, smaller), with the planner's own statistics, on the
 * PostgreSQL server (TEST_TARGET=postgres; filling PGlite this way takes minutes).
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { fillBenchData } from '../../../../scripts/bench-data';
import { createTestDatabase, type TestDatabase, usePostgres } from '../../../../tests/helpers/test-db';
import { propertyPageQuery } from '../properties/repository';
import { FUZZY_THRESHOLD } from '../../db/query/text';
import { directoryPageQuery, nameTypoCandidatesQuery, nameTypoMatches } from './repository';

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

describe.runIf(usePostgres)('query plans', () => {
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

/**
 * The typo-tolerant name search on the full bench size (25,000 cards): the nearest names come
 * from the name's GiST trigram index in distance order, and the page with the one-typo words
 * still walks an index, so no step reads business_cards row by row.
 */
describe.runIf(usePostgres)('query plans of the typo-tolerant name search at 25,000 cards', () => {
  let big: TestDatabase;

  beforeAll(async () => {
    big = await createTestDatabase();
    await fillBenchData(big.db, { cards: 25_000, listings: 1000 });
    await big.db.execute(sql`analyze`);
    return () => big.close();
  }, 600_000);

  /** Whether any step of the plan reads business_cards sequentially. */
  const seqScans = (p: string) => /"Node Type":"Seq Scan"[^{}]*"Relation Name":"business_cards"/.test(p);

  async function planIn(query: { toSQL(): { sql: string; params: unknown[] } }, threshold: number): Promise<string> {
    return big.db.transaction(async (tx) => {
      await tx.execute(sql.raw(`select set_config('pg_trgm.word_similarity_threshold', '${threshold}', true)`));
      const { sql: text, params } = query.toSQL();
      const res = await tx.execute(sql.raw(`explain (format json) ${inline(text, params)}`));
      const rows = (res as unknown as { rows?: unknown[] }).rows ?? (res as unknown as unknown[]);
      return JSON.stringify(rows);
    });
  }

  it('reads the nearest names ("mnasoori", "duobis") through business_cards_name_doc_trgm_gist_idx', async () => {
    for (const word of ['mnasoori', 'duobis', 'hdadad']) {
      const p = await planIn(nameTypoCandidatesQuery(big.db, word), FUZZY_THRESHOLD);
      expect(p).toContain('business_cards_name_doc_trgm_gist_idx');
      expect(p).not.toContain('"Sort Key"');
      expect(seqScans(p), p).toBe(false);
    }
  });

  it('finds the swapped-letter names and plans the page without a sequential scan of business_cards', async () => {
    const typoWords = await nameTypoMatches(big.db, 'Mnasoori');
    expect(typoWords).toEqual({ mnasoori: ['mansoori'] });
    const p = await planIn(
      directoryPageQuery(big.db, {
        search: 'Mnasoori',
        typoWords,
        searchUserIds: [],
        sort: 'newest',
        limit: 12,
        offset: 0,
      }),
      FUZZY_THRESHOLD,
    );
    expect(seqScans(p), p).toBe(false);
  });
});
