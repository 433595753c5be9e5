/**
 * Subscription rules: who may pay, starting a payment
 * with the configured provider, confirming a test payment, and applying Stripe webhooks.
 * The client never sets its own status: only applyBillingUpdate does.
 */
import type { FastifyBaseLogger } from 'fastify';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { PAID_ROLES } from '../../../core/enums';
import { SUBSCRIPTION } from '../../../core/limits';
import {
  type SubscriptionInfo,
  type SubscriptionIntent,
  subscriptionIsActive,
  type TestConfirmInput,
  testConfirmSchema,
} from '../../../core/schemas/subscription';
import type { AppContext } from '../../context';
import { brokerageSeats, brokerages, payments, users, webhookEvents, type User } from '../../db/schema';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../errors';
import { notifyUser } from '../../platform/mail/notify';
import { mailLang } from '../../platform/mail/templates';
import { paymentProviderFor } from '../../platform/payments';
import type { Stripe, StripePaymentProvider } from '../../platform/payments/stripe';
import type { DbOrTx } from '../../db/client';
import { type AppliedOutcome, applyBillingUpdate } from './billing';

// Seat billing: the team module pays for members through the same billing path.
export {
  applySeatPayment,
  findPaymentByRef,
  findSeatPayment,
  openTestSeatPayment,
  type SeatOutcome,
} from './billing';

/** A Stripe PaymentIntent of a brokerage's seats that succeeded (the signed webhook says so). */
export interface StripeSeatPaymentEvent {
  eventId: string;
  eventType: string;
  paymentRef: string;
  amountFils: number;
}
type SeatPaymentHandler = (e: StripeSeatPaymentEvent) => Promise<{ duplicate: boolean }>;
const seatPaymentHandlers = new WeakMap<AppContext, SeatPaymentHandler>();

/**
 * The team module handles seat payments; the webhook route stays here, with one
 * signature check for every Stripe event. Registered once per app.
 */
export function onStripeSeatPayment(ctx: AppContext, handler: SeatPaymentHandler): void {
  seatPaymentHandlers.set(ctx, handler);
}

/** Remembers a provider event that changes nothing, so a replay is recognised. */
export async function rememberEvent(db: DbOrTx, id: string, type: string): Promise<{ duplicate: boolean }> {
  const fresh = await db
    .insert(webhookEvents)
    .values({ id, type })
    .onConflictDoNothing()
    .returning({ id: webhookEvents.id });
  return { duplicate: fresh.length === 0 };
}

/**
 * Starts a Stripe PaymentIntent for a brokerage's seats and stores it as a pending
 * seat payment. The same payer, members and day give the same PaymentIntent back (idempotency
 * key), so a double click or a reload does not charge twice.
 */
