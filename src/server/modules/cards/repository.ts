/** SQL for business cards: one join for the owner, never a query per row. */
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type BusinessCard, businessCards, type User, users } from '../../db/schema';

export type CardOwner = Pick<
  User,
  | 'id'
  | 'role'
  | 'profileImageUrl'
  | 'firstName'
  | 'lastName'
  | 'suspendedAt'
  | 'deletedAt'
  | 'cardVisibility'
  | 'subscriptionStatus'
  | 'subscriptionPeriodEnd'
>;
export type CardRow = { card: BusinessCard; user: CardOwner };
export type CardValues = Omit<typeof businessCards.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

const ownerColumns = {
  id: users.id,
  role: users.role,
  profileImageUrl: users.profileImageUrl,
  firstName: users.firstName,
  lastName: users.lastName,
  suspendedAt: users.suspendedAt,
  deletedAt: users.deletedAt,
  cardVisibility: users.cardVisibility,
  subscriptionStatus: users.subscriptionStatus,
  subscriptionPeriodEnd: users.subscriptionPeriodEnd,
};

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A malformed id is simply "not found", never a database error. */
export const isUuid = (id: string) => UUID_RE.test(id);

function selectCards(db: DbOrTx) {
  return db
    .select({ card: businessCards, user: ownerColumns })
    .from(businessCards)
    .innerJoin(users, eq(users.id, businessCards.userId));
}

export async function findCardById(db: DbOrTx, id: string): Promise<CardRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await selectCards(db).where(eq(businessCards.id, id)).limit(1);
  return row;
}

/** The user's newest approved card marked public (a listing's contact box), whatever its visibility. */
export async function findNewestApprovedCard(db: DbOrTx, userId: string): Promise<CardRow | undefined> {
  if (!isUuid(userId)) return undefined;
  const [row] = await selectCards(db)
    .where(
      and(eq(businessCards.userId, userId), eq(businessCards.status, 'approved'), eq(businessCards.isPublic, true)),
    )
    .orderBy(desc(businessCards.createdAt), desc(businessCards.id))
    .limit(1);
  return row;
}

/** Locks the card row for a read-modify-write inside a transaction. */
export async function lockCard(tx: DbOrTx, id: string): Promise<BusinessCard | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await tx.select().from(businessCards).where(eq(businessCards.id, id)).for('update').limit(1);
  return row;
}

export async function listCardsByUser(
  db: DbOrTx,
  userId: string,
  page: { limit: number; offset: number },
): Promise<CardRow[]> {
  if (!isUuid(userId)) return [];
  return selectCards(db)
    .where(eq(businessCards.userId, userId))
    .orderBy(desc(businessCards.createdAt), desc(businessCards.id))
    .limit(page.limit)
    .offset(page.offset);
}

/** The user's own cards among these ids, in no particular order (the public API's pages). */
export async function listCardsOfUserByIds(db: DbOrTx, userId: string, ids: string[]): Promise<CardRow[]> {
  const valid = ids.filter(isUuid);
  if (!valid.length || !isUuid(userId)) return [];
  return selectCards(db).where(and(eq(businessCards.userId, userId), inArray(businessCards.id, valid)));
}

export async function countCardsByUser(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(businessCards).where(eq(businessCards.userId, userId));
  return row?.n ?? 0;
}

export async function insertCard(db: DbOrTx, values: CardValues): Promise<BusinessCard> {
  const [row] = await db.insert(businessCards).values(values).returning();
  return row;
}

export async function updateCard(db: DbOrTx, id: string, values: Partial<CardValues>): Promise<BusinessCard> {
  const [row] = await db.update(businessCards).set(values).where(eq(businessCards.id, id)).returning();
  return row;
}

/** Sets the licence flag of several cards at once (the register's verdicts). */
export async function setLicenseVerified(db: DbOrTx, ids: string[], verified: boolean): Promise<void> {
  await db
    .update(businessCards)
    .set({ licenseVerified: verified, licenseVerifiedAt: verified ? new Date() : null })
    .where(inArray(businessCards.id, ids));
}

/** Deletes the card; returns the deleted row (undefined when it was already gone). */
export async function deleteCard(db: DbOrTx, id: string): Promise<BusinessCard | undefined> {
  const [row] = await db.delete(businessCards).where(eq(businessCards.id, id)).returning();
  return row;
}

/** Approved, public cards with their owners, newest change first (the sitemap filters them further). */
export async function listApprovedPublicCards(db: DbOrTx, limit: number): Promise<CardRow[]> {
  return selectCards(db)
    .where(and(eq(businessCards.status, 'approved'), eq(businessCards.isPublic, true)))
    .orderBy(desc(businessCards.updatedAt))
    .limit(limit);
}

/**
 * A role change sends the user's published cards back to review: the card
 * was approved for the old role, and a paying role must not be left behind by switching.
 */
export async function returnCardsToReview(tx: DbOrTx, userId: string): Promise<number> {
  const rows = await tx
    .update(businessCards)
    .set({ status: 'pending', isPublic: false, rejectionReason: null })
    .where(and(eq(businessCards.userId, userId), eq(businessCards.status, 'approved')))
    .returning({ id: businessCards.id });
  return rows.length;
}
