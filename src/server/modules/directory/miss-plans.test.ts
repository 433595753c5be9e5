/**
 * Every directory and listings page a visitor may ask reads its table through an index, however
 * the filters combine: a sample of the queries `npm run bench:http -- --miss` sends (the same
 * generator, scripts/lib/miss-queries.ts), planned on the bench data set at full size (25,000
 * cards, 100,000 listings) the way the routes run them (the page, and the total when it is
 * counted), fails on a sequential scan of business_cards or properties. PostgreSQL server only
 * (TEST_TARGET=postgres): filling PGlite this way takes minutes.
 */
import { and, type SQLWrapper, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { fillBenchData } from '../../../../scripts/bench-data';
import { directoryQuery, distinct, propertyQuery } from '../../../../scripts/lib/miss-queries';
import { createTestDatabase, type TestDatabase, usePostgres } from '../../../../tests/helpers/test-db';
import { directoryQuerySchema } from '../../../core/schemas/directory';
import { propertyQuerySchema } from '../../../core/schemas/properties';
import type { DbOrTx } from '../../db/client';
import { cappedCountQuery, ESTIMATE_BOUND, matchingQuery, planPage } from '../../db/query/paging';
import { businessCards, properties } from '../../db/schema';
import { membersOfBrokeragesNamed } from '../brokerages/service';
import { propertyConditions, propertyPageQuery } from '../properties/repository';
import { fuzzyWords, searchWords } from '../../db/query/text';
import { readTerms } from '../../../core/search/synonyms';
import { foldText } from '../../../core/search/normalize';
import {
  type DirectoryFilter,
  directoryConditions,
  directoryPageQuery,
  nameTypoMatches,
  nearNameWordsQuery,
} from './repository';

/** Queries of each stream planned: every shape the generator makes turns up in a sample this size. */
const SAMPLE = 120;

let big: TestDatabase;

beforeAll(async () => {
  if (!usePostgres) return;
  big = await createTestDatabase();
  await fillBenchData(big.db, { cards: 25_000, listings: 100_000 });
  // What autovacuum does to a table after a bulk load: the visibility map lets the planner cost
  // the index-only reads it would choose on a live database.
  // The statistics are read from every row (a sample of 300 × the target covers 100,000 rows), not
  // from ANALYZE's random sample: a plan near a cost tie could otherwise flip from run to run.
  for (const table of ['users', 'business_cards', 'properties']) {
    await big.db.execute(sql.raw(`vacuum ${table}`));
    await big.db.transaction(async (tx) => {
      await tx.execute(sql`set local default_statistics_target = 1000`);
      await tx.execute(sql.raw(`analyze ${table}`));
    });
  }
  return () => big.close();
}, 900_000);

/** The nodes of a JSON plan that read `table` row by row. */
function seqScansOf(plan: unknown, tables: string[]): string[] {
  const found: string[] = [];
  const walk = (node: Record<string, unknown>) => {
    if (node['Node Type'] === 'Seq Scan' && tables.includes(String(node['Relation Name']))) {
      found.push(String(node['Relation Name']));
    }
    for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) walk(child);
  };
  walk((plan as { Plan: Record<string, unknown> }[])[0].Plan);
  return found;
}

async function planOf(q: DbOrTx, query: SQLWrapper): Promise<unknown> {
  const res = await q.execute(sql`explain (format json) ${query}`);
  const rows = (res as unknown as { rows?: Record<string, unknown>[] }).rows ?? [];
  const raw = rows[0]?.['QUERY PLAN'];
  return typeof raw === 'string' ? JSON.parse(raw) : raw;
}

const params = (qs: string) => Object.fromEntries(new URLSearchParams(qs));

describe.runIf(usePostgres)('plans of many different directory and listings queries at 25,000 cards', () => {
  it(`${SAMPLE} directory queries read business_cards through an index`, async () => {
    const failures: string[] = [];
    for (const qs of distinct(SAMPLE, 11, directoryQuery)) {
      const { city, ...q } = directoryQuerySchema.parse(params(qs));
      let f: DirectoryFilter = { ...q, emirate: city };
      const search = f.search;
      if (search) {
        f = { ...f, searchUserIds: await membersOfBrokeragesNamed(big.db, search) };
        f = { ...f, typoWords: await nameTypoMatches(big.db, search) };
      }
      const words = search ? readTerms(searchWords(search)).flatMap((t) => fuzzyWords(t.words).map(foldText)) : [];
      // The near name words of a misspelt word come from the small word list, never from the cards.
      const scans = words.length
        ? seqScansOf(await planOf(big.db, nearNameWordsQuery(big.db, words)), [
            'business_cards',
            'card_name_words',
          ]).map((t) => `${t} (near name words)`)
        : [];
      const where = and(...directoryConditions(f));
      const page = await planPage(big.db, matchingQuery(big.db, businessCards, undefined, where));
      scans.push(
        ...seqScansOf(await planOf(big.db, directoryPageQuery(big.db, f, page.sortMatches)), ['business_cards']),
      );
      if (page.planned < ESTIMATE_BOUND) {
        const count = cappedCountQuery(big.db, businessCards, undefined, where);
        scans.push(...seqScansOf(await planOf(big.db, count), ['business_cards']).map((t) => `${t} (count)`));
      }
      if (scans.length) failures.push(`${qs}: ${scans.join(', ')}`);
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it(`${SAMPLE} listings queries read properties through an index`, async () => {
    const failures: string[] = [];
    for (const qs of distinct(SAMPLE, 12, propertyQuery)) {
      const { city, type, ...q } = propertyQuerySchema.parse(params(qs));
      const f = { ...q, type, emirate: city };
      const where = and(...propertyConditions(f));
      const page = await planPage(big.db, matchingQuery(big.db, properties, properties.userId, where));
      const scans = seqScansOf(await planOf(big.db, propertyPageQuery(big.db, f, page.sortMatches)), ['properties']);
      if (page.planned < ESTIMATE_BOUND) {
        const count = cappedCountQuery(big.db, properties, properties.userId, where);
        scans.push(...seqScansOf(await planOf(big.db, count), ['properties']).map((t) => `${t} (count)`));
      }
      if (scans.length) failures.push(`${qs}: ${scans.join(', ')}`);
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
