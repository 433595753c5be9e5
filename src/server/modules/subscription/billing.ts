/**
 * The one internal path that changes a subscription: a verified Stripe webhook and a
 * confirmed test payment both end here. It runs in one transaction, records the provider event
 * first so a replayed event changes nothing, stores the payment, and sets the user's status.
 */
import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';
import type { InvoiceSeller } from '../../config';
import type { Db, Tx } from '../../db/client';
import { type Invoice, payments, users, webhookEvents } from '../../db/schema';
import { writeAudit } from '../audit';
import { issueInvoice } from '../invoices/invoices';

export interface BillingPayment {
  provider: 'stripe' | 'test';
  providerRef: string;
  amountAed: number;
  /** What was charged in fils (Stripe's amount_paid), when the provider says it exactly. */
  amountFils?: number;
  status: 'succeeded' | 'failed';
  periodStart: Date | null;
  periodEnd: Date | null;
}

export interface BillingUpdate {
  /** Provider event id; the update is applied at most once per id. */
  eventId: string;
  eventType: string;
  userId: string;
  payment?: BillingPayment;
  /** The subscription state after this event, as the provider reports it now. */
  state: { active: boolean; periodEnd: Date | null };
  /** A payment that succeeds here gets its tax invoice in this transaction. */
  invoicing: { seller: InvoiceSeller; issuedAt: Date };
}

export type BillingOutcome =
  | { applied: false }
  | {
      applied: true;
      activated: boolean;
      deactivated: boolean;
      paymentRecorded: boolean;
      /** The tax invoice issued for the payment that succeeded with this update. */
      invoice?: Invoice;
    };

export type AppliedOutcome = Extract<BillingOutcome, { applied: true }>;

/**
 * `after` runs inside the same transaction once the update applied, e.g. to queue the receipt
 * e-mail in the outbox: the e-mail exists exactly when the change does.
 */
export async function applyBillingUpdate(
  db: Db,
  u: BillingUpdate,
  after?: (tx: Tx, outcome: AppliedOutcome) => Promise<void>,
): Promise<BillingOutcome> {
  return db.transaction(async (tx) => {
    const done = async (outcome: Omit<AppliedOutcome, 'invoice'>) => {
      // Every successful payment gets its numbered tax invoice in this transaction: when it
      // rolls back the number is given back, when it commits the invoice exists.
      // Issued last, so the year's counter row is locked for as short a time as possible.
      const invoice = paid
        ? await issueInvoice(tx, {
            userId: u.userId,
            buyer: buyer ?? { name: '', email: '' },
            paymentId: paid.id,
            totalFils: paid.totalFils,
            issuedAt: u.invoicing.issuedAt,
            seller: u.invoicing.seller,
            periodStart: paid.periodStart,
            periodEnd: paid.periodEnd,
          })
        : undefined;
      const full: AppliedOutcome = { ...outcome, ...(invoice ? { invoice } : {}) };
      await after?.(tx, full);
      return full;
    };
    const fresh = await tx
      .insert(webhookEvents)
      .values({ id: u.eventId, type: u.eventType })
      .onConflictDoNothing()
      .returning({ id: webhookEvents.id });
    if (fresh.length === 0) return { applied: false };

    let paymentRecorded = false;
    let buyer: { name: string; email: string } | undefined;
    let paid: (Omit<BillingPayment, 'amountFils'> & { id: string; totalFils: number }) | undefined;
    if (u.payment) {
      const { amountFils, ...p } = u.payment;
      // A late "failed" never overwrites a payment that already succeeded.
      const rows = await tx
        .insert(payments)
        .values({ userId: u.userId, ...p })
        .onConflictDoUpdate({
          target: [payments.provider, payments.providerRef],
          set: { status: p.status, amountAed: p.amountAed, periodStart: p.periodStart, periodEnd: p.periodEnd },
          setWhere: ne(payments.status, 'succeeded'),
        })
        .returning({ id: payments.id });
      paymentRecorded = rows.length > 0 && p.status === 'succeeded';
      if (paymentRecorded) paid = { id: rows[0].id, totalFils: amountFils ?? p.amountAed * 100, ...p };
    }

    const [before] = await tx
      .select({
        status: users.subscriptionStatus,
        periodEnd: users.subscriptionPeriodEnd,
        name: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
        email: users.email,
      })
      .from(users)
      .where(eq(users.id, u.userId))
      .for('update');
    if (!before) return done({ applied: true, activated: false, deactivated: false, paymentRecorded });
    buyer = { name: before.name, email: before.email };

    const status = u.state.active ? 'active' : 'inactive';
    const periodEnd = u.state.periodEnd ?? before.periodEnd;
    const periodChanged = (periodEnd?.getTime() ?? 0) !== (before.periodEnd?.getTime() ?? 0);
    await tx
      .update(users)
      .set({
        subscriptionStatus: status,
        subscriptionPeriodEnd: periodEnd,
        // A new period earns a new renewal reminder.
        ...(periodChanged ? { subscriptionReminderSentAt: null } : {}),
      })
      .where(eq(users.id, u.userId));
    const activated = before.status !== 'active' && status === 'active';
    const deactivated = before.status === 'active' && status !== 'active';
    if (activated || deactivated || periodChanged) {
      await writeAudit(tx, {
        actorId: null,
        action: activated ? 'subscription.activate' : deactivated ? 'subscription.deactivate' : 'subscription.renew',
        entityType: 'user',
        entityId: u.userId,
        before: { subscriptionStatus: before.status, subscriptionPeriodEnd: before.periodEnd },
        after: { subscriptionStatus: status, subscriptionPeriodEnd: periodEnd, event: u.eventType, eventId: u.eventId },
      });
    }
    return done({ applied: true, activated, deactivated, paymentRecorded });
  });
}

