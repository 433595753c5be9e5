/**
 * SQL of card analytics (issue 14): the raw event, the daily rollup and the day's visitor hashes
 * are written by one statement; the charts read only the rollup.
 */
import { and, eq, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import type { CardAction, CardSource } from '../../../core/analytics';
import { addDays } from '../../../core/analytics';
import type { DbOrTx } from '../../db/client';
import { analyticsSalts, cardDailyStats, cardDailyVisitors } from '../../db/schema';

export interface EventRow {
  cardId: string;
  ownerId: string;
  action: CardAction;
  source: CardSource;
  at: Date;
  /** UAE day of `at`. */
  day: string;
  /** The visitor's salted hash, for views; null for events that never count a visitor. */
  visitorHash: string | null;
}

/**
 * Records one event in one statement: the raw row, the visitor hash (a new one adds a visitor),
 * the rollup upsert and, for views and saved contacts, the card's lifetime counters. The
 * counters live on business_cards for the card list and the account overview; migration 0013's
 * WHEN clause keeps them from moving the list version.
 */
export async function insertEvent(db: DbOrTx, e: EventRow): Promise<void> {
  const visitor = e.visitorHash
    ? sql`insert into card_daily_visitors (card_id, day, visitor_hash) values (${e.cardId}, ${e.day}, ${e.visitorHash})
          on conflict do nothing returning 1`
    : sql`select 1 where false`;
  const counter =
    e.action === 'view'
      ? sql`update business_cards set view_count = view_count + 1,
              qr_visits = qr_visits + ${e.source === 'qr' ? 1 : 0}, updated_at = updated_at where id = ${e.cardId}`
      : e.action === 'contact_saved'
        ? sql`update business_cards set vcard_downloads = vcard_downloads + 1, updated_at = updated_at
              where id = ${e.cardId}`
        : sql`select 1`;
  await db.execute(sql`
    with ev as (
      insert into card_events (card_id, action, source, created_at)
      values (${e.cardId}, ${e.action}, ${e.source}, ${e.at.toISOString()})
    ), v as (${visitor}), s as (
      insert into card_daily_stats as s (card_id, user_id, day, action, source, events, visitors)
      values (${e.cardId}, ${e.ownerId}, ${e.day}, ${e.action}, ${e.source}, 1, (select count(*) from v))
      on conflict (card_id, day, action, source)
      do update set events = s.events + 1, visitors = s.visitors + excluded.visitors
    )
    ${counter}`);
}

/**
 * The salt of a day, shared by every process: the first one to need it stores a random one.
 * Salts and visitor hashes older than yesterday are deleted then, so a hash can never be
 * recomputed from an address later.
 */
export async function daySalt(db: DbOrTx, day: string, candidate: string): Promise<string> {
  await db.insert(analyticsSalts).values({ day, salt: candidate }).onConflictDoNothing();
  const [row] = await db.select({ salt: analyticsSalts.salt }).from(analyticsSalts).where(eq(analyticsSalts.day, day));
  const keepFrom = addDays(day, -1);
  await db.delete(analyticsSalts).where(lt(analyticsSalts.day, keepFrom));
  await db.delete(cardDailyVisitors).where(lt(cardDailyVisitors.day, keepFrom));
  return row.salt;
}

export interface StatRow {
  day: string;
  action: string;
  source: string;
  events: number;
  visitors: number;
}

/** One card's rollup rows between two days (both included). */
export function cardStats(db: DbOrTx, cardId: string, from: string, to: string): Promise<StatRow[]> {
  return db
    .select({
      day: cardDailyStats.day,
      action: cardDailyStats.action,
      source: cardDailyStats.source,
      events: cardDailyStats.events,
      visitors: cardDailyStats.visitors,
    })
    .from(cardDailyStats)
    .where(and(eq(cardDailyStats.cardId, cardId), gte(cardDailyStats.day, from), lte(cardDailyStats.day, to)));
}

/** The cards of several owners added up per day, action and source (the team's chart). */
export function ownersStats(db: DbOrTx, userIds: string[], from: string, to: string): Promise<StatRow[]> {
  if (!userIds.length) return Promise.resolve([]);
  return db
    .select({
      day: cardDailyStats.day,
      action: cardDailyStats.action,
      source: cardDailyStats.source,
      events: sql<number>`sum(${cardDailyStats.events})::int`,
      visitors: sql<number>`sum(${cardDailyStats.visitors})::int`,
    })
    .from(cardDailyStats)
    .where(and(inArray(cardDailyStats.userId, userIds), gte(cardDailyStats.day, from), lte(cardDailyStats.day, to)))
    .groupBy(cardDailyStats.day, cardDailyStats.action, cardDailyStats.source);
}

/** Per owner and action over a period (the team's member table and leaderboard). */
export function perOwnerStats(db: DbOrTx, userIds: string[], from: string, to: string) {
  if (!userIds.length) return Promise.resolve([]);
  return db
    .select({
      userId: cardDailyStats.userId,
      action: cardDailyStats.action,
      events: sql<number>`sum(${cardDailyStats.events})::int`,
      visitors: sql<number>`sum(${cardDailyStats.visitors})::int`,
    })
    .from(cardDailyStats)
    .where(and(inArray(cardDailyStats.userId, userIds), gte(cardDailyStats.day, from), lte(cardDailyStats.day, to)))
    .groupBy(cardDailyStats.userId, cardDailyStats.action);
}
