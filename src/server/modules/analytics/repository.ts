/**
 * SQL of card analytics: the raw event, the daily rollup and the day's visitor hashes
 * are written by one statement; the charts read only the rollup.
 */
import { and, eq, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import type { CardAction, CardSource } from '../../../core/analytics';
import { addDays } from '../../../core/analytics';
import type { DbOrTx } from '../../db/client';
import { analyticsSalts, cardDailyTotals, cardDailyVisitors } from '../../db/schema';

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

/** The rollup column of each action, and of each source of a view (whitelists for the SQL below). */
const ACTION_COLUMN: Record<CardAction, string> = {
  view: 'views',
  contact_saved: 'contact_saves',
  call: 'calls',
  whatsapp: 'whatsapp_clicks',
  email: 'email_clicks',
  share: 'shares',
  inquiry: 'leads',
};
const SOURCE_COLUMN: Record<CardSource, string> = {
  direct: 'from_direct',
  qr: 'from_qr',
  nfc: 'from_nfc',
  background: 'from_background',
  directory: 'from_directory',
  search: 'from_search',
  whatsapp: 'from_whatsapp',
  linkedin: 'from_linkedin',
  email: 'from_email',
  x: 'from_x',
  facebook: 'from_facebook',
  telegram: 'from_telegram',
  other: 'from_other',
};

/**
 * Records one event in one statement: the raw row, the visitor hash (a new one adds a visitor),
 * the day's totals upsert (the action's column, and for a view its source's) and, for views and
 * saved contacts, the card's lifetime counters. The counters live on business_cards for the card
 * list and the account overview; migration 0013's WHEN clause keeps them from moving the list
 * version.
 */
export async function insertEvent(db: DbOrTx, e: EventRow): Promise<void> {
  const visitor = e.visitorHash
    ? sql`insert into card_daily_visitors (card_id, day, visitor_hash) values (${e.cardId}, ${e.day}, ${e.visitorHash})
          on conflict do nothing returning 1`
    : sql`select 1 where false`;
  const columns = [ACTION_COLUMN[e.action], ...(e.action === 'view' ? [SOURCE_COLUMN[e.source]] : [])].map((c) =>
    sql.identifier(c),
  );
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
    ), v as (${visitor}), t as (
      insert into card_daily_totals as t (card_id, user_id, day, visitors, ${sql.join(columns, sql`, `)})
      values (${e.cardId}, ${e.ownerId}, ${e.day}, (select count(*) from v), ${sql.join(
        columns.map(() => sql`1`),
        sql`, `,
      )})
      on conflict (card_id, day) do update set visitors = t.visitors + excluded.visitors,
        ${sql.join(
          columns.map((c) => sql`${c} = t.${c} + 1`),
          sql`, `,
        )}
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

/** One day's figures (of a card, a team, or a member over a period). */
const figures = {
  visitors: sql<number>`sum(${cardDailyTotals.visitors})::int`,
  views: sql<number>`sum(${cardDailyTotals.views})::int`,
  contactSaves: sql<number>`sum(${cardDailyTotals.contactSaves})::int`,
  calls: sql<number>`sum(${cardDailyTotals.calls})::int`,
  whatsappClicks: sql<number>`sum(${cardDailyTotals.whatsappClicks})::int`,
  emailClicks: sql<number>`sum(${cardDailyTotals.emailClicks})::int`,
  shares: sql<number>`sum(${cardDailyTotals.shares})::int`,
  leads: sql<number>`sum(${cardDailyTotals.leads})::int`,
  fromDirect: sql<number>`sum(${cardDailyTotals.fromDirect})::int`,
  fromQr: sql<number>`sum(${cardDailyTotals.fromQr})::int`,
  fromNfc: sql<number>`sum(${cardDailyTotals.fromNfc})::int`,
  fromBackground: sql<number>`sum(${cardDailyTotals.fromBackground})::int`,
  fromDirectory: sql<number>`sum(${cardDailyTotals.fromDirectory})::int`,
  fromSearch: sql<number>`sum(${cardDailyTotals.fromSearch})::int`,
  fromWhatsapp: sql<number>`sum(${cardDailyTotals.fromWhatsapp})::int`,
  fromLinkedin: sql<number>`sum(${cardDailyTotals.fromLinkedin})::int`,
  fromEmail: sql<number>`sum(${cardDailyTotals.fromEmail})::int`,
  fromX: sql<number>`sum(${cardDailyTotals.fromX})::int`,
  fromFacebook: sql<number>`sum(${cardDailyTotals.fromFacebook})::int`,
  fromTelegram: sql<number>`sum(${cardDailyTotals.fromTelegram})::int`,
  fromOther: sql<number>`sum(${cardDailyTotals.fromOther})::int`,
};
export type Figures = { [K in keyof typeof figures]: number };
export type DayFigures = Figures & { day: string };

/** One card's days between two days (both included). */
export function cardDays(db: DbOrTx, cardId: string, from: string, to: string): Promise<DayFigures[]> {
  return db
    .select({ day: cardDailyTotals.day, ...figures })
    .from(cardDailyTotals)
    .where(and(eq(cardDailyTotals.cardId, cardId), gte(cardDailyTotals.day, from), lte(cardDailyTotals.day, to)))
    .groupBy(cardDailyTotals.day);
}

/** The cards of several owners added up per day (the team's chart). */
export function ownersDays(db: DbOrTx, userIds: string[], from: string, to: string): Promise<DayFigures[]> {
  if (!userIds.length) return Promise.resolve([]);
  return db
    .select({ day: cardDailyTotals.day, ...figures })
    .from(cardDailyTotals)
    .where(and(inArray(cardDailyTotals.userId, userIds), gte(cardDailyTotals.day, from), lte(cardDailyTotals.day, to)))
    .groupBy(cardDailyTotals.day);
}

/** Per owner over a period (the team's member table and leaderboard). */
export function perOwner(db: DbOrTx, userIds: string[], from: string, to: string) {
  if (!userIds.length) return Promise.resolve([]);
  return db
    .select({ userId: cardDailyTotals.userId, ...figures })
    .from(cardDailyTotals)
    .where(and(inArray(cardDailyTotals.userId, userIds), gte(cardDailyTotals.day, from), lte(cardDailyTotals.day, to)))
    .groupBy(cardDailyTotals.userId);
}
