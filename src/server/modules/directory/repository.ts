/**
 * Directory queries: the listing rules and the folded search over the card text (pg_trgm
 * indexes of drizzle/0003_search.sql). Paging, text and location helpers are shared from db/query/;
 * search and recommendations list cards through directory/service.ts.
 */
import { and, asc, desc, eq, gt, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import { DIRECTORY_ROLE_FILTERS, type DirectoryRoleFilter, type Emirate, PAID_ROLES } from '../../../core/enums';
import type { DirectoryCard, DirectorySort } from '../../../core/schemas/directory';
import type { DbOrTx } from '../../db/client';
import { businessCards, cardColumns, cardNameWords, users } from '../../db/schema';
import { cardPlaceDoc, cardSearchDoc } from '../../db/query/search-columns';
import { readTerms } from '../../../core/search/synonyms';
import { FUZZY_THRESHOLD, fuzzyWords, likeAny, searchWords } from '../../db/query/text';
import { isNameTypo } from '../../../core/search/edit-distance';
import { foldText } from '../../../core/search/normalize';
import { cappedCount, matchingQuery, pageTotal, planPage } from '../../db/query/paging';
import { afterCursor, cursorColumn, decodeCursor, encodeCursor, type SortKey } from '../../db/query/keyset';
import { fieldError } from '../../errors';
import { placeCondition } from '../../db/query/location';
import { toDirectoryCard } from '../cards/mapper';
import { brandsOfUsers, lockedCardValues, memberOfSlug, membersOfBrokeragesNamed } from '../brokerages/service';

/**
 * Listing rules: approved and public; the owner neither suspended nor deleted and
 * showing their card publicly; a paying role only while its subscription runs. The owner's side
 * is read from the card's copy of it (owner_listed_until, kept by the database from users), so
 * the rule, a role filter and the role sort are all answered by the card's own indexes.
 */
export const listedCard: SQL = and(
  eq(businessCards.status, 'approved'),
  eq(businessCards.isPublic, true),
  gt(businessCards.ownerListedUntil, sql`now()`),
) as SQL;

const foldedName = sql`bitaqa_fold(${businessCards.name})`;

export interface DirectoryFilter {
  role?: DirectoryRoleFilter;
  roles?: DirectoryRoleFilter[];
  language?: string;
  emirate?: Emirate;
  emirates?: Emirate[];
  search?: string;
  location?: string;
  locations?: string[];
  /** In any of these areas or emirates (investor matching). */
  regions?: { areas: string[]; emirates: Emirate[] };
  excludeUserId?: string;
  nationality?: string;
  specialization?: string;
  bank?: string;
  verified?: boolean;
  /** Cards that state this gender. */
  gender?: 'male' | 'female';
  /** Members of the brokerage with this slug. */
  brokerage?: string;
  /**
   * Owners whose brokerage's name matches the search: their cards match too. Worked
   * out by listDirectory before the page query, so the text search keeps its indexes.
   */
  searchUserIds?: string[];
  /**
   * Name words one typo from a word of the search, by folded word (worked out by listDirectory
   * with nameTypoMatches before the page query): "voklova" → ["volkova"].
   */
  typoWords?: Record<string, string[]>;
  sort: DirectorySort;
  limit: number;
  offset: number;
  /** The cursor of the page before (keyset paging; db/query/keyset.ts): read from after it. */
  after?: string;
}

/**
 * Every word must appear in the card's text; a long word may also be a misspelt name, matched
 * through the real name words near it (`typoWords`, from nameTypoMatches), which the search
 * text's trigram index finds like any other word.
 */
function searchCondition(search: string, typoWords: Record<string, string[]> = {}): SQL | undefined {
  const terms = readTerms(searchWords(search));
  if (terms.length === 0) return undefined;
  return and(
    ...terms.map((term) => {
      const [w] = term.words;
      const near = term.words.length === 1 ? (typoWords[foldText(w)] ?? []) : [];
      return likeAny(cardSearchDoc, [...term.alternatives, ...near]);
    }),
  );
}

/**
 * Nearest name words read per search word: enough to meet every one-typo spelling and every
 * word as close as FUZZY_THRESHOLD among a vocabulary of thousands of names.
 */
const TYPO_CANDIDATES = 100;
/**
 * Near words shorter than this are not searched for: a long word is "close" to a short name
 * ("samir" to "sam") by its first trigrams alone, and the short word inside other words of the
 * card text ("hussam") would match far more cards than the name meant.
 */
const NEAR_WORD_MIN_LENGTH = 4;

/**
 * The real name words a misspelt word of the search may mean, by folded word: one typo away (a
 * swap of two neighbouring letters, or one wrong, missing or extra letter: "voklova" →
 * ["volkova"]) or close by trigrams (word similarity at least FUZZY_THRESHOLD: "mansuri" →
 * ["mansoori"]). They come from card_name_words, every name word once (a few thousand, however
 * many cards), whose GiST trigram index gives the nearest few to each word in one query; the
 * page then searches for them like any other word, through the search text's index, so no step
 * compares a word with every card's name.
 */
export async function nameTypoMatches(db: DbOrTx, search: string): Promise<Record<string, string[]>> {
  const words = [
    ...new Set(
      readTerms(searchWords(search))
        .filter((t) => t.words.length === 1)
        .flatMap((t) => fuzzyWords(t.words).map(foldText)),
    ),
  ];
  const out: Record<string, string[]> = {};
  if (!words.length) return out;
  for (const row of await nearNameWordsQuery(db, words)) {
    if (row.word === row.typed || [...row.word].length < NEAR_WORD_MIN_LENGTH) continue;
    if (row.similarity >= FUZZY_THRESHOLD || isNameTypo(row.typed, row.word)) {
      out[row.typed] = [...(out[row.typed] ?? []), row.word];
    }
  }
  return out;
}

/**
 * The nearest name words to each folded word, by trigram word distance, with their word
 * similarity (also planned by the query-plan tests).
 */
export function nearNameWordsQuery(q: DbOrTx, words: string[]) {
  const typed = sql`typed.word`;
  const near = q
    .select({ word: cardNameWords.word })
    .from(cardNameWords)
    .orderBy(sql`${typed} <<-> ${cardNameWords.word}`)
    .limit(TYPO_CANDIDATES)
    .as('near');
  return q
    .select({
      typed: sql<string>`${typed}`,
      word: near.word,
      similarity: sql<number>`word_similarity(${typed}, ${near.word})::float8`,
    })
    .from(sql`unnest(${sql.param(words)}::text[]) as typed(word)`)
    .crossJoinLateral(near);
}

/** Area or office address contains the place. */
const locationCondition = (location: string): SQL => placeCondition(cardPlaceDoc, location);

export function directoryConditions(f: Omit<DirectoryFilter, 'sort' | 'limit' | 'offset'>): SQL[] {
  const c: SQL[] = [listedCard];
  if (f.role) c.push(eq(businessCards.ownerRole, DIRECTORY_ROLE_FILTERS[f.role]));
  if (f.roles?.length)
    c.push(
      inArray(
        businessCards.ownerRole,
        f.roles.map((r) => DIRECTORY_ROLE_FILTERS[r]),
      ),
    );
  if (f.language) c.push(sql`${businessCards.languages} @> array[${f.language}]::language[]`);
  if (f.emirate) c.push(eq(businessCards.emirate, f.emirate));
  if (f.emirates?.length) c.push(inArray(businessCards.emirate, f.emirates));
  if (f.nationality) c.push(sql`${businessCards.nationality} = ${f.nationality}`);
  if (f.bank) c.push(eq(businessCards.bankName, f.bank));
  if (f.verified !== undefined) c.push(eq(businessCards.licenseVerified, f.verified));
  if (f.gender) c.push(eq(businessCards.gender, f.gender));
  if (f.specialization) {
    c.push(
      or(
        eq(businessCards.roleTitle, f.specialization),
        // `@>` rather than `= any()`: the containment is what the GIN index of the array answers.
        sql`${businessCards.propertySpecialization} @> array[${f.specialization}]::text[]`,
      ) as SQL,
    );
  }
  if (f.location) c.push(locationCondition(f.location));
  if (f.locations?.length) c.push(or(...f.locations.map(locationCondition)) as SQL);
  if (f.regions && (f.regions.areas.length || f.regions.emirates.length)) {
    const any = [...f.regions.areas.map(locationCondition)];
    if (f.regions.emirates.length) any.push(inArray(businessCards.emirate, f.regions.emirates));
    c.push(or(...any) as SQL);
  }
  if (f.excludeUserId) c.push(ne(businessCards.userId, f.excludeUserId));
  if (f.brokerage) c.push(memberOfSlug(businessCards.userId, f.brokerage));
  if (f.search) {
    const s = searchCondition(f.search, f.typoWords);
    if (s && f.searchUserIds?.length) c.push(or(s, inArray(businessCards.userId, f.searchUserIds)) as SQL);
    else if (s) c.push(s);
  }
  return c;
}

/**
 * The page's order. A filter expected to match few cards (`matchesFirst`, db/query/paging.ts
 * planPage) sorts its matches instead of walking the sort order's index: the matches come from
 * the filters' indexes, while a walk in order meets rare matches late or never (a name nobody has
 * reads every card). The leading key is then written so no index provides it (`+ interval '0'`,
 * `|| ''`, an array of one), which leaves the planner only the indexes of the filters; the order
 * itself is the same.
 */
function orderBy(sort: DirectorySort, matchesFirst = false): SQL[] {
  const byName = [matchesFirst ? sql`(${foldedName} || '') asc` : asc(foldedName), asc(businessCards.id)];
  switch (sort) {
    case 'name':
      return byName;
    case 'role':
      return [matchesFirst ? sql`${businessCards.ownerRank} + 0 asc` : asc(businessCards.ownerRank), ...byName];
    case 'location':
      return [
        matchesFirst ? sql`array[${businessCards.emirate}] asc` : sql`${businessCards.emirate} asc nulls last`,
        sql`bitaqa_fold(${businessCards.area}) asc nulls last`,
        ...byName,
      ];
    default:
      return matchesFirst
        ? [sql`${businessCards.createdAt} + interval '0 seconds' desc`, desc(businessCards.id)]
        : [desc(businessCards.createdAt), desc(businessCards.id)];
  }
}

/**
 * The keys of each sort order, as orderBy sorts them (unique with the id last): what a cursor
 * holds of a page's last card.
 */
function sortKeys(sort: DirectorySort): SortKey[] {
  const byName: SortKey[] = [
    { expr: foldedName, type: 'text' },
    { expr: businessCards.id, type: 'uuid' },
  ];
  switch (sort) {
    case 'name':
      return byName;
    case 'role':
      return [{ expr: businessCards.ownerRank, type: 'int' }, ...byName];
    case 'location':
      return [
        { expr: businessCards.emirate, type: 'emirate', nullable: true },
        { expr: sql`bitaqa_fold(${businessCards.area})`, type: 'text', nullable: true },
        ...byName,
      ];
    default:
      return [
        { expr: businessCards.createdAt, type: 'timestamptz', desc: true },
        { expr: businessCards.id, type: 'uuid', desc: true },
      ];
  }
}

const columns = (sort: DirectorySort) => ({
  card: cardColumns,
  userRole: businessCards.ownerRole,
  userImage: users.profileImageUrl,
  sortKey: cursorColumn(sortKeys(sort)),
});

/** The cards after `f.after` in `f.sort`'s order (none without a cursor). */
function cursorCondition(f: DirectoryFilter): SQL | undefined {
  if (!f.after) return undefined;
  const keys = sortKeys(f.sort);
  return afterCursor(keys, decodeCursor(f.after, f.sort, keys));
}

/** The directory's role order (owner_rank, generated from owner_role by the database). */
const ROLE_RANK: Record<DirectoryRoleFilter, number> = { broker: 1, banking_broker: 2, developer: 3, investor: 4 };

/**
 * The role sort filtered by one role: the rank that role has, stated, so the rank index
 * (owner_rank, name, id) starts at it and reads that role's cards in name order. Without it the
 * walk starts at the first rank and skips every other role's cards first (thousands for one
 * page of developers). Only on the page: the estimate and the count would take it for a second,
 * independent filter and expect too few cards.
 */
function roleRankCondition(f: DirectoryFilter): SQL | undefined {
  return f.sort === 'role' && f.role ? eq(businessCards.ownerRank, ROLE_RANK[f.role]) : undefined;
}

/**
 * The query of one directory page (also timed alone by `npm run bench:http`); `sortMatches` from
 * planPage: the matches sorted rather than the order walked. One row more than the page is read:
 * whether it comes tells whether there is a next page.
 */
export function directoryPageQuery(q: DbOrTx, f: DirectoryFilter, sortMatches = false) {
  return q
    .select(columns(f.sort))
    .from(businessCards)
    .innerJoin(users, eq(users.id, businessCards.userId))
    .where(and(...directoryConditions(f), cursorCondition(f), roleRankCondition(f)))
    .orderBy(...orderBy(f.sort, sortMatches))
    .limit(f.limit + 1)
    .offset(f.after ? 0 : f.offset);
}

/** Told how long each step of listDirectory took (scripts/profile-directory.ts); none in the app. */
let phaseTimer: ((name: string, ms: number) => void) | undefined;
export function setPhaseTimer(t: typeof phaseTimer) {
  phaseTimer = t;
}
async function timed<T>(name: string, fn: () => Promise<T>): Promise<T> {
  if (!phaseTimer) return fn();
  const t0 = performance.now();
  try {
    return await fn();
  } finally {
    phaseTimer(name, performance.now() - t0);
  }
}

/** A page of the directory: its cards, and the cursor of the next page when there is one. */
export interface DirectoryPage {
  items: DirectoryCard[];
  next?: string;
}

/** One page of listed cards and the total (capped at TOTAL_CAP). */
export async function listDirectory(db: DbOrTx, f: DirectoryFilter): Promise<DirectoryPage & { total: number }> {
  const page = await readDirectory(db, { ...f, after: undefined }, true);
  return { ...page, total: page.total ?? 0 };
}

/**
 * The page after a cursor (keyset paging): no total, which the first page told. A cursor and an
 * offset together are a 400.
 */
export async function listDirectoryAfter(db: DbOrTx, f: DirectoryFilter & { after: string }): Promise<DirectoryPage> {
  if (f.offset) throw fieldError('offset', 'Send either offset or after, not both');
  return readDirectory(db, f, false);
}

async function readDirectory(
  db: DbOrTx,
  f: DirectoryFilter,
  counted: boolean,
): Promise<DirectoryPage & { total?: number }> {
  if (f.search && f.searchUserIds === undefined) {
    const search = f.search;
    f = { ...f, searchUserIds: await timed('brokerage names', () => membersOfBrokeragesNamed(db, search)) };
  }
  if (f.search && f.typoWords === undefined) {
    const search = f.search;
    f = { ...f, typoWords: await timed('nearest names', () => nameTypoMatches(db, search)) };
  }
  const where = and(...directoryConditions(f));
  const cursor = cursorCondition(f);
  const plan = await timed('estimate', () =>
    planPage(db, matchingQuery(db, businessCards, undefined, and(where, cursor))),
  );
  const read = await timed(plan.sortMatches ? 'page (matches sorted)' : 'page (order walked)', () =>
    directoryPageQuery(db, f, plan.sortMatches),
  );
  const more = read.length > f.limit;
  const rows = more ? read.slice(0, f.limit) : read;
  const total = counted
    ? await pageTotal(f, rows.length, more, () =>
        timed('count', () => cappedCount(db, businessCards, undefined, where, plan.planned)),
      )
    : undefined;
  // A brokerage's locked company and office show on its members' entries too.
  const brands = await timed('brands', () =>
    brandsOfUsers(
      db,
      rows.map((r) => r.card.userId),
    ),
  );
  const last = rows[rows.length - 1];
  return {
    items: rows.map((r) => {
      const brand = brands.get(r.card.userId);
      if (!brand) return toDirectoryCard(r);
      const { company, officeAddress } = lockedCardValues(brand);
      return {
        ...toDirectoryCard(r),
        ...(company !== undefined ? { company } : {}),
        ...(officeAddress !== undefined ? { officeAddress } : {}),
      };
    }),
    ...(total !== undefined ? { total } : {}),
    ...(more && last ? { next: encodeCursor(f.sort, last.sortKey) } : {}),
  };
}

/** How many cards the directory lists, and how many of them are brokers' (the public figures). */
export async function countListedCards(db: DbOrTx): Promise<{ cards: number; brokers: number }> {
  const [row] = await db
    .select({
      cards: sql<number>`count(*)::int`,
      brokers: sql<number>`count(distinct ${businessCards.userId}) filter (where ${inArray(businessCards.ownerRole, [...PAID_ROLES])})::int`,
    })
    .from(businessCards)
    .where(listedCard);
  return row;
}