export async function startStripeSeatPayment(
  ctx: AppContext,
  payer: User,
  v: { brokerageId: string; seatUserIds: string[]; amountAed: number; description: string },
): Promise<{ clientSecret: string; publishableKey: string }> {
  const provider = paymentProviderFor(ctx);
  if (provider.kind !== 'stripe') throw new Error('startStripeSeatPayment needs the Stripe provider');
  const ids = [...v.seatUserIds].sort();
  const day = ctx.now().toISOString().slice(0, 10);
  const started = await provider.startPayment({
    customer: {
      id: payer.id,
      email: payer.email,
      name: `${payer.firstName} ${payer.lastName}`,
      stripeCustomerId: payer.stripeCustomerId,
      stripeSubscriptionId: payer.stripeSubscriptionId,
    },
    amountFils: v.amountAed * 100,
    description: v.description,
    metadata: { kind: 'brokerage_seats', brokerageId: v.brokerageId, payerId: payer.id, seats: String(ids.length) },
    idempotencyKey: `bitaqa-seats-${payer.id}-${v.brokerageId}-${day}-${ids.join('.')}`.slice(0, 255),
  });
  await ctx.db.transaction(async (tx) => {
    if (!payer.stripeCustomerId)
      await tx.update(users).set({ stripeCustomerId: started.stripeCustomerId }).where(eq(users.id, payer.id));
    await tx
      .insert(payments)
      .values({
        userId: payer.id,
        provider: 'stripe',
        providerRef: started.paymentRef,
        amountAed: v.amountAed,
        status: 'pending',
        brokerageId: v.brokerageId,
        seatUserIds: ids,
      })
      .onConflictDoNothing();
  });
  return { clientSecret: started.clientSecret, publishableKey: provider.publishableKey };
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** An unpaid test PaymentIntent is reused for a day, like an open Stripe invoice. */
const PENDING_REUSE_MS = DAY_MS;

const formatDate = (d: Date) => d.toISOString().slice(0, 10);

export function createSubscriptionService(ctx: AppContext, log: FastifyBaseLogger) {
  const { db } = ctx;
  const provider = paymentProviderFor(ctx);

  /** Refuses users who may not (admins) or need not (unpaid roles, already active) pay. */
  function assertMayPay(user: User): void {
    if (user.role === 'admin')
      throw forbidden('Administrators do not need a subscription.', 'SUBSCRIPTION_NOT_ALLOWED');
    if (!PAID_ROLES.includes(user.role)) {
      throw badRequest(
        'Subscription Not Required: only real estate and banking brokers pay the yearly fee.',
        'SUBSCRIPTION_NOT_REQUIRED',
      );
    }
    if (subscriptionIsActive(user))
      throw conflict('Already Subscribed: your subscription is already active.', 'ALREADY_SUBSCRIBED');
  }

  /** The receipt, queued in the billing transaction in the user's language. */
  async function mailReceipt(
    tx: DbOrTx,
    user: User,
    outcome: AppliedOutcome,
    periodEnd: Date | null,
    amountAed: number,
  ) {
    if (!outcome.paymentRecorded) return;
    // The tax invoice goes with the receipt as a PDF in the same language; the
    // outbox renders it from the stored invoice when it sends the e-mail.
    const invoice = outcome.invoice;
    await notifyUser(
      tx,
      user,
      'subscription',
      'subscriptionActive',
      {
        name: user.firstName,
        amountAed,
        until: periodEnd ? formatDate(periodEnd) : null,
        invoiceNumber: invoice?.number ?? null,
      },
      invoice ? [{ type: 'invoicePdf', invoiceId: invoice.id, lang: mailLang(user.preferredLanguage) }] : undefined,
    );
  }

  return {
    provider,

    async info(user: User): Promise<SubscriptionInfo> {
      // A brokerage seat pays this period: the page says who pays instead of offering a payment.
      const [seat] = await ctx.db
        .select({ name: brokerages.name })
        .from(brokerageSeats)
        .innerJoin(brokerages, eq(brokerages.id, brokerageSeats.brokerageId))
        .where(and(eq(brokerageSeats.userId, user.id), gt(brokerageSeats.periodEnd, ctx.now())))
        .orderBy(desc(brokerageSeats.periodEnd))
        .limit(1);
      return {
        seatBrokerage: seat?.name ?? null,
        status: user.subscriptionStatus ?? 'inactive',
        active: subscriptionIsActive(user),
        periodEnd: user.subscriptionPeriodEnd?.toISOString() ?? null,
        required: PAID_ROLES.includes(user.role),
        provider: provider.kind,
        ...(provider.kind === 'stripe' ? { publishableKey: provider.publishableKey } : {}),
        priceAed: SUBSCRIPTION.priceAed,
        periodDays: SUBSCRIPTION.periodDays,
      };
    },

    /** POST /api/get-or-create-subscription */
    async start(user: User): Promise<SubscriptionIntent> {
      assertMayPay(user);
      const base = { provider: provider.kind, amountAed: SUBSCRIPTION.priceAed };

      if (provider.kind === 'test') {
        const [open] = await db
          .select({ ref: payments.providerRef })
          .from(payments)
          .where(
            and(
              eq(payments.userId, user.id),
              eq(payments.provider, 'test'),
              eq(payments.status, 'pending'),
              gt(payments.createdAt, new Date(Date.now() - PENDING_REUSE_MS)),
            ),
          )
          .orderBy(desc(payments.createdAt))
          .limit(1);
        if (open) return { ...base, clientSecret: provider.secretFor(open.ref) };
        const { paymentRef, clientSecret } = provider.newPayment();
        await db.insert(payments).values({
          userId: user.id,
          provider: 'test',
          providerRef: paymentRef,
          amountAed: SUBSCRIPTION.priceAed,
          status: 'pending',
        });
        return { ...base, clientSecret };
      }

      // The user's row stays locked from the check to the stored result, so
      // a second start (double click, two tabs) waits and then reuses the first subscription;
      // the idempotency key covers a retry after a failure between Stripe and the commit.
      const started = await db.transaction(async (tx) => {
        const [fresh] = await tx.select().from(users).where(eq(users.id, user.id)).for('update').limit(1);
        if (!fresh) throw notFound('User not found', 'USER_NOT_FOUND');
        assertMayPay(fresh);
        let result: Awaited<ReturnType<StripePaymentProvider['startSubscription']>>;
        try {
          result = await provider.startSubscription({
            id: fresh.id,
            email: fresh.email,
            name: `${fresh.firstName} ${fresh.lastName}`,
            stripeCustomerId: fresh.stripeCustomerId,
            stripeSubscriptionId: fresh.stripeSubscriptionId,
          });
        } catch (err) {
          log.error({ err }, 'stripe: could not start the subscription');
          throw new AppError(502, 'PAYMENT_PROVIDER_ERROR', 'Failed to initialize subscription. Please try again.');
        }
        await tx
          .update(users)
          .set({ stripeCustomerId: result.stripeCustomerId, stripeSubscriptionId: result.stripeSubscriptionId })
          .where(eq(users.id, user.id));
        await tx
          .insert(payments)
          .values({
            userId: user.id,
            provider: 'stripe',
            providerRef: result.paymentRef,
            amountAed: SUBSCRIPTION.priceAed,
            status: 'pending',
          })
          .onConflictDoNothing();
        return result;
      });
      return { ...base, clientSecret: started.clientSecret, publishableKey: provider.publishableKey };
    },

    /** POST /api/subscription/test-confirm: the test provider's stand-in for Stripe.js. */
    async confirmTestPayment(user: User, input: TestConfirmInput) {
      if (provider.kind !== 'test')
        throw notFound('Test payments are off: this server uses Stripe.', 'TEST_PAYMENTS_DISABLED');
      const card = testConfirmSchema.parse(input);
      const ref = provider.paymentRefOf(card.clientSecret);
      const [payment] = ref
        ? await db
            .select()
            .from(payments)
            .where(and(eq(payments.provider, 'test'), eq(payments.providerRef, ref), eq(payments.userId, user.id)))
            .limit(1)
        : [];
      if (!ref || !payment)
        throw notFound('This payment could not be found. Please reload the page and try again.', 'PAYMENT_NOT_FOUND');
      if (payment.status === 'succeeded')
        throw conflict('This payment has already been completed.', 'PAYMENT_ALREADY_CONFIRMED');
      assertMayPay(user);

      provider.charge(card.cardNumber);

      const periodStart = new Date();
      const periodEnd = new Date(periodStart.getTime() + SUBSCRIPTION.periodDays * DAY_MS);
      const outcome = await applyBillingUpdate(
        db,
        {
          eventId: `test_evt_${payment.providerRef}`,
          eventType: 'payment_intent.succeeded',
          userId: user.id,
          payment: {
            provider: 'test',
            providerRef: payment.providerRef,
            amountAed: payment.amountAed,
            status: 'succeeded',
            periodStart,
            periodEnd,
          },
          state: { active: true, periodEnd },
          invoicing: { seller: ctx.config.invoiceSeller, issuedAt: ctx.now() },
        },
        (tx, applied) => mailReceipt(tx, user, applied, periodEnd, payment.amountAed),
      );
      if (!outcome.applied) throw conflict('This payment has already been completed.', 'PAYMENT_ALREADY_CONFIRMED');
      return { status: 'succeeded' as const, subscriptionStatus: 'active', periodEnd: periodEnd.toISOString() };
    },

    /**
     * POST /api/stripe/webhook. The signature is checked over the raw body; the subscription's
     * state is then read back from Stripe, so late or out-of-order events cannot undo a newer one.
     */
    async handleStripeWebhook(rawBody: Buffer, signature: string | undefined): Promise<{ duplicate: boolean }> {
      if (provider.kind !== 'stripe') throw notFound('Stripe is not configured on this server.', 'STRIPE_DISABLED');
      if (!signature) throw badRequest('Missing Stripe-Signature header', 'WEBHOOK_SIGNATURE_INVALID');
      let event: Stripe.Event;
      try {
        event = provider.verifyEvent(rawBody, signature);
      } catch {
        throw badRequest('Webhook signature verification failed', 'WEBHOOK_SIGNATURE_INVALID');
      }
      // A brokerage's seats: a one-off PaymentIntent, handled by the team module.
      const intent = event.data.object as Partial<Stripe.PaymentIntent> & { object?: string };
      const seatHandler = seatPaymentHandlers.get(ctx);
      if (
        event.type === 'payment_intent.succeeded' &&
        intent.object === 'payment_intent' &&
        intent.metadata?.kind === 'brokerage_seats' &&
        intent.id &&
        seatHandler
      ) {
        return seatHandler({
          eventId: event.id,
          eventType: event.type,
          paymentRef: intent.id,
          amountFils: intent.amount_received ?? intent.amount ?? 0,
        });
      }
      const subscriptionId = subscriptionIdOf(event);
      const remote = subscriptionId ? await provider.retrieveSubscription(subscriptionId) : null;
      const user = subscriptionId ? await findSubscriber(subscriptionId, remote) : undefined;
      if (!user || !subscriptionId) {
        // Not ours to act on (another product on the account, or an old subscription): remember it.
        const ignored = await db
          .insert(webhookEvents)
          .values({ id: event.id, type: event.type })
          .onConflictDoNothing()
          .returning({ id: webhookEvents.id });
        return { duplicate: ignored.length === 0 };
      }

      const invoice = event.type.startsWith('invoice.') ? (event.data.object as Stripe.Invoice) : null;
      const line = invoice?.lines?.data?.[0];
      const payment =
        invoice?.id &&
        (event.type === 'invoice.paid' ||
          event.type === 'invoice.payment_succeeded' ||
          event.type === 'invoice.payment_failed')
          ? {
              provider: 'stripe' as const,
              providerRef: invoice.id,
              amountAed: Math.round(
                (event.type === 'invoice.payment_failed' ? invoice.amount_due : invoice.amount_paid) / 100,
              ),
              // Stripe counts AED in fils, exactly what the tax invoice needs.
              amountFils: event.type === 'invoice.payment_failed' ? undefined : invoice.amount_paid,
              status: event.type === 'invoice.payment_failed' ? ('failed' as const) : ('succeeded' as const),
              periodStart: line?.period?.start ? new Date(line.period.start * 1000) : (remote?.periodStart ?? null),
              periodEnd: line?.period?.end ? new Date(line.period.end * 1000) : (remote?.periodEnd ?? null),
            }
          : undefined;
      const state = { active: remote?.active ?? false, periodEnd: remote?.periodEnd ?? null };
      const outcome = await applyBillingUpdate(
        db,
        {
          eventId: event.id,
          eventType: event.type,
          userId: user.id,
          payment,
          state,
          invoicing: { seller: ctx.config.invoiceSeller, issuedAt: ctx.now() },
        },
        async (tx, applied) => {
          if (payment?.status === 'succeeded') await mailReceipt(tx, user, applied, state.periodEnd, payment.amountAed);
          if (applied.deactivated) {
            await notifyUser(tx, user, 'subscription', 'subscriptionInactive', {
              name: user.firstName,
              paymentFailed: event.type === 'invoice.payment_failed',
              link: `${ctx.config.publicUrl}/subscription`,
            });
          }
        },
      );
      return { duplicate: !outcome.applied };
    },
  };

  /**
   * The user a Stripe subscription belongs to: by the stored id, else by the `metadata.userId`
   * we set when creating it. A subscription not on file is adopted when
   * the user has none, or when it is the one they paid: a paying user never stays inactive
   * because another, unpaid subscription of theirs is the one on file. An unpaid stray changes
   * nothing, so it can never turn an active user off.
   */
  async function findSubscriber(
    subscriptionId: string,
    remote: { userId: string | null; customerId: string | null; active: boolean } | null,
  ) {
    const [byId] = await db.select().from(users).where(eq(users.stripeSubscriptionId, subscriptionId)).limit(1);
    if (byId) return byId;
    if (!remote?.userId || !remote.customerId) return undefined;
    return db.transaction(async (tx) => {
      const [owner] = await tx
        .select()
        .from(users)
        .where(and(eq(users.id, remote.userId as string), isNull(users.deletedAt)))
        .for('update')
        .limit(1);
      // Only for the customer we created for this user (metadata is ours, but be strict).
      if (!owner || (owner.stripeCustomerId && owner.stripeCustomerId !== remote.customerId)) return undefined;
      if (owner.stripeSubscriptionId && !remote.active) return undefined;
      const [adopted] = await tx
        .update(users)
        .set({ stripeSubscriptionId: subscriptionId, stripeCustomerId: remote.customerId })
        .where(eq(users.id, owner.id))
        .returning();
      if (owner.stripeSubscriptionId) {
        log.warn(
          { userId: owner.id, replaced: owner.stripeSubscriptionId, paid: subscriptionId },
          'stripe: the user paid a subscription other than the one on file; it is theirs now',
        );
      }
      return adopted;
    });
  }
}

/** The subscription an event is about, for the events we act on. */
function subscriptionIdOf(event: Stripe.Event): string | null {
  const obj = event.data.object as { object?: string; id?: string; parent?: Stripe.Invoice['parent'] };
  if (obj.object === 'subscription') return obj.id ?? null;
  if (obj.object === 'invoice') {
    const sub = obj.parent?.subscription_details?.subscription;
    return sub ? (typeof sub === 'string' ? sub : sub.id) : null;
  }
  return null;
}

export type SubscriptionService = ReturnType<typeof createSubscriptionService>;
