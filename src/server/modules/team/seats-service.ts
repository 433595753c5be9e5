/**
 * Seat billing: a brokerage owner pays the yearly AED 100 plan for chosen members in
 * one payment, through the same providers as the individual subscription. Activation happens
 * only on the confirmed payment (test provider here, the Stripe webhook in stripe-seats.ts),
 * through subscription's applySeatPayment. At renewal the owner pays again for whichever
 * members they choose: a seat "moves" when its former holder is not renewed.
 */
import type { FastifyBaseLogger } from 'fastify';
import { PAID_ROLES } from '../../../core/enums';
import { SUBSCRIPTION } from '../../../core/limits';
import { subscriptionIsActive } from '../../../core/schemas/subscription';
import {
  SEAT_RENEWAL_WINDOW_DAYS,
  type SeatEligibility,
  type SeatIntent,
  type SeatOverview,
  type SeatTestConfirmInput,
  seatTestConfirmSchema,
} from '../../../core/schemas/team';
import type { AppContext } from '../../context';
import type { DbOrTx, Tx } from '../../db/client';
import type { Brokerage, User } from '../../db/schema';
import { AppError, conflict, fieldError, forbidden, notFound } from '../../errors';
import { notifyUser } from '../../platform/mail/notify';
import { mailLang } from '../../platform/mail/templates';
import { paymentProviderFor } from '../../platform/payments';
import { writeAudit } from '../audit';
import { findBrokerageById, managedBrokerage, membersOf, roleIn } from '../brokerages/service';
import {
  applySeatPayment,
  findPaymentByRef,
  findSeatPayment,
  openTestSeatPayment,
  rememberEvent,
  type SeatOutcome,
  type StripeSeatPaymentEvent,
  startStripeSeatPayment,
} from '../subscription/service';
import { findUserById, findUsersByIds } from '../users';
import { hasCurrentSeat as seatRunning, insertSeats, latestSeatEnds, listSeats } from './repository';

/** Whether the brokerage pays for a seat running now (a paying brokerage may invite freely). */
export function brokeragePaysASeat(db: DbOrTx, brokerageId: string, now: Date): Promise<boolean> {
  return seatRunning(db, brokerageId, now);
}

const DAY_MS = 24 * 60 * 60 * 1000;
const fullName = (u: Pick<User, 'firstName' | 'lastName'>) => `${u.firstName} ${u.lastName}`;
const day = (d: Date) => d.toISOString().slice(0, 10);
const latestEnd = (seats: { periodEnd: Date }[]) =>
  seats.length ? new Date(Math.max(...seats.map((s) => s.periodEnd.getTime()))) : new Date();

/**
 * Whether a member can be given a seat now. A member already paying for themselves is left
 * alone (their own subscription renews on its own); a seated member can be renewed in the last
 * SEAT_RENEWAL_WINDOW_DAYS of their seat.
 */
export function seatEligibility(user: User, latestSeatEnd: Date | undefined, now: Date): SeatEligibility {
  if (!PAID_ROLES.includes(user.role)) return 'not_broker';
  if (!subscriptionIsActive(user, now)) return 'eligible';
  const end = user.subscriptionPeriodEnd;
  const bySeat = !!latestSeatEnd && !!end && latestSeatEnd.getTime() >= end.getTime() - 1000;
  if (!bySeat) return 'paid_individually';
  return end && end.getTime() - now.getTime() <= SEAT_RENEWAL_WINDOW_DAYS * DAY_MS ? 'renewable' : 'seated';
}

const REFUSALS: Record<Exclude<SeatEligibility, 'eligible' | 'renewable'>, (name: string, until: string) => string> = {
  not_broker: (name) => `${name} is not a broker: only real estate and banking brokers have a paid plan.`,
  paid_individually: (name, until) => `${name} already pays their own subscription${until ? ` (until ${until})` : ''}.`,
  seated: (name, until) =>
    `${name} already has a seat until ${until}; it can be renewed in its last ${SEAT_RENEWAL_WINDOW_DAYS} days.`,
};

