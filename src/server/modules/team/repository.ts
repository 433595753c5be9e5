/**
 * SQL of team leads: a brokerage's inquiries (inquiries.brokerage_id, set when the
 * lead arrived), their assignment and status, and the notes on them. Membership is never read
 * here: the services ask brokerages/service.ts and pass the ids in.
 */
import { and, asc, desc, eq, gt, inArray, or, sql, type SQL } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { InquiryStatus } from '../../../core/enums';
import type { DbOrTx } from '../../db/client';
import { inquiryColumns } from '../../db/query/inquiry-columns';
import { brokerageSeats, businessCards, inquiries, leadNotes, users } from '../../db/schema';

const assignee = alias(users, 'assignee');
const cardOwner = alias(users, 'card_owner');
const fullName = (u: { firstName: AnyPgColumn; lastName: AnyPgColumn }) =>
  sql<string>`${u.firstName} || ' ' || ${u.lastName}`;

/** Who sees what: the whole team's leads, or a member's own (their card's and assigned to them). */
export type LeadScope = { kind: 'team' } | { kind: 'own'; userId: string };

export interface TeamLeadFilter {
  status?: InquiryStatus;
  assignedTo?: string | 'none';
  /** `<micros>_<id>` of the last lead the client holds. */
  cursor?: string;
}

function scopeCondition(db: DbOrTx, scope: LeadScope): SQL | undefined {
  if (scope.kind === 'team') return undefined;
  return or(
    eq(inquiries.assignedToId, scope.userId),
    inArray(
      inquiries.businessCardId,
      db.select({ id: businessCards.id }).from(businessCards).where(eq(businessCards.userId, scope.userId)),
    ),
  );
}

function filterCondition(f: TeamLeadFilter): SQL | undefined {
  const [micros, id] = f.cursor ? f.cursor.split('_') : [];
  return and(
    f.status ? eq(inquiries.status, f.status) : undefined,
    f.assignedTo === 'none'
      ? sql`${inquiries.assignedToId} is null`
      : f.assignedTo
        ? eq(inquiries.assignedToId, f.assignedTo)
        : undefined,
    // Keyset paging on (created_at, id) in microseconds, so no lead is skipped or repeated.
    micros
      ? sql`(${inquiries.createdAt}, ${inquiries.id}) < (timestamptz 'epoch' + ${micros}::bigint * interval '1 microsecond', ${id}::uuid)`
      : undefined,
  );
}

const leadColumns = {
  ...inquiryColumns,
  memberId: businessCards.userId,
  memberName: fullName(cardOwner),
  assignedToId: inquiries.assignedToId,
  assignedToName: sql<string | null>`${assignee.firstName} || ' ' || ${assignee.lastName}`,
  noteCount: sql<number>`(select count(*)::int from ${leadNotes} where ${leadNotes.inquiryId} = ${inquiries.id})`,
  cursor: sql<string>`(extract(epoch from ${inquiries.createdAt}) * 1000000)::bigint::text || '_' || ${inquiries.id}::text`,
};

export type TeamLeadRow = Awaited<ReturnType<typeof selectLeads>>[number];

function selectLeads(db: DbOrTx, where: SQL | undefined) {
  return db
    .select(leadColumns)
    .from(inquiries)
    .innerJoin(businessCards, eq(businessCards.id, inquiries.businessCardId))
    .innerJoin(cardOwner, eq(cardOwner.id, businessCards.userId))
    .leftJoin(assignee, eq(assignee.id, inquiries.assignedToId))
    .where(where)
    .$dynamic();
}

/**
 * A page of the brokerage's leads, newest first. The page's ids are chosen on `inquiries` alone,
 * which inquiries_brokerage_newest_idx (brokerage_id, created_at desc, id desc) hands out in order, so the scan
 * stops after the page however many leads the team has; only those rows are then joined to their
 * card, member, assignee and note count (query-plan.test.ts).
 */
export function listTeamLeads(db: DbOrTx, brokerageId: string, scope: LeadScope, f: TeamLeadFilter, limit: number) {
  const page = db
    .select({ id: inquiries.id })
    .from(inquiries)
    .where(and(eq(inquiries.brokerageId, brokerageId), scopeCondition(db, scope), filterCondition(f)))
    .orderBy(desc(inquiries.createdAt), desc(inquiries.id))
    .limit(limit);
  return selectLeads(db, inArray(inquiries.id, page)).orderBy(desc(inquiries.createdAt), desc(inquiries.id));
}

