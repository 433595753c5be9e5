/**
 * Directory queries (issue 4): the listing rules and the folded search over the card text (pg_trgm
 * indexes of drizzle/0003_search.sql). Paging, text and location helpers are shared from db/query/;
 * search and recommendations list cards through directory/service.ts.
 */
import { and, asc, desc, eq, gt, inArray, isNull, ne, notInArray, or, type SQL, sql } from 'drizzle-orm';
import { DIRECTORY_ROLE_FILTERS, type DirectoryRoleFilter, type Emirate, PAID_ROLES } from '../../../core/enums';
import type { DirectoryCard, DirectorySort } from '../../../core/schemas/directory';
import type { DbOrTx } from '../../db/client';
import { businessCards, cardColumns, users } from '../../db/schema';
import { cardNameDoc, cardPlaceDoc, cardSearchDoc } from '../../db/query/search-columns';
import { readTerms } from '../../../core/search/synonyms';
import { fuzzyWords, likeAny, searchWords, withFuzzyThreshold } from '../../db/query/text';
import { cappedCount, pageTotal } from '../../db/query/paging';
import { placeCondition } from '../../db/query/location';
import { toDirectoryCard } from '../cards/mapper';
import { brandsOfUsers, lockedCardValues, memberOfSlug, membersOfBrokeragesNamed } from '../brokerages/service';

/**
 * Listing rules (issue 4): approved and public; the owner neither suspended nor deleted and
 * showing their card publicly; a paying role only while its subscription runs.
 */
export const listedCard: SQL = and(
  eq(businessCards.status, 'approved'),
  eq(businessCards.isPublic, true),
  isNull(users.deletedAt),
  isNull(users.suspendedAt),
  eq(users.cardVisibility, 'public'),
  or(
    notInArray(users.role, [...PAID_ROLES]),
    and(
      eq(users.subscriptionStatus, 'active'),
      or(isNull(users.subscriptionPeriodEnd), gt(users.subscriptionPeriodEnd, sql`now()`)),
    ),
  ),
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
  /** Members of the brokerage with this slug (issue 14). */
  brokerage?: string;
  /**
   * Owners whose brokerage's name matches the search (issue 14): their cards match too. Worked
   * out by listDirectory before the page query, so the text search keeps its indexes.
   */
  searchUserIds?: string[];
  sort: DirectorySort;
  limit: number;
  offset: number;
}

/** Every word must appear in the card's text; a long word may also be a misspelt name. */
function searchCondition(search: string): SQL | undefined {
  const terms = readTerms(searchWords(search));
  if (terms.length === 0) return undefined;
  return and(
    ...terms.map((term) => {
      const like = likeAny(cardSearchDoc, term.alternatives);
      // A single word may also be a misspelt name ("Mansuri", "Voklova").
      const [w] = term.words;
      return term.words.length === 1 && fuzzyWords([w]).length
        ? (or(like, sql`bitaqa_fold(${w}) <% ${cardNameDoc}`) as SQL)
        : like;
    }),
  );
}

/** Area or office address contains the place. */
const locationCondition = (location: string): SQL => placeCondition(cardPlaceDoc, location);

export function directoryConditions(f: Omit<DirectoryFilter, 'sort' | 'limit' | 'offset'>): SQL[] {
  const c: SQL[] = [listedCard];
  if (f.role) c.push(eq(users.role, DIRECTORY_ROLE_FILTERS[f.role]));
  if (f.roles?.length)
    c.push(
      inArray(
        users.role,
        f.roles.map((r) => DIRECTORY_ROLE_FILTERS[r]),
      ),
    );
  if (f.language) c.push(sql`${businessCards.languages} @> array[${f.language}]::language[]`);
  if (f.emirate) c.push(eq(businessCards.emirate, f.emirate));
  if (f.emirates?.length) c.push(inArray(businessCards.emirate, f.emirates));
  if (f.nationality) c.push(sql`${businessCards.nationality} = ${f.nationality}`);
  if (f.bank) c.push(eq(businessCards.bankName, f.bank));
  if (f.verified !== undefined) c.push(eq(businessCards.licenseVerified, f.verified));
  if (f.specialization) {
    c.push(
      or(
        eq(businessCards.roleTitle, f.specialization),
        sql`${f.specialization} = any(${businessCards.propertySpecialization})`,
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
    const s = searchCondition(f.search);
    if (s && f.searchUserIds?.length) c.push(or(s, inArray(businessCards.userId, f.searchUserIds)) as SQL);
    else if (s) c.push(s);
  }
  return c;
}

const roleOrder = sql`case ${users.role} when 'real_estate_broker' then 1 when 'banking_broker' then 2 when 'real_estate_developer' then 3 when 'investor' then 4 else 5 end`;

function orderBy(sort: DirectorySort): SQL[] {
  const byName = [asc(foldedName), asc(businessCards.id)];
  switch (sort) {
    case 'name':
      return byName;
    case 'role':
      return [asc(roleOrder), ...byName];
    case 'location':
      return [
        sql`${businessCards.emirate} asc nulls last`,
        sql`bitaqa_fold(${businessCards.area}) asc nulls last`,
        ...byName,
      ];
    default:
      return [desc(businessCards.createdAt), desc(businessCards.id)];
  }
}

const columns = {
  card: cardColumns,
  userRole: users.role,
  userImage: users.profileImageUrl,
};

/** The query of one directory page (also timed alone by `npm run bench:http`). */
export function directoryPageQuery(q: DbOrTx, f: DirectoryFilter) {
  return q
    .select(columns)
    .from(businessCards)
    .innerJoin(users, eq(users.id, businessCards.userId))
    .where(and(...directoryConditions(f)))
    .orderBy(...orderBy(f.sort))
    .limit(f.limit)
    .offset(f.offset);
}

/** One page of listed cards and the total (capped at TOTAL_CAP). */
export async function listDirectory(
  db: DbOrTx,
  f: DirectoryFilter,
): Promise<{ items: DirectoryCard[]; total: number }> {
  if (f.search && f.searchUserIds === undefined) {
    f = { ...f, searchUserIds: await membersOfBrokeragesNamed(db, f.search) };
  }
  const where = and(...directoryConditions(f));
  return withFuzzyThreshold(db, Boolean(f.search && fuzzyWords(searchWords(f.search)).length), async (q) => {
    const rows = await directoryPageQuery(q, f);
    const total = await pageTotal(f, rows.length, () => cappedCount(q, businessCards, businessCards.userId, where));
    // Issue 14: a brokerage's locked company and office show on its members' entries too.
    const brands = await brandsOfUsers(
      q,
      rows.map((r) => r.card.userId),
    );
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
      total,
    };
  });
}