export function createSeatService(ctx: AppContext, log: FastifyBaseLogger) {
  const { db } = ctx;
  const provider = paymentProviderFor(ctx);

  async function ownerOnly(user: User, brokerageId: string): Promise<Brokerage> {
    const brokerage = await managedBrokerage(db, user.id, brokerageId);
    if ((await roleIn(db, brokerageId, user.id)) !== 'owner')
      throw forbidden('Only the brokerage owner pays for seats', 'NOT_BROKERAGE_OWNER');
    return brokerage;
  }

  /** The chosen members, each checked: a member now, a broker, not paid already. 400/409 otherwise. */
  async function checkSeatHolders(db: DbOrTx, brokerageId: string, userIds: string[]): Promise<User[]> {
    const people = await findUsersByIds(db, userIds);
    const byId = new Map(people.map((p) => [p.id, p]));
    const seatEnds = await latestSeatEnds(db, userIds);
    const now = ctx.now();
    const chosen: User[] = [];
    for (const id of userIds) {
      const person = byId.get(id);
      if (!person || person.deletedAt || !(await roleIn(db, brokerageId, id)))
        throw fieldError('userIds', `${person ? fullName(person) : 'This person'} is not a member of this brokerage.`);
      const eligibility = seatEligibility(person, seatEnds.get(id), now);
      if (eligibility === 'not_broker') throw fieldError('userIds', REFUSALS.not_broker(fullName(person), ''));
      if (eligibility === 'paid_individually' || eligibility === 'seated') {
        const until = person.subscriptionPeriodEnd ? day(person.subscriptionPeriodEnd) : '';
        throw conflict(REFUSALS[eligibility](fullName(person), until), 'SEAT_NOT_NEEDED');
      }
      chosen.push(person);
    }
    return chosen;
  }

  /** The receipt with the tax invoice, to the payer, in the seat payment's transaction. */
  async function mailReceipt(
    tx: Tx,
    brokerage: Brokerage,
    outcome: Extract<SeatOutcome, { applied: true }>,
    amountAed: number,
  ) {
    const payer = outcome.invoice.userId ? await findUserById(tx, outcome.invoice.userId) : undefined;
    if (!payer) return;
    const holders = await findUsersByIds(
      tx,
      outcome.seats.map((s) => s.userId),
    );
    const until = latestEnd(outcome.seats);
    await notifyUser(
      tx,
      payer,
      'subscription',
      'seatsPaid',
      {
        name: payer.firstName,
        brokerage: brokerage.name,
        seats: outcome.seats.length,
        amountAed,
        until: day(until),
        holders: holders.map(fullName).join(', '),
        invoiceNumber: outcome.invoice.number,
      },
      [{ type: 'invoicePdf', invoiceId: outcome.invoice.id, lang: mailLang(payer.preferredLanguage) }],
    );
  }

  /**
   * Applies a confirmed seat payment (test confirmation or Stripe webhook): the seat rows, the
   * audit entry and the receipt commit with the activation.
   */
  async function settle(
    brokerage: Brokerage,
    payment: {
      payerId: string;
      provider: 'test' | 'stripe';
      providerRef: string;
      amountAed: number;
      amountFils?: number;
    },
    seatUserIds: string[],
    event: { id: string; type: string },
  ): Promise<SeatOutcome> {
    return applySeatPayment(
      db,
      {
        eventId: event.id,
        eventType: event.type,
        payerId: payment.payerId,
        brokerageId: brokerage.id,
        seatUserIds,
        payment: {
          provider: payment.provider,
          providerRef: payment.providerRef,
          amountAed: payment.amountAed,
          amountFils: payment.amountFils,
        },
        now: ctx.now(),
        periodDays: SUBSCRIPTION.periodDays,
        invoicing: {
          seller: ctx.config.invoiceSeller,
          issuedAt: ctx.now(),
          description: {
            en: `Bitaqa Professional Plan, yearly subscription for ${seatUserIds.length} member seat${seatUserIds.length === 1 ? '' : 's'} of ${brokerage.name}`,
            ar: `الخطة الاحترافية في Bitaqa، اشتراك سنوي لعدد ${seatUserIds.length} من مقاعد أعضاء ${brokerage.nameAr ?? brokerage.name}`,
          },
        },
      },
      async (tx, outcome) => {
        await insertSeats(tx, brokerage.id, outcome.paymentId, outcome.seats);
        await writeAudit(tx, {
          actorId: payment.payerId,
          action: 'brokerage.seats.pay',
          entityType: 'brokerage',
          entityId: brokerage.id,
          after: {
            paymentId: outcome.paymentId,
            amountAed: payment.amountAed,
            seats: outcome.seats.map((s) => ({ userId: s.userId, periodEnd: s.periodEnd })),
            invoice: outcome.invoice.number,
          },
        });
        await mailReceipt(tx, brokerage, outcome, payment.amountAed);
      },
    );
  }

  return {
    provider,
    settle,

    /** GET /api/brokerages/:id/seats: owner and managers. */
    async overview(user: User, brokerageId: string): Promise<SeatOverview> {
      await managedBrokerage(db, user.id, brokerageId);
      const role = await roleIn(db, brokerageId, user.id);
      const members = await membersOf(db, brokerageId);
      const ids = members.map((m) => m.userId);
      const [people, seatEnds, seats] = await Promise.all([
        findUsersByIds(db, ids),
        latestSeatEnds(db, ids),
        listSeats(db, brokerageId),
      ]);
      const byId = new Map(people.map((p) => [p.id, p]));
      const now = ctx.now();
      const memberIds = new Set(ids);
      return {
        priceAed: SUBSCRIPTION.priceAed,
        periodDays: SUBSCRIPTION.periodDays,
        renewalWindowDays: SEAT_RENEWAL_WINDOW_DAYS,
        provider: provider.kind,
        ...(provider.kind === 'stripe' ? { publishableKey: provider.publishableKey } : {}),
        canPay: role === 'owner',
        seats: seats.map((s) => ({
          id: s.id,
          holder: { id: s.userId, name: s.name },
          periodStart: s.periodStart.toISOString(),
          periodEnd: s.periodEnd.toISOString(),
          active: s.periodEnd > now && s.periodStart <= now,
          holderIsMember: memberIds.has(s.userId),
        })),
        members: members.flatMap((m) => {
          const p = byId.get(m.userId);
          if (!p) return [];
          return [
            {
              id: p.id,
              name: fullName(p),
              role: m.role,
              eligibility: seatEligibility(p, seatEnds.get(p.id), now),
              paidUntil: subscriptionIsActive(p, now) ? (p.subscriptionPeriodEnd?.toISOString() ?? null) : null,
            },
          ];
        }),
      };
    },

    /**
     * POST /api/brokerages/:id/seats/checkout: the owner starts one payment for the chosen
     * members (new seats, renewals, or a seat moved to another member at renewal).
     */
    async checkout(user: User, brokerageId: string, userIds: string[]): Promise<SeatIntent> {
      const brokerage = await ownerOnly(user, brokerageId);
      await checkSeatHolders(db, brokerageId, userIds);
      const amountAed = SUBSCRIPTION.priceAed * userIds.length;
      if (provider.kind === 'test') {
        const ref = await openTestSeatPayment(db, {
          payerId: user.id,
          brokerageId,
          seatUserIds: userIds,
          amountAed,
          newRef: () => provider.newPayment().paymentRef,
        });
        return { provider: 'test', clientSecret: provider.secretFor(ref), amountAed, seats: userIds.length };
      }
      try {
        const started = await startStripeSeatPayment(ctx, user, {
          brokerageId,
          seatUserIds: userIds,
          amountAed,
          description: `Bitaqa Professional Plan: ${userIds.length} seat(s) for ${brokerage.name}`,
        });
        return { provider: 'stripe', ...started, amountAed, seats: userIds.length };
      } catch (err) {
        log.error({ err, brokerageId }, 'stripe: could not start the seat payment');
        throw new AppError(502, 'PAYMENT_PROVIDER_ERROR', 'Failed to initialize the payment. Please try again.');
      }
    },

    /**
     * A seat PaymentIntent that succeeded at Stripe (the verified webhook): the seats are applied
     * once per event, whatever happened to the members since the checkout (the money is taken).
     */
    async handleStripeSeatPayment(e: StripeSeatPaymentEvent): Promise<{ duplicate: boolean }> {
      const payment = await findPaymentByRef(db, 'stripe', e.paymentRef);
      const brokerage = payment?.brokerageId ? await findBrokerageById(db, payment.brokerageId) : undefined;
      if (!payment || !brokerage || !payment.seatUserIds?.length) {
        log.warn({ paymentRef: e.paymentRef }, 'stripe: a seat payment that is not on file');
        return rememberEvent(db, e.eventId, e.eventType);
      }
      const outcome = await settle(
        brokerage,
        {
          payerId: payment.userId,
          provider: 'stripe',
          providerRef: e.paymentRef,
          amountAed: Math.round(e.amountFils / 100),
          amountFils: e.amountFils,
        },
        payment.seatUserIds,
        { id: e.eventId, type: e.eventType },
      );
      return { duplicate: !outcome.applied };
    },

    /** POST /api/brokerages/:id/seats/test-confirm: the test provider's stand-in for Stripe.js. */
    async confirmTestPayment(user: User, brokerageId: string, input: SeatTestConfirmInput) {
      if (provider.kind !== 'test')
        throw notFound('Test payments are off: this server uses Stripe.', 'TEST_PAYMENTS_DISABLED');
      const brokerage = await ownerOnly(user, brokerageId);
      const card = seatTestConfirmSchema.parse(input);
      const ref = provider.paymentRefOf(card.clientSecret);
      const payment = ref ? await findSeatPayment(db, user.id, brokerageId, 'test', ref) : undefined;
      if (!ref || !payment?.seatUserIds?.length)
        throw notFound('This payment could not be found. Please reload the page and try again.', 'PAYMENT_NOT_FOUND');
      if (payment.status === 'succeeded')
        throw conflict('This payment has already been completed.', 'PAYMENT_ALREADY_CONFIRMED');
      // Members may have left or paid for themselves since the checkout: check again first.
      await checkSeatHolders(db, brokerageId, payment.seatUserIds);

      provider.charge(card.cardNumber);

      const outcome = await settle(
        brokerage,
        { payerId: user.id, provider: 'test', providerRef: payment.providerRef, amountAed: payment.amountAed },
        payment.seatUserIds,
        { id: `test_evt_${payment.providerRef}`, type: 'payment_intent.succeeded' },
      );
      if (!outcome.applied) throw conflict('This payment has already been completed.', 'PAYMENT_ALREADY_CONFIRMED');
      const until = latestEnd(outcome.seats);
      return { status: 'succeeded' as const, seats: outcome.seats.length, periodEnd: until.toISOString() };
    },
  };
}
