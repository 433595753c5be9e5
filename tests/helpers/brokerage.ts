/**
 * A brokerage with its people, inserted directly for the team tests. The brokerages module's
 * own tests walk creation and invitations through the API; team leads and seats only need the
 * rows to exist.
 */
import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { brokerageMembers, brokerages } from '../../src/server/db/schema';
import type { TestApp, TestUser } from './app';

export interface TestBrokerage {
  id: string;
  slug: string;
  name: string;
}

export async function createTestBrokerage(
  t: TestApp,
  people: { owner: TestUser; managers?: TestUser[]; members?: TestUser[] },
  name = 'Marina Homes',
): Promise<TestBrokerage> {
  const suffix = crypto.randomBytes(4).toString('hex');
  const [row] = await t.database.db
    .insert(brokerages)
    .values({
      slug: `marina-homes-${suffix}`,
      name,
      nameAr: 'مارينا هومز',
      ornNumber: `ORN${parseInt(suffix, 16) % 100000000}`,
      tradeLicenceNumber: `TL-${suffix}`,
      createdBy: people.owner.user.id,
    })
    .returning();
  const rows = [
    { userId: people.owner.user.id, role: 'owner' as const },
    ...(people.managers ?? []).map((m) => ({ userId: m.user.id, role: 'manager' as const })),
    ...(people.members ?? []).map((m) => ({ userId: m.user.id, role: 'member' as const })),
  ];
  await t.database.db.insert(brokerageMembers).values(rows.map((r) => ({ brokerageId: row.id, ...r })));
  return { id: row.id, slug: row.slug, name: row.name };
}

/** The member leaves (or is removed): their membership row is gone. */
export async function leaveBrokerage(t: TestApp, brokerage: TestBrokerage, member: TestUser): Promise<void> {
  await t.database.db
    .delete(brokerageMembers)
    .where(and(eq(brokerageMembers.brokerageId, brokerage.id), eq(brokerageMembers.userId, member.user.id)));
}
