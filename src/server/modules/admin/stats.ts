/**
 * Platform statistics, real figures rather than fixed placeholders: each figure is
 * one grouped query over an indexed column, run side by side.
 */
import { and, count, eq, gt, gte, inArray, isNull, ne, or, sql, sum } from 'drizzle-orm';
import { CARD_STATUSES, PAID_ROLES, USER_ROLES, type CardStatus, type UserRole } from '../../../core/enums';
import { type AdminStats, SIGNUP_WEEKS } from '../../../core/schemas/admin';
import type { DbOrTx } from '../../db/client';
import { businessCards, messages, payments, properties, users } from '../../db/schema';

const DAY_MS = 24 * 60 * 60 * 1000;
const WEEK_MS = 7 * DAY_MS;
/** Dubai is UTC+4 all year (no daylight saving): "this year" is the year on a Dubai calendar. */
const DUBAI_OFFSET_MS = 4 * 60 * 60 * 1000;

export function dubaiYearStart(now: Date): Date {
  const year = new Date(now.getTime() + DUBAI_OFFSET_MS).getUTCFullYear();
  return new Date(Date.UTC(year, 0, 1) - DUBAI_OFFSET_MS);
}

/** Monday 00:00 UTC of the week `now` falls in, minus (weeks - 1) weeks. */
export function firstWeekStart(now: Date, weeks = SIGNUP_WEEKS): Date {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - sinceMonday * DAY_MS - (weeks - 1) * WEEK_MS);
}

const liveUser = isNull(users.deletedAt);

export async function platformStats(db: DbOrTx, now = new Date()): Promise<AdminStats> {
  const weeksFrom = firstWeekStart(now);
  const [roles, cards, listings, [subs], [revenue], [msgs], weeks] = await Promise.all([
    db.select({ role: users.role, n: count() }).from(users).where(liveUser).groupBy(users.role),
    db.select({ status: businessCards.status, n: count() }).from(businessCards).groupBy(businessCards.status),
    db
      .select({
        approved: properties.isApproved,
        rejected: sql<boolean>`${properties.rejectionReason} is not null`,
        n: count(),
      })
      .from(properties)
      .groupBy(properties.isApproved, sql`${properties.rejectionReason} is not null`),
    db
      .select({ n: count() })
      .from(users)
      .where(
        and(
          liveUser,
          eq(users.subscriptionStatus, 'active'),
          inArray(users.role, [...PAID_ROLES]),
          or(isNull(users.subscriptionPeriodEnd), gt(users.subscriptionPeriodEnd, now)),
        ),
      ),
    db
      .select({ aed: sum(payments.amountAed).mapWith(Number) })
      .from(payments)
      .where(
        and(
          eq(payments.status, 'succeeded'),
          gte(sql`coalesce(${payments.periodStart}, ${payments.createdAt})`, dubaiYearStart(now)),
        ),
      ),
    db
      .select({ n: count() })
      .from(messages)
      .where(gte(messages.createdAt, new Date(now.getTime() - WEEK_MS))),
    db
      .select({
        bucket: sql<number>`floor(extract(epoch from (${users.createdAt} - ${weeksFrom.toISOString()}::timestamptz)) / ${WEEK_MS / 1000})::int`,
        n: count(),
      })
      .from(users)
      .where(and(gte(users.createdAt, weeksFrom), ne(users.role, 'admin')))
      .groupBy(sql`1`),
  ]);

  const usersByRole = Object.fromEntries(USER_ROLES.map((r) => [r, 0])) as Record<UserRole, number>;
  for (const r of roles) usersByRole[r.role] = r.n;
  const cardsByStatus = Object.fromEntries(CARD_STATUSES.map((s) => [s, 0])) as Record<CardStatus, number>;
  for (const c of cards) cardsByStatus[c.status] = c.n;
  const listingsByStatus = { approved: 0, pending: 0, rejected: 0 };
  for (const l of listings) {
    const key = l.approved ? 'approved' : l.rejected ? 'rejected' : 'pending';
    listingsByStatus[key] += l.n;
  }
  const signupsPerWeek = Array.from({ length: SIGNUP_WEEKS }, (_, i) => ({
    weekStart: new Date(weeksFrom.getTime() + i * WEEK_MS).toISOString(),
    count: 0,
  }));
  for (const w of weeks) if (w.bucket >= 0 && w.bucket < SIGNUP_WEEKS) signupsPerWeek[w.bucket].count += w.n;

  return {
    usersByRole,
    totalUsers: Object.values(usersByRole).reduce((a, b) => a + b, 0),
    cardsByStatus,
    listingsByStatus,
    activeSubscriptions: subs?.n ?? 0,
    revenueThisYearAed: revenue?.aed ?? 0,
    messagesLast7Days: msgs?.n ?? 0,
    signupsPerWeek,
    generatedAt: now.toISOString(),
  };
}
