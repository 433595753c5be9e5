/**
 * The one internal path that changes a subscription (issue 6): a verified Stripe webhook and a
 * confirmed test payment both end here. It runs in one transaction, records the provider event
 * first so a replayed event changes nothing, stores the payment, and sets the user's status.
 */
import { eq, ne, sql } from 'drizzle-orm';
import type { InvoiceSeller } from '../../config';
import type { Db, Tx } from '../../db/client';
import { type Invoice, payments, users, webhookEvents } from '../../db/schema';
import { writeAudit } from '../audit/log';
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
  /** A payment that succeeds here gets its tax invoice in this transaction (issue 17). */
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
 * e-mail in the outbox (issue 12): the e-mail exists exactly when the change does.
 */
export async function applyBillingUpdate(
  db: Db,
  u: BillingUpdate,
  after?: (tx: Tx, outcome: AppliedOutcome) => Promise<void>,
): Promise<BillingOutcome> {
  return db.transaction(async (tx) => {
    const done = async (outcome: Omit<AppliedOutcome, 'invoice'>) => {
      // Every successful payment gets its numbered tax invoice in this transaction: when it
      // rolls back the number is given back, when it commits the invoice exists (issue 17).
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
