/** SQL for inquiries. The owner is reached through the card: one join, never a query per row. */
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { InquiryStatus } from '../../../core/enums';
import type { DbOrTx } from '../../db/client';
import { inquiryColumns } from '../../db/query/inquiry-columns';
import { businessCards, inquiries } from '../../db/schema';

export type InquiryRow = {
  id: string;
  businessCardId: string;
  cardName: string;
  inquirerName: string;
  inquirerEmail: string | null;
  inquirerPhone: string | null;
  inquirerCompany: string | null;
  inquiryType: string;
  message: string | null;
  status: string;
  source: string;
  createdAt: Date;
  updatedAt: Date;
};

function ownedBy(ownerId: string, status?: InquiryStatus): SQL | undefined {
  return and(eq(businessCards.userId, ownerId), status ? eq(inquiries.status, status) : undefined);
}

/** The owner's inquiries across all their cards, newest first. */
export async function listInquiriesForOwner(
  db: DbOrTx,
  ownerId: string,
  opts: { status?: InquiryStatus; limit: number; offset: number },
): Promise<InquiryRow[]> {
  return db
    .select(inquiryColumns)
    .from(inquiries)
    .innerJoin(businessCards, eq(businessCards.id, inquiries.businessCardId))
    .where(ownedBy(ownerId, opts.status))
    .orderBy(desc(inquiries.createdAt), desc(inquiries.id))
    .limit(opts.limit)
    .offset(opts.offset);
}

/** Counts by status over all the owner's inquiries, in one grouped query. */
export async function countInquiriesByStatus(db: DbOrTx, ownerId: string): Promise<Record<InquiryStatus, number>> {
  const rows = await db
    .select({ status: inquiries.status, n: count() })
    .from(inquiries)
    .innerJoin(businessCards, eq(businessCards.id, inquiries.businessCardId))
    .where(ownedBy(ownerId))
    .groupBy(inquiries.status);
  const counts: Record<InquiryStatus, number> = { pending: 0, contacted: 0, qualified: 0, closed: 0 };
  for (const r of rows) if (r.status in counts) counts[r.status as InquiryStatus] = r.n;
  return counts;
}

/** One inquiry, only when it belongs to one of the owner's cards. */
export async function findOwnedInquiry(db: DbOrTx, ownerId: string, id: string): Promise<InquiryRow | undefined> {
  const [row] = await db
    .select(inquiryColumns)
    .from(inquiries)
    .innerJoin(businessCards, eq(businessCards.id, inquiries.businessCardId))
    .where(and(eq(inquiries.id, id), eq(businessCards.userId, ownerId)))
    .limit(1);
  return row;
}

export async function setInquiryStatus(db: DbOrTx, id: string, status: InquiryStatus): Promise<void> {
  await db.update(inquiries).set({ status }).where(eq(inquiries.id, id));
}

/** One inquiry by id, whoever owns it: for the outbox building a lead's vCard. */
export async function findInquiry(db: DbOrTx, id: string): Promise<InquiryRow | undefined> {
  const [row] = await db
    .select(inquiryColumns)
    .from(inquiries)
    .innerJoin(businessCards, eq(businessCards.id, inquiries.businessCardId))
    .where(eq(inquiries.id, id))
    .limit(1);
  return row;
}

export async function insertLead(db: DbOrTx, values: typeof inquiries.$inferInsert): Promise<string> {
  const [row] = await db.insert(inquiries).values(values).returning({ id: inquiries.id });
  return row.id;
}
