/**
 * Brokerage demo data: one brokerage, owned by the named demo broker, with a few of the demo
 * brokers as members, its ORN verified, company and ORN locked, so `npm start` shows a brokerage
 * page (/brokerages/al-mansoori-properties) and branded member cards. Safe to run again.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { brokerageMembers, brokerages, users } from '../schema';
import type { SeedState } from './index';
import { NAMED_DEMO_ACCOUNTS } from './users';

export const DEMO_BROKERAGE_SLUG = 'al-mansoori-properties';

const MEMBERS: { email: string; role: 'manager' | 'member' }[] = [
  { email: 'sara.haddad@demo.bitaqa.ae', role: 'manager' },
  { email: 'layla.aboud@demo.bitaqa.ae', role: 'member' },
  { email: 'karim.nassar@demo.bitaqa.ae', role: 'member' },
  { email: 'mariam.alfalasi@demo.bitaqa.ae', role: 'member' },
];

export async function seedBrokerages(ctx: AppContext, _state: SeedState): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [owner] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, NAMED_DEMO_ACCOUNTS.broker))
      .limit(1);
    if (!owner) return;
    const [created] = await tx
      .insert(brokerages)
      .values({
        slug: DEMO_BROKERAGE_SLUG,
        name: 'Al Mansoori Properties',
        nameAr: 'المنصوري للعقارات',
        ornNumber: '24871',
        tradeLicenceNumber: 'DED-1048213',
        primaryColor: '#0f4c81',
        secondaryColor: '#7a5c12',
        officeAddress: 'Office 1204, Bay Square Building 5, Business Bay',
        emirate: 'dubai',
        ornVerified: true,
        ornVerifiedAt: new Date(),
        lockedFields: ['company', 'ornNumber', 'colors'],
        createdBy: owner.id,
      })
      .onConflictDoNothing()
      .returning({ id: brokerages.id });
    if (!created) return; // already seeded
    const members = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(
        and(
          inArray(
            users.email,
            MEMBERS.map((m) => m.email),
          ),
          eq(users.role, 'real_estate_broker'),
        ),
      );
    await tx
      .insert(brokerageMembers)
      .values([
        { brokerageId: created.id, userId: owner.id, role: 'owner' as const },
        ...members.map((m) => ({
          brokerageId: created.id,
          userId: m.id,
          role: MEMBERS.find((x) => x.email === m.email)?.role ?? ('member' as const),
        })),
      ])
      .onConflictDoNothing();
  });
}
