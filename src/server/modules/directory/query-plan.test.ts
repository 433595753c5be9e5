/**
 * The directory's and the listings' main pages are read from an index in their order
 * and stop after the page, instead of sorting every listed row. Checked on the query plan of a
 * few thousand rows (the bench data set, smaller), with the planner's own statistics, on the
 * PostgreSQL server (TEST_TARGET=postgres; filling PGlite this way takes minutes).
 */
import { type SQLWrapper, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { fillBenchData } from '../../../../scripts/bench-data';
import { createTestDatabase, type TestDatabase, usePostgres } from '../../../../tests/helpers/test-db';
import { propertyPageQuery } from '../properties/repository';
import { directoryPageQuery, nameTypoMatches, nearNameWordsQuery } from './repository';

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

  it('the typo-tolerant name match searches the near name words in the stored search text', async () => {
    const typoWords = await nameTypoMatches(database.db, 'mansuri');
    const p = await plan(
      directoryPageQuery(database.db, { search: 'mansuri', typoWords, sort: 'newest', limit: 12, offset: 0 }),
    );
    expect(p).toContain("search_doc ~~ '%mansoori%'");
    expect(p).not.toContain('bitaqa_fold((name');
  });

  it("the role sort filtered by one role reads that role's cards from the rank index in order", async () => {
    const p = await plan(directoryPageQuery(database.db, { role: 'developer', sort: 'role', limit: 12, offset: 0 }));
    expect(p).toContain('business_cards_listed_rank_idx');
    expect(p).toContain('owner_rank = 3');
    expect(p).not.toContain('"Sort Key"');
  });
});

/**
 * The typo-tolerant name search on the full bench size (25,000 cards): the nearest name words
 * come from card_name_words' GiST trigram index in distance order (no card read), and the page
 * with the near words still reads an index, so no step reads business_cards row by row.
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

  async function planIn(query: SQLWrapper): Promise<string> {
    const res = await big.db.execute(sql`explain (format json) ${query}`);
    const rows = (res as unknown as { rows?: unknown[] }).rows ?? (res as unknown as unknown[]);
    return JSON.stringify(rows);
  }

  it('reads the nearest name words ("mnasoori", "hdadad") through card_name_words_trgm_idx', async () => {
    const p = await planIn(nearNameWordsQuery(big.db, ['mnasoori', 'duobis', 'hdadad']));
    expect(p).toContain('card_name_words_trgm_idx');
    expect(p).not.toContain('"Sort Key"');
    expect(p).not.toContain('"Relation Name":"business_cards"');
    // The bench's names have Haddad and Mansoori (no Dubois): each typo finds its name among thousands.
    expect(await nameTypoMatches(big.db, 'Duobis Hdadad Mnasoori')).toEqual({
      hdadad: ['haddad'],
      mnasoori: ['mansoori'],
    });
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
    );
    expect(seqScans(p), p).toBe(false);
  });
});
