/**
 * Brokerage queries (issue 14). Membership reads are shared with other modules through
 * service.ts (team leads, seats, analytics); nothing outside this module reads these tables.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type Brokerage, brokerageMembers, brokerages } from '../../db/schema';

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