export interface SeatBillingUpdate {
  /** Provider event id; the payment is applied at most once per id. */
  eventId: string;
  eventType: string;
  /** Who paid: the brokerage owner, who gets the tax invoice. */
  payerId: string;
  brokerageId: string;
  /** The members whose year this payment buys, one seat each. */
  seatUserIds: string[];
  payment: Pick<BillingPayment, 'provider' | 'providerRef' | 'amountAed' | 'amountFils'>;
  now: Date;
  periodDays: number;
  invoicing: { seller: InvoiceSeller; issuedAt: Date; description: { en: string; ar: string } };
}

export interface SeatPeriod {
  userId: string;
  periodStart: Date;
  periodEnd: Date;
}

export type SeatOutcome =
  | { applied: false }
  | { applied: true; paymentId: string; seats: SeatPeriod[]; invoice: Invoice; buyer: { name: string; email: string } };

/**
 * The seat sibling of applyBillingUpdate: one payment by a brokerage owner for
 * several members. In one transaction it records the provider event (a replay changes
 * nothing), stores the payment with the brokerage and the members, gives each member a year
 * (from the end of the year they still have, when renewing early) and activates them the way
 * an individual payment does, so the directory lists them, and issues the tax invoice to the
 * payer. `after` runs in the same transaction (the team module stores the seat rows, mails
 * the receipt).
 */
