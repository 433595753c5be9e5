/**
 * Brokerage queries. Membership reads are shared with other modules through
 * service.ts (team leads, seats, analytics); nothing outside this module reads these tables.
 */
import { type AnyColumn, and, asc, count, desc, eq, gt, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type Brokerage, brokerageInvitations, brokerageMembers, brokerages } from '../../db/schema';

export type BrokerageRole = (typeof brokerageMembers.$inferSelect)['role'];

export interface Membership {
  brokerage: Brokerage;
  role: BrokerageRole;
  joinedAt: Date;
}

/** The brokerage a user belongs to (at most one), with their role in it. */
export async function membershipOf(db: DbOrTx, userId: string): Promise<Membership | undefined> {
  const [row] = await db
    .select({ brokerage: brokerages, role: brokerageMembers.role, joinedAt: brokerageMembers.joinedAt })
    .from(brokerageMembers)
    .innerJoin(brokerages, eq(brokerages.id, brokerageMembers.brokerageId))
    .where(eq(brokerageMembers.userId, userId))
    .limit(1);
  return row;
}

export async function findBrokerageById(db: DbOrTx, id: string): Promise<Brokerage | undefined> {
  const [row] = await db.select().from(brokerages).where(eq(brokerages.id, id)).limit(1);
  return row;
}

export async function findBrokerageBySlug(db: DbOrTx, slug: string): Promise<Brokerage | undefined> {
  const [row] = await db.select().from(brokerages).where(eq(brokerages.slug, slug)).limit(1);
  return row;
}

/** The members of a brokerage, owner first, then by joining date. */
export function membersOf(db: DbOrTx, brokerageId: string) {
  return db
    .select({ userId: brokerageMembers.userId, role: brokerageMembers.role, joinedAt: brokerageMembers.joinedAt })
    .from(brokerageMembers)
    .where(eq(brokerageMembers.brokerageId, brokerageId))
    .orderBy(asc(brokerageMembers.joinedAt), asc(brokerageMembers.userId));
}

/** The role of a user in this brokerage, or undefined when they are not a member. */
export async function roleIn(db: DbOrTx, brokerageId: string, userId: string): Promise<BrokerageRole | undefined> {
  const [row] = await db
    .select({ role: brokerageMembers.role })
    .from(brokerageMembers)
    .where(and(eq(brokerageMembers.brokerageId, brokerageId), eq(brokerageMembers.userId, userId)))
    .limit(1);
  return row?.role;
}

export type BrokerageValues = Omit<typeof brokerages.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/** Locks the brokerage row: member changes serialise on it (the last owner rule holds). */
export async function lockBrokerage(tx: DbOrTx, id: string): Promise<Brokerage | undefined> {
  const [row] = await tx.select().from(brokerages).where(eq(brokerages.id, id)).for('update');
  return row;
}

export async function insertBrokerage(tx: DbOrTx, values: BrokerageValues): Promise<Brokerage> {
  const [row] = await tx.insert(brokerages).values(values).returning();
  return row;
}

export async function updateBrokerage(tx: DbOrTx, id: string, values: Partial<BrokerageValues>): Promise<Brokerage> {
  const [row] = await tx
    .update(brokerages)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(brokerages.id, id))
    .returning();
  return row;
}

export async function deleteBrokerage(tx: DbOrTx, id: string): Promise<void> {
  await tx.delete(brokerages).where(eq(brokerages.id, id));
}

/** Slugs already taken that start with `base` (to pick a free suffix). */
export async function slugsLike(db: DbOrTx, base: string): Promise<string[]> {
  const rows = await db
    .select({ slug: brokerages.slug })
    .from(brokerages)
    .where(sql`${brokerages.slug} = ${base} or ${brokerages.slug} like ${`${base}-%`}`);
  return rows.map((r) => r.slug);
}

export async function findBrokerageByOrn(db: DbOrTx, orn: string): Promise<Brokerage | undefined> {
  const [row] = await db.select().from(brokerages).where(sql`upper(${brokerages.ornNumber}) = upper(${orn})`).limit(1);
  return row;
}

export async function insertMember(
  tx: DbOrTx,
  values: { brokerageId: string; userId: string; role: BrokerageRole },
): Promise<void> {
  await tx.insert(brokerageMembers).values(values);
}

export async function setMemberRole(tx: DbOrTx, brokerageId: string, userId: string, role: BrokerageRole) {
  await tx
    .update(brokerageMembers)
    .set({ role })
    .where(and(eq(brokerageMembers.brokerageId, brokerageId), eq(brokerageMembers.userId, userId)));
}

export async function deleteMember(tx: DbOrTx, brokerageId: string, userId: string): Promise<boolean> {
  const rows = await tx
    .delete(brokerageMembers)
    .where(and(eq(brokerageMembers.brokerageId, brokerageId), eq(brokerageMembers.userId, userId)))
    .returning({ userId: brokerageMembers.userId });
  return rows.length > 0;
}

