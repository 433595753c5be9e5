/**
 * Seat billing with Stripe: the checkout opens one PaymentIntent for the seats, and
 * only the verified payment_intent.succeeded webhook activates the members, once.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { brokerageSeats, invoices, payments, users } from '../../db/schema';
import type { TestUser } from '../../../../tests/helpers/app';
import { createTestBrokerage } from '../../../../tests/helpers/brokerage';
import { createStripeTestApp } from '../../../../tests/helpers/stripe-app';

const WEBHOOK_SECRET = 'whsec_team_seats';
const { fake, t } = await createStripeTestApp(WEBHOOK_SECRET);
const deliver = (
  payload: string,
  signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
) =>
  t.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    payload,
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
  });
const userRow = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0];
const unpaid = { role: 'real_estate_broker', subscriptionStatus: 'inactive' } as const;

describe('seat billing with Stripe', () => {
  it('opens one PaymentIntent for the seats and activates the members on the verified webhook, once', async () => {
    const owner = await t.signUp({ ...unpaid, firstName: 'Omar', lastName: 'Owner' });
    const sara = await t.signUp(unpaid);
    const ali = await t.signUp(unpaid);
    const b = await createTestBrokerage(t, { owner, members: [sara, ali] });
    const checkout = (as: TestUser) =>
      t.inject({
        method: 'POST',
        url: `/api/brokerages/${b.id}/seats/checkout`,
        as,
        payload: { userIds: [sara.user.id, ali.user.id] },
      });
    const res = await checkout(owner);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      provider: 'stripe',
      amountAed: 200,
      seats: 2,
      publishableKey: 'pk_test_bitaqa',
    });
    // A second click gets the same PaymentIntent back.
    expect((await checkout(owner)).json().clientSecret).toBe(res.json().clientSecret);
    const created = fake.calls('POST', '/v1/payment_intents');
    expect(created[0].params).toMatchObject({ amount: '20000', currency: 'aed', 'metadata[kind]': 'brokerage_seats' });
    const piId = [...fake.paymentIntents.keys()][0];
    const [pending] = await t.database.db.select().from(payments).where(eq(payments.providerRef, piId));
    expect(pending).toMatchObject({ status: 'pending', userId: owner.user.id, brokerageId: b.id, amountAed: 200 });
    expect((await userRow(sara.user.id)).subscriptionStatus).toBe('inactive');

    // A forged event changes nothing.
    const event = fake.event('payment_intent.succeeded', fake.payIntent(piId));
    expect((await deliver(event, 't=1,v1=forged')).statusCode).toBe(400);
    expect((await userRow(sara.user.id)).subscriptionStatus).toBe('inactive');

    const ok = await deliver(event);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ received: true, duplicate: false });
    for (const m of [sara, ali]) expect((await userRow(m.user.id)).subscriptionStatus).toBe('active');
    const [paid] = await t.database.db.select().from(payments).where(eq(payments.providerRef, piId));
    expect(paid.status).toBe('succeeded');
    expect(await t.database.db.select().from(brokerageSeats).where(eq(brokerageSeats.brokerageId, b.id))).toHaveLength(
      2,
    );
    const [invoice] = await t.database.db.select().from(invoices).where(eq(invoices.paymentId, paid.id));
    expect(invoice).toMatchObject({ userId: owner.user.id, totalFils: 20_000 });

    // Stripe delivers the same event again: nothing more happens.
    expect((await deliver(event)).json()).toEqual({ received: true, duplicate: true });
    expect(await t.database.db.select().from(brokerageSeats).where(eq(brokerageSeats.brokerageId, b.id))).toHaveLength(
      2,
    );
    expect(await t.database.db.select().from(invoices).where(eq(invoices.paymentId, paid.id))).toHaveLength(1);
  });
});
