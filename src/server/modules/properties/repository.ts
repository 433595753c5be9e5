/** Listing queries: the public list with its filters, one listing, an owner's list. */
import { and, asc, desc, eq, gte, inArray, isNull, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import { AVAILABLE_PROPERTY_STATUSES, type Emirate } from '../../../core/enums';
import { EMIRATE_NAMES } from '../../../core/places';
import { uaeToday } from '../../../core/permits';
import type { Property, PropertySort } from '../../../core/schemas/properties';
import type { DbOrTx } from '../../db/client';
import { brokerageMembers, brokerages, businessCards, properties, users } from '../../db/schema';
import { cappedCount, matchingQuery, pageTotal, planPage } from '../../db/query/paging';
import { afterCursor, cursorColumn, decodeCursor, encodeCursor, type SortKey } from '../../db/query/keyset';
import { fieldError } from '../../errors';
import { placeCondition } from '../../db/query/location';
import { type PropertyRow, toProperty } from './mapper';
import { propertyPlaceDoc, propertySearchDoc } from '../../db/query/search-columns';
import { textConditions } from '../../db/query/text';

/**
 * Public listings on `today` (the UAE day, uaeToday of the app's clock): approved, still for sale
 * or rent (a sold or let unit comes down from every list, search and the sitemap at once), its
 * advertising permit not expired (it comes down the day after its last day, with no job to run;
 * a listing from before expiry dates were asked has none and stays), and the owner neither
 * suspended nor deleted.
 */
export function listedProperty(today: string): SQL {
  return and(
    eq(properties.isApproved, true),
    inArray(properties.status, [...AVAILABLE_PROPERTY_STATUSES]),
    or(isNull(properties.permitExpiresOn), gte(properties.permitExpiresOn, today)),
    isNull(users.deletedAt),
    isNull(users.suspendedAt),
  ) as SQL;
}

export interface PropertyFilter {
  /**
   * The UAE day the listings are on the market for (uaeToday of the app's clock, listingDay):
   * permits that expired before it are left out. Without it, the machine's clock.
   */
  today?: string;
  status?: Property['status'];
  statuses?: Property['status'][];
  /** In any of these areas or emirates (investor matching). */
  regions?: { areas: string[]; emirates: Emirate[] };
  excludeUserId?: string;
  /** Only these owners' listings (a brokerage page). */
  userIds?: string[];
  type?: Property['propertyType'];
  /** Any of these types (a type widened to its family). */
  types?: Property['propertyType'][];
  emirate?: Emirate;
  minPrice?: number;
  maxPrice?: number;
  bedrooms?: number;
  minBedrooms?: number;
  maxBedrooms?: number;
  location?: string;
  /** In any of these areas (an area widened to its neighbours). */
  locations?: string[];
  search?: string;
  sort: PropertySort;
  limit: number;
  offset: number;
  /** The cursor of the page before (keyset paging; db/query/keyset.ts): read from after it. */
  after?: string;
}

/** Location or address contains the place. */
const locationCondition = (location: string): SQL => placeCondition(propertyPlaceDoc, location);

export function propertyConditions(f: Omit<PropertyFilter, 'sort' | 'limit' | 'offset'>): SQL[] {
  const c: SQL[] = [listedProperty(f.today ?? uaeToday(new Date()))];
  if (f.status) c.push(eq(properties.status, f.status));
  if (f.statuses?.length) c.push(inArray(properties.status, f.statuses));
  if (f.excludeUserId) c.push(ne(properties.userId, f.excludeUserId));
  if (f.userIds) c.push(f.userIds.length ? inArray(properties.userId, f.userIds) : sql`false`);
  if (f.type) c.push(eq(properties.propertyType, f.type));
  if (f.types?.length) c.push(inArray(properties.propertyType, f.types));
  if (f.emirate) c.push(eq(properties.city, EMIRATE_NAMES[f.emirate]));
  if (f.minPrice !== undefined) c.push(gte(properties.price, f.minPrice));
  if (f.maxPrice !== undefined) c.push(lte(properties.price, f.maxPrice));
  if (f.bedrooms !== undefined) c.push(eq(properties.bedrooms, f.bedrooms));
  if (f.minBedrooms !== undefined) c.push(gte(properties.bedrooms, f.minBedrooms));
  if (f.maxBedrooms !== undefined) c.push(lte(properties.bedrooms, f.maxBedrooms));
  if (f.location) c.push(locationCondition(f.location));
  if (f.locations?.length) c.push(or(...f.locations.map(locationCondition)) as SQL);
  if (f.regions && (f.regions.areas.length || f.regions.emirates.length)) {
    const any = f.regions.areas.map(locationCondition);
    if (f.regions.emirates.length)
      any.push(
        inArray(
          properties.city,
          f.regions.emirates.map((e) => EMIRATE_NAMES[e]),
        ),
      );
    c.push(or(...any) as SQL);
  }
  if (f.search) c.push(...textConditions(propertySearchDoc, f.search));
  return c;
}

/**
 * The page's order. A filter expected to match few listings (`matchesFirst`, planPage) sorts its
 * matches instead of walking the sort order's index, as the directory does
 * (directory/repository.ts): a walk in order may read every listing to meet rare matches. The
 * leading key is then written so no index provides it; the order is the same.
 */
function orderBy(sort: PropertySort, matchesFirst = false): SQL[] {
  const newest = matchesFirst ? sql`${properties.createdAt} + interval '0 seconds' desc` : desc(properties.createdAt);
  switch (sort) {
    case 'price_asc':
      return [matchesFirst ? sql`${properties.price} + 0 asc` : asc(properties.price), newest, asc(properties.id)];
    case 'price_desc':
      return [matchesFirst ? sql`${properties.price} + 0 desc` : desc(properties.price), newest, asc(properties.id)];
    case 'area':
      return [
        matchesFirst ? sql`${properties.area} + 0 desc nulls last` : sql`${properties.area} desc nulls last`,
        newest,
        asc(properties.id),
      ];
    default:
      return [newest, desc(properties.id)];
  }
}

/**
 * The keys of each sort order, as orderBy sorts them (unique with the id last): what a cursor
 * holds of a page's last listing.
 */
function sortKeys(sort: PropertySort): SortKey[] {
  const newest: SortKey = { expr: properties.createdAt, type: 'timestamptz', desc: true };
  const id: SortKey = { expr: properties.id, type: 'uuid' };
  switch (sort) {
    case 'price_asc':
      return [{ expr: properties.price, type: 'int' }, newest, id];
    case 'price_desc':
      return [{ expr: properties.price, type: 'int', desc: true }, newest, id];
    case 'area':
      return [{ expr: properties.area, type: 'int', desc: true, nullable: true }, newest, id];
    default:
      return [newest, { ...id, desc: true }];
  }
}

const columns = {
  p: properties,
  ownerFirstName: users.firstName,
  ownerLastName: users.lastName,
  ownerImage: users.profileImageUrl,
  ownerRole: users.role,
};

function selectWithOwner(db: DbOrTx) {
  return db.select(columns).from(properties).innerJoin(users, eq(users.id, properties.userId));
}

/** The listings after `f.after` in `f.sort`'s order (none without a cursor). */
function cursorCondition(f: PropertyFilter): SQL | undefined {
  if (!f.after) return undefined;
  const keys = sortKeys(f.sort);
  return afterCursor(keys, decodeCursor(f.after, f.sort, keys));
}

/**
 * The query of one page of public listings (also timed alone by `npm run bench:http`);
 * `sortMatches` from planPage: the matches sorted rather than the order walked. One row more than
 * the page is read: whether it comes tells whether there is a next page.
 */
export function propertyPageQuery(db: DbOrTx, f: PropertyFilter, sortMatches = false) {
  return db
    .select({ ...columns, sortKey: cursorColumn(sortKeys(f.sort)) })
    .from(properties)
    .innerJoin(users, eq(users.id, properties.userId))
    .where(and(...propertyConditions(f), cursorCondition(f)))
    .orderBy(...orderBy(f.sort, sortMatches))
    .limit(f.limit + 1)
    .offset(f.after ? 0 : f.offset);
}

/** A page of public listings, and the cursor of the next page when there is one. */
export interface PropertyPage {
  items: Property[];
  next?: string;
}

/** One page of public listings and the total (capped at TOTAL_CAP). */
export async function listProperties(db: DbOrTx, f: PropertyFilter): Promise<PropertyPage & { total: number }> {
  const page = await readProperties(db, { ...f, after: undefined }, true);
  return { ...page, total: page.total ?? 0 };
}

/**
 * The page after a cursor (keyset paging): no total, which the first page told. A cursor and an
 * offset together are a 400.
 */
export async function listPropertiesAfter(db: DbOrTx, f: PropertyFilter & { after: string }): Promise<PropertyPage> {
  if (f.offset) throw fieldError('offset', 'Send either offset or after, not both');
  return readProperties(db, f, false);
}

async function readProperties(
  db: DbOrTx,
  f: PropertyFilter,
  counted: boolean,
): Promise<PropertyPage & { total?: number }> {
  const where = and(...propertyConditions(f));
  const plan = await planPage(db, matchingQuery(db, properties, properties.userId, and(where, cursorCondition(f))));
  const read = await propertyPageQuery(db, f, plan.sortMatches);
  const more = read.length > f.limit;
  const rows = more ? read.slice(0, f.limit) : read;
  const total = counted
    ? await pageTotal(f, rows.length, more, () => cappedCount(db, properties, properties.userId, where, plan.planned))
    : undefined;
  const last = rows[rows.length - 1];
  return {
    items: rows.map((r) => toProperty(r)),
    ...(total !== undefined ? { total } : {}),
    ...(more && last ? { next: encodeCursor(f.sort, last.sortKey) } : {}),
  };
}

export async function findPropertyRow(db: DbOrTx, id: string): Promise<PropertyRow | undefined> {
  const [row] = await selectWithOwner(db).where(eq(properties.id, id)).limit(1);
  return row;
}

/** The owner's listings, every approval state, newest first. */
export async function listOwnerProperties(
  db: DbOrTx,
  userId: string,
  page: { limit: number; offset: number },
): Promise<{ items: Property[]; total: number }> {
  const rows = await selectWithOwner(db)
    .where(eq(properties.userId, userId))
    .orderBy(desc(properties.createdAt), desc(properties.id))
    .limit(page.limit)
    .offset(page.offset);
  const [{ count }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(properties)
    .where(eq(properties.userId, userId));
  return { items: rows.map((r) => toProperty(r, { private: true })), total: count };
}

/** The owner's listings among these ids, every approval state, in no particular order (the public API's pages). */
export async function listOwnerPropertiesByIds(db: DbOrTx, userId: string, ids: string[]): Promise<Property[]> {
  if (!ids.length) return [];
  const rows = await selectWithOwner(db).where(and(eq(properties.userId, userId), inArray(properties.id, ids)));
  return rows.map((r) => toProperty(r, { private: true }));
}

export async function countOwnerProperties(db: DbOrTx, userId: string): Promise<number> {
  const [{ count }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(properties)
    .where(eq(properties.userId, userId));
  return count;
}

/** Ids and last changes of the public listings, for the sitemap. */
export async function listListedPropertyIds(
  db: DbOrTx,
  limit: number,
  today: string,
): Promise<{ id: string; updatedAt: Date }[]> {
  return db
    .select({ id: properties.id, updatedAt: properties.updatedAt })
    .from(properties)
    .innerJoin(users, eq(users.id, properties.userId))
    .where(listedProperty(today))
    .orderBy(desc(properties.updatedAt))
    .limit(limit);
}

/** How many listings are on show (the public figures). */
export async function countListedProperties(db: DbOrTx, today: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(properties)
    .innerJoin(users, eq(users.id, properties.userId))
    .where(listedProperty(today));
  return row.n;
}

/**
 * The licences a listing is advertised under: the lister's BRN from their newest approved card,
 * and the ORN of the brokerage they belong to (else the ORN on that card). Licence numbers are
 * public register entries the advertising rules ask to show, so they are shown whoever views.
 */
export async function listerLicences(db: DbOrTx, userId: string): Promise<{ brn: string | null; orn: string | null }> {
  const [card] = await db
    .select({ brn: businessCards.brnNumber, orn: businessCards.ornNumber })
    .from(businessCards)
    .where(and(eq(businessCards.userId, userId), eq(businessCards.status, 'approved')))
    .orderBy(desc(businessCards.createdAt))
    .limit(1);
  const [office] = await db
    .select({ orn: brokerages.ornNumber })
    .from(brokerageMembers)
    .innerJoin(brokerages, eq(brokerages.id, brokerageMembers.brokerageId))
    .where(eq(brokerageMembers.userId, userId))
    .limit(1);
  return { brn: card?.brn?.trim() || null, orn: office?.orn?.trim() || card?.orn?.trim() || null };
}