export async function countOwners(db: DbOrTx, brokerageId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(brokerageMembers)
    .where(and(eq(brokerageMembers.brokerageId, brokerageId), eq(brokerageMembers.role, 'owner')));
  return row?.n ?? 0;
}

/** Every brokerage with its member count, unverified first (the admin centre's list). */
export function listBrokeragesForAdmin(db: DbOrTx, limit: number, offset: number) {
  return db
    .select({
      brokerage: brokerages,
      memberCount: sql<number>`(select count(*)::int from ${brokerageMembers} where ${brokerageMembers.brokerageId} = ${brokerages.id})`,
    })
    .from(brokerages)
    .orderBy(asc(brokerages.ornVerified), desc(brokerages.createdAt))
    .limit(limit)
    .offset(offset);
}

// Invitations

export type Invitation = typeof brokerageInvitations.$inferSelect;

export async function insertInvitation(
  tx: DbOrTx,
  values: Omit<typeof brokerageInvitations.$inferInsert, 'id' | 'createdAt'>,
): Promise<Invitation> {
  const [row] = await tx.insert(brokerageInvitations).values(values).returning();
  return row;
}

/** The invitation with this token hash, locked when `tx` is a transaction that will consume it. */
export async function findInvitationByHash(db: DbOrTx, tokenHash: string, lock = false) {
  const q = db
    .select({ invitation: brokerageInvitations, brokerage: brokerages })
    .from(brokerageInvitations)
    .innerJoin(brokerages, eq(brokerages.id, brokerageInvitations.brokerageId))
    .where(eq(brokerageInvitations.tokenHash, tokenHash))
    .limit(1);
  const [row] = lock ? await q.for('update', { of: brokerageInvitations }) : await q;
  return row;
}

export async function findInvitationById(db: DbOrTx, brokerageId: string, id: string): Promise<Invitation | undefined> {
  const [row] = await db
    .select()
    .from(brokerageInvitations)
    .where(and(eq(brokerageInvitations.brokerageId, brokerageId), eq(brokerageInvitations.id, id)))
    .limit(1);
  return row;
}

/** Invitations nobody has answered or revoked and that have not expired, newest first. */
/** Every invitation the brokerage ever sent (answered, withdrawn and expired ones too). */
export async function countInvitations(db: DbOrTx, brokerageId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(brokerageInvitations)
    .where(eq(brokerageInvitations.brokerageId, brokerageId));
  return Number(row?.n ?? 0);
}

export function pendingInvitations(db: DbOrTx, brokerageId: string, now: Date) {
  return db
    .select()
    .from(brokerageInvitations)
    .where(
      and(
        eq(brokerageInvitations.brokerageId, brokerageId),
        isNull(brokerageInvitations.acceptedAt),
        isNull(brokerageInvitations.revokedAt),
        gt(brokerageInvitations.expiresAt, now),
      ),
    )
    .orderBy(desc(brokerageInvitations.createdAt))
    .limit(200);
}

export async function updateInvitation(
  tx: DbOrTx,
  id: string,
  values: Partial<Pick<Invitation, 'acceptedAt' | 'acceptedById' | 'revokedAt'>>,
): Promise<Invitation> {
  const [row] = await tx.update(brokerageInvitations).set(values).where(eq(brokerageInvitations.id, id)).returning();
  return row;
}

// The directory's brokerage filter and name search, as conditions on a card's owner.

/** The user (a column such as business_cards.user_id) belongs to the brokerage with this slug. */
export function memberOfSlug(userIdColumn: AnyColumn, slug: string): SQL {
  // Through brokerage_members_user_idx: one probe per card, the slug through brokerages_slug_idx.
  return sql`exists (select 1 from ${brokerageMembers} join ${brokerages} on ${brokerages.id} = ${brokerageMembers.brokerageId} where ${brokerageMembers.userId} = ${userIdColumn} and ${brokerages.slug} = ${slug})`;
}

/** Members of the brokerages whose folded "English name Arabic name" satisfies `match` (at most 1000). */
export async function memberIdsOfBrokeragesMatching(db: DbOrTx, match: (doc: SQL) => SQL): Promise<string[]> {
  const doc = sql`bitaqa_fold(${brokerages.name} || ' ' || coalesce(${brokerages.nameAr}, ''))`;
  const rows = await db
    .select({ userId: brokerageMembers.userId })
    .from(brokerageMembers)
    .innerJoin(brokerages, eq(brokerages.id, brokerageMembers.brokerageId))
    .where(match(doc))
    .limit(1000);
  return rows.map((r) => r.userId);
}

/** The brokerage of each of these users that belongs to one (one query, for a page of cards). */
export function brokeragesOfUsers(db: DbOrTx, userIds: string[]) {
  return db
    .select({ userId: brokerageMembers.userId, brokerage: brokerages })
    .from(brokerageMembers)
    .innerJoin(brokerages, eq(brokerages.id, brokerageMembers.brokerageId))
    .where(inArray(brokerageMembers.userId, userIds));
}