/** One lead of the brokerage within the caller's scope, or undefined. */
export async function findTeamLead(
  db: DbOrTx,
  brokerageId: string,
  scope: LeadScope,
  leadId: string,
): Promise<TeamLeadRow | undefined> {
  const [row] = await selectLeads(
    db,
    and(eq(inquiries.brokerageId, brokerageId), eq(inquiries.id, leadId), scopeCondition(db, scope)),
  ).limit(1);
  return row;
}

/** Locks the lead row for a change (two managers assigning at once: the second sees the first). */
export async function lockLead(db: DbOrTx, leadId: string) {
  const [row] = await db
    .select({ status: inquiries.status, assignedToId: inquiries.assignedToId })
    .from(inquiries)
    .where(eq(inquiries.id, leadId))
    .for('update');
  return row;
}

export async function updateLead(
  db: DbOrTx,
  leadId: string,
  set: { status?: InquiryStatus; assignedToId?: string | null },
): Promise<void> {
  await db
    .update(inquiries)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(inquiries.id, leadId));
}

export async function insertNote(db: DbOrTx, values: { inquiryId: string; authorId: string; body: string }) {
  const [row] = await db.insert(leadNotes).values(values).returning();
  return row;
}

export async function countNotes(db: DbOrTx, leadId: string): Promise<number> {
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(leadNotes)
    .where(eq(leadNotes.inquiryId, leadId));
  return Number(n);
}

/**
 * A page of a lead's notes, oldest first, with their authors' names: `limit` notes after the
 * `<micros>_<id>` cursor (keyset on (created_at, id), so none is skipped or repeated).
 */
export function listNotes(db: DbOrTx, leadId: string, page: { cursor?: string; limit: number }) {
  const [micros, id] = page.cursor ? page.cursor.split('_') : [];
  return db
    .select({
      id: leadNotes.id,
      body: leadNotes.body,
      createdAt: leadNotes.createdAt,
      authorId: leadNotes.authorId,
      authorName: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
      cursor: sql<string>`(extract(epoch from ${leadNotes.createdAt}) * 1000000)::bigint::text || '_' || ${leadNotes.id}::text`,
    })
    .from(leadNotes)
    .leftJoin(users, eq(users.id, leadNotes.authorId))
    .where(
      and(
        eq(leadNotes.inquiryId, leadId),
        micros
          ? sql`(${leadNotes.createdAt}, ${leadNotes.id}) > (timestamptz 'epoch' + ${micros}::bigint * interval '1 microsecond', ${id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(asc(leadNotes.createdAt), asc(leadNotes.id))
    .limit(page.limit);
}

/** Display names of users (the assign select, seat holders). */
export async function namesOf(db: DbOrTx, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, name: fullName(users) })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** One seat row per member of a seat payment (seat billing). */
export async function insertSeats(
  db: DbOrTx,
  brokerageId: string,
  paymentId: string,
  seats: { userId: string; periodStart: Date; periodEnd: Date }[],
): Promise<void> {
  if (seats.length === 0) return;
  await db.insert(brokerageSeats).values(seats.map((s) => ({ brokerageId, paymentId, ...s })));
}

/** The brokerage's seats, latest ending first, with their holders' names. */
export function listSeats(db: DbOrTx, brokerageId: string, limit = 500) {
  return db
    .select({
      id: brokerageSeats.id,
      userId: brokerageSeats.userId,
      name: fullName(users),
      periodStart: brokerageSeats.periodStart,
      periodEnd: brokerageSeats.periodEnd,
    })
    .from(brokerageSeats)
    .innerJoin(users, eq(users.id, brokerageSeats.userId))
    .where(eq(brokerageSeats.brokerageId, brokerageId))
    .orderBy(desc(brokerageSeats.periodEnd), asc(brokerageSeats.id))
    .limit(limit);
}

/** The latest seat end of each user (by any brokerage), to tell a seat from an own subscription. */
export async function latestSeatEnds(db: DbOrTx, userIds: string[]): Promise<Map<string, Date>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({
      userId: brokerageSeats.userId,
      end: sql<Date>`max(${brokerageSeats.periodEnd})`.mapWith((v) => new Date(v)),
    })
    .from(brokerageSeats)
    .where(inArray(brokerageSeats.userId, userIds))
    .groupBy(brokerageSeats.userId);
  return new Map(rows.map((r) => [r.userId, r.end]));
}

/** Whether the brokerage pays for at least one seat that is running now. */
export async function hasCurrentSeat(db: DbOrTx, brokerageId: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: brokerageSeats.id })
    .from(brokerageSeats)
    .where(and(eq(brokerageSeats.brokerageId, brokerageId), gt(brokerageSeats.periodEnd, now)))
    .limit(1);
  return row !== undefined;
}
