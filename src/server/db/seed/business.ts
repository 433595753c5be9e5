/**
 * Business demo data: a payment for every active demo broker (so the admin's revenue is real)
 * and a few inquiries on approved cards (so Leads has something to show). Reads the cards back
 * from the database rather than from another step's state.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { toE164 } from '../../../core/phone';
import { PAID_ROLES, type InquiryStatus, type InquiryType } from '../../../core/enums';
import { SUBSCRIPTION } from '../../../core/limits';
import type { AppContext } from '../../context';
import { businessCards, inquiries, payments, users } from '../schema';
import type { SeedState } from './index';
import { createRandom } from './random';
import { NAMED_DEMO_ACCOUNTS } from './users';

const DAY_MS = 24 * 60 * 60 * 1000;

const INQUIRERS = [
  { name: 'Khalid Al Marri', email: 'khalid.marri@example.ae', phone: '+971 50 412 7781' },
  { name: 'سارة الكعبي', email: 'sara.alkaabi@example.ae', phone: '+971 55 208 1144' },
  { name: 'Anita Sharma', email: 'anita.sharma@example.com', phone: '+971 52 660 3190' },
  { name: 'Mark Davies', email: 'mark.davies@example.co.uk', phone: null },
  { name: 'عبدالله الحمادي', email: 'abdulla.hammadi@example.ae', phone: '+971 56 771 0925' },
  { name: 'Elena Popova', email: 'elena.popova@example.com', phone: '+971 58 333 4410' },
  { name: 'Joseph Mensah', email: 'joseph.mensah@example.com', phone: null },
  { name: 'مريم النقبي', email: 'mariam.naqbi@example.ae', phone: '+971 50 909 1212' },
] as const;

const MESSAGES: Record<InquiryType, string[]> = {
  buying: [
    'I am looking for a 2-bedroom apartment in Dubai Marina with a sea view, budget around AED 2.2M.',
    'أبحث عن فيلا من 4 غرف في دبي هيلز، هل لديكم خيارات جاهزة للتسليم؟',
  ],
  selling: ['I would like to list my townhouse in Arabian Ranches. Could you share your commission and a valuation?'],
  renting: ['Looking for a furnished studio in JLT or Business Bay for 12 months, from next month.'],
  financing: [
    'What mortgage rates can you offer for a first-time buyer, salary transfer to Emirates NBD?',
    'أرغب في معرفة شروط التمويل العقاري لغير المقيمين.',
  ],
  partnership: ['We are a developer launching an off-plan project in JVC and are looking for broker partners.'],
  other: ['Could we meet next week to discuss the market in Downtown Dubai?'],
};

const TYPES = Object.keys(MESSAGES) as InquiryType[];
const STATUSES: InquiryStatus[] = ['pending', 'pending', 'pending', 'contacted', 'closed'];

export async function seedBusiness(ctx: AppContext, _state: SeedState): Promise<void> {
  const { db } = ctx;
  // Its own sequence, so this step never shifts the random data of the steps around it.
  const rnd = createRandom(20260606);
  const now = Date.now();

  const paid = await db
    .select({ id: users.id, periodEnd: users.subscriptionPeriodEnd })
    .from(users)
    .where(and(inArray(users.role, [...PAID_ROLES]), eq(users.subscriptionStatus, 'active')))
    .orderBy(asc(users.email));
  const paymentRows = paid
    .filter((u) => u.periodEnd)
    .map((u) => {
      const periodEnd = u.periodEnd as Date;
      const periodStart = new Date(periodEnd.getTime() - SUBSCRIPTION.periodDays * DAY_MS);
      return {
        userId: u.id,
        provider: 'test',
        providerRef: `seed_${u.id}`,
        amountAed: SUBSCRIPTION.priceAed,
        status: 'succeeded',
        periodStart,
        periodEnd,
        createdAt: periodStart,
        updatedAt: periodStart,
      };
    });
  if (paymentRows.length) await db.insert(payments).values(paymentRows).onConflictDoNothing();

  const cards = await db
    .select({ id: businessCards.id, email: users.email, createdAt: businessCards.createdAt })
    .from(businessCards)
    .innerJoin(users, eq(users.id, businessCards.userId))
    .where(
      and(eq(businessCards.status, 'approved'), eq(businessCards.isPublic, true), inArray(users.role, [...PAID_ROLES])),
    )
    .orderBy(asc(users.email), asc(businessCards.createdAt));
  // The named demo broker always has leads; a third of the other approved broker cards too.
  const chosen = cards.filter(
    (c, i) => c.email === NAMED_DEMO_ACCOUNTS.broker || c.email === NAMED_DEMO_ACCOUNTS.bankingBroker || i % 3 === 0,
  );
  const rows: (typeof inquiries.$inferInsert)[] = [];
  for (const card of chosen) {
    const count = card.email === NAMED_DEMO_ACCOUNTS.broker ? 5 : rnd.int(1, 3);
    for (let i = 0; i < count; i += 1) {
      const who = rnd.pick(INQUIRERS);
      const type = rnd.pick(TYPES);
      const at = new Date(Math.max(card.createdAt.getTime(), now - rnd.int(1, 30 * 24) * 3600 * 1000));
      rows.push({
        businessCardId: card.id,
        inquirerName: who.name,
        inquirerEmail: who.email,
        inquirerPhone: toE164(who.phone) ?? who.phone,
        inquiryType: type,
        message: rnd.pick(MESSAGES[type]),
        status: rnd.pick(STATUSES),
        createdAt: at,
        updatedAt: at,
      });
    }
  }
  if (rows.length) await db.insert(inquiries).values(rows);
}