export async function applySeatPayment(
  db: Db,
  u: SeatBillingUpdate,
  after?: (tx: Tx, outcome: Extract<SeatOutcome, { applied: true }>) => Promise<void>,
): Promise<SeatOutcome> {
  return db.transaction(async (tx) => {
    const fresh = await tx
      .insert(webhookEvents)
      .values({ id: u.eventId, type: u.eventType })
      .onConflictDoNothing()
      .returning({ id: webhookEvents.id });
    if (fresh.length === 0) return { applied: false };

    const yearMs = u.periodDays * 24 * 60 * 60 * 1000;
    const periodEnd = new Date(u.now.getTime() + yearMs);
    const { amountFils, ...p } = u.payment;
    const rows = await tx
      .insert(payments)
      .values({
        userId: u.payerId,
        ...p,
        status: 'succeeded',
        brokerageId: u.brokerageId,
        seatUserIds: u.seatUserIds,
        periodStart: u.now,
        periodEnd,
      })
      .onConflictDoUpdate({
        target: [payments.provider, payments.providerRef],
        set: { status: 'succeeded', amountAed: p.amountAed, periodStart: u.now, periodEnd },
        setWhere: ne(payments.status, 'succeeded'),
      })
      .returning({ id: payments.id });
    // Another event already settled this payment: nothing more to do.
    if (rows.length === 0) return { applied: false };
    const paymentId = rows[0].id;

    const seats: SeatPeriod[] = [];
    // Locked in id order, so two payments sharing members cannot deadlock.
    for (const userId of [...u.seatUserIds].sort()) {
      const [member] = await tx
        .select({ status: users.subscriptionStatus, periodEnd: users.subscriptionPeriodEnd })
        .from(users)
        .where(eq(users.id, userId))
        .for('update');
      if (!member) continue;
      const running = member.status === 'active' && member.periodEnd && member.periodEnd > u.now;
      const start = running && member.periodEnd ? member.periodEnd : u.now;
      const end = new Date(start.getTime() + yearMs);
      await tx
        .update(users)
        .set({ subscriptionStatus: 'active', subscriptionPeriodEnd: end, subscriptionReminderSentAt: null })
        .where(eq(users.id, userId));
      await writeAudit(tx, {
        actorId: u.payerId,
        action: running ? 'subscription.seat_renew' : 'subscription.seat_activate',
        entityType: 'user',
        entityId: userId,
        before: { subscriptionStatus: member.status, subscriptionPeriodEnd: member.periodEnd },
        after: {
          subscriptionStatus: 'active',
          subscriptionPeriodEnd: end,
          brokerageId: u.brokerageId,
          paymentId,
          eventId: u.eventId,
        },
      });
      seats.push({ userId, periodStart: start, periodEnd: end });
    }

    const [payer] = await tx
      .select({ name: sql<string>`${users.firstName} || ' ' || ${users.lastName}`, email: users.email })
      .from(users)
      .where(eq(users.id, u.payerId));
    const buyer = payer ?? { name: '', email: '' };
    const invoice = await issueInvoice(tx, {
      userId: u.payerId,
      buyer,
      paymentId,
      totalFils: amountFils ?? p.amountAed * 100,
      issuedAt: u.invoicing.issuedAt,
      seller: u.invoicing.seller,
      periodStart: u.now,
      periodEnd,
      description: u.invoicing.description,
    });
    const outcome = { applied: true as const, paymentId, seats, invoice, buyer };
    await after?.(tx, outcome);
    return outcome;
  });
}

/** A pending test payment for seats, reused for a day when the same members are chosen again. */
export async function openTestSeatPayment(
  db: Db,
  v: { payerId: string; brokerageId: string; seatUserIds: string[]; amountAed: number; newRef: () => string },
): Promise<string> {
  const wanted = [...v.seatUserIds].sort();
  const open = await db
    .select({ ref: payments.providerRef, seatUserIds: payments.seatUserIds })
    .from(payments)
    .where(
      and(
        eq(payments.userId, v.payerId),
        eq(payments.brokerageId, v.brokerageId),
        eq(payments.provider, 'test'),
        eq(payments.status, 'pending'),
        gt(payments.createdAt, new Date(Date.now() - 24 * 60 * 60 * 1000)),
      ),
    )
    .orderBy(desc(payments.createdAt))
    .limit(20);
  const same = open.find((o) => JSON.stringify([...(o.seatUserIds ?? [])].sort()) === JSON.stringify(wanted));
  if (same) return same.ref;
  const ref = v.newRef();
  await db.insert(payments).values({
    userId: v.payerId,
    provider: 'test',
    providerRef: ref,
    amountAed: v.amountAed,
    status: 'pending',
    brokerageId: v.brokerageId,
    seatUserIds: wanted,
  });
  return ref;
}

/** A seat payment of this payer and brokerage by its provider reference. */
export async function findSeatPayment(db: Db, payerId: string, brokerageId: string, provider: string, ref: string) {
  const [row] = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.provider, provider),
        eq(payments.providerRef, ref),
        eq(payments.userId, payerId),
        eq(payments.brokerageId, brokerageId),
      ),
    )
    .limit(1);
  return row;
}

/** A payment by its provider reference, whoever paid it (a webhook names only the reference). */
export async function findPaymentByRef(db: Db, provider: string, ref: string) {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerRef, ref)))
    .limit(1);
  return row;
}
