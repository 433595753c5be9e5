/**
 * The admin review queue (one owner per concept). Cards and listings wait for review
 * under ONE rule each and ONE ordering:
 * - waiting: a new submission (card status pending; listing neither approved nor rejected) or a
 *   pending revision of published content;
 * - owner: neither deleted nor suspended (their content cannot go public, so the admin's time is
 *   not spent on it; a restored user's items come back in their place);
 * - order: oldest waiting first, by the time of the last submission or edit (updated_at), then id.
 * Services are approved by default and have no review state; they join the queue when
 * they get one.
 */
import { and, asc, count, eq, isNotNull, isNull, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { businessCards, properties, users } from '../../db/schema';

export type Page = { limit: number; offset: number };

const reviewableOwner = and(isNull(users.deletedAt), isNull(users.suspendedAt)) as SQL;

const cardWaiting = and(
  or(eq(businessCards.status, 'pending'), isNotNull(businessCards.pendingRevision)),
  reviewableOwner,
) as SQL;

const propertyWaiting = and(
  or(and(eq(properties.isApproved, false), isNull(properties.rejectionReason)), isNotNull(properties.pendingRevision)),
  reviewableOwner,
) as SQL;

/** The owner as every queue answer needs it (the card view, the listing view and the admin list). */
const ownerColumns = {
  id: users.id,
  role: users.role,
  email: users.email,
  profileImageUrl: users.profileImageUrl,
  firstName: users.firstName,
  lastName: users.lastName,
  suspendedAt: users.suspendedAt,
  deletedAt: users.deletedAt,
  cardVisibility: users.cardVisibility,
  subscriptionStatus: users.subscriptionStatus,
  subscriptionPeriodEnd: users.subscriptionPeriodEnd,
};

/** Cards awaiting review, whole rows (the service sets a revision against the live content). */
export async function waitingCards(db: DbOrTx, page: Page) {
  const [items, [total]] = await Promise.all([
    db
      .select({ card: businessCards, owner: ownerColumns })
      .from(businessCards)
      .innerJoin(users, eq(users.id, businessCards.userId))
      .where(cardWaiting)
      .orderBy(asc(businessCards.updatedAt), asc(businessCards.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: count() })
      .from(businessCards)
      .innerJoin(users, eq(users.id, businessCards.userId))
      .where(cardWaiting),
  ]);
  return { items, total: total?.n ?? 0 };
}

/** Listings awaiting review, whole rows. */
export async function waitingProperties(db: DbOrTx, page: Page) {
  const [items, [total]] = await Promise.all([
    db
      .select({ property: properties, owner: ownerColumns })
      .from(properties)
      .innerJoin(users, eq(users.id, properties.userId))
      .where(propertyWaiting)
      .orderBy(asc(properties.updatedAt), asc(properties.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(properties).innerJoin(users, eq(users.id, properties.userId)).where(propertyWaiting),
  ]);
  return { items, total: total?.n ?? 0 };
}
