/**
 * The Stripe path: the real `stripe` SDK pointed at a local server on 127.0.0.1, and
 * webhooks signed with the SDK's own test-header helper.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { invoices, payments, users, webhookEvents } from '../../db/schema';
import type { TestUser } from '../../../../tests/helpers/app';
import { createStripeTestApp } from '../../../../tests/helpers/stripe-app';

const WEBHOOK_SECRET = 'whsec_test_bitaqa_secret';
const { fake, t } = await createStripeTestApp(WEBHOOK_SECRET);

const sign = (payload: string, secret = WEBHOOK_SECRET) =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret });
const deliver = (payload: string, signature = sign(payload)) =>
  t.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    payload,
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
  });
const userRow = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0];

/** A broker who started paying: their Stripe subscription id. */
async function startedBroker(): Promise<{ broker: TestUser; subId: string; clientSecret: string }> {
  const broker = await t.signUp({ role: 'real_estate_broker' });
  const res = await t.inject({ method: 'POST', url: '/api/get-or-create-subscription', as: broker });
  expect(res.statusCode).toBe(200);
  const row = await userRow(broker.user.id);
  return { broker, subId: row.stripeSubscriptionId as string, clientSecret: res.json().clientSecret };
}

describe('starting a Stripe subscription', () => {
  it('creates the customer and an incomplete yearly AED 100 subscription and returns its client secret', async () => {
    const broker = await t.signUp({ role: 'banking_broker' });
    const res = await t.inject({ method: 'POST', url: '/api/get-or-create-subscription', as: broker });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ provider: 'stripe', publishableKey: 'pk_test_bitaqa', amountAed: 100 });

    const [customer] = fake.calls('POST', '/v1/customers');
    expect(customer.params).toMatchObject({ email: broker.user.email, 'metadata[userId]': broker.user.id });
    const [price] = fake.calls('POST', '/v1/prices');
    expect(price.params).toMatchObject({ currency: 'aed', unit_amount: '10000', 'recurring[interval]': 'year' });
    const [sub] = fake.calls('POST', '/v1/subscriptions');
    expect(sub.params).toMatchObject({ payment_behavior: 'default_incomplete', 'metadata[userId]': broker.user.id });
    expect(Object.values(sub.params)).toContain('latest_invoice.confirmation_secret');

    const row = await userRow(broker.user.id);
    expect(row.stripeCustomerId).toMatch(/^cus_/);
    expect(row.stripeSubscriptionId).toMatch(/^sub_/);
    const created = fake.subscriptions.get(row.stripeSubscriptionId as string);
    const invoice = fake.invoices.get(created?.latestInvoice as string) as {
      confirmation_secret: { client_secret: string };
    };
    expect(body.clientSecret).toBe(invoice.confirmation_secret.client_secret);
    // Only a verified webhook makes it active.
    expect(row.subscriptionStatus).toBe('inactive');

    // A second visit reuses the unpaid subscription and the price.
    const again = await t.inject({ method: 'POST', url: '/api/get-or-create-subscription', as: broker });
    expect(again.json().clientSecret).toBe(body.clientSecret);
    expect(fake.calls('POST', '/v1/subscriptions')).toHaveLength(1);
    expect(fake.calls('POST', '/v1/customers')).toHaveLength(1);
  });

  it('has no test-payment endpoint when Stripe is configured', async () => {
    const { broker, clientSecret } = await startedBroker();
    const res = await t.inject({
      method: 'POST',
      url: '/api/subscription/test-confirm',
      as: broker,
      payload: { clientSecret, cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' },
    });
    expect(res.statusCode).toBe(404);
    expect((await userRow(broker.user.id)).subscriptionStatus).toBe('inactive');
  });

  it('answers 502 with a clear message when Stripe cannot be reached', async () => {
    const broker = await t.signUp({ role: 'real_estate_broker' });
    // A customer id Stripe does not know makes the subscription call fail.
    await t.database.db.update(users).set({ stripeCustomerId: 'cus_unknown' }).where(eq(users.id, broker.user.id));
    const res = await t.inject({ method: 'POST', url: '/api/get-or-create-subscription', as: broker });
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe('Failed to initialize subscription. Please try again.');
  });
});

describe('the Stripe webhook', () => {
  it('activates only on a verified event, once, and records the payment', async () => {
    const { broker, subId } = await startedBroker();
    const invoice = fake.pay(subId);
    const payload = fake.event('invoice.paid', invoice);

    // Forged: signed with another secret, tampered body, missing header.
    const forged = await deliver(payload, sign(payload, 'whsec_attacker'));
    expect(forged.statusCode).toBe(400);
    expect(forged.json().code).toBe('WEBHOOK_SIGNATURE_INVALID');
    const tampered = await deliver(payload.replace('"amount_paid":10000', '"amount_paid":1'), sign(payload));
    expect(tampered.statusCode).toBe(400);
    const unsigned = await t.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      payload,
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.statusCode).toBe(400);
    expect((await userRow(broker.user.id)).subscriptionStatus).toBe('inactive');

    const ok = await deliver(payload);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ received: true, duplicate: false });
    const row = await userRow(broker.user.id);
    expect(row.subscriptionStatus).toBe('active');
    const sub = fake.subscriptions.get(subId);
    expect(row.subscriptionPeriodEnd?.getTime()).toBe((sub?.periodEnd ?? 0) * 1000);
    const paid = await t.database.db.select().from(payments).where(eq(payments.userId, broker.user.id));
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ provider: 'stripe', providerRef: invoice.id, status: 'succeeded', amountAed: 100 });
    expect(t.mailer.lastTo(broker.user.email)?.subject).toBe('Your Bitaqa subscription is active');
    // The tax invoice of the payment, from Stripe's amount in fils, attached to the receipt.
    const issued = await t.database.db.select().from(invoices).where(eq(invoices.userId, broker.user.id));
    expect(issued).toHaveLength(1);
    expect(issued[0]).toMatchObject({ paymentId: paid[0].id, totalFils: 10_000, netFils: 9_524, vatFils: 476 });
    expect(t.mailer.lastTo(broker.user.email)?.attachments?.[0]?.filename).toBe(`${issued[0].number}.pdf`);

    // Replayed: acknowledged, nothing changes.
    const mails = t.mailer.sent.length;
    const replay = await deliver(payload);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().duplicate).toBe(true);
    expect(await t.database.db.select().from(payments).where(eq(payments.userId, broker.user.id))).toHaveLength(1);
    expect(t.mailer.sent.length).toBe(mails);
    const eventId = JSON.parse(payload).id;
    expect(await t.database.db.select().from(webhookEvents).where(eq(webhookEvents.id, eventId))).toHaveLength(1);
    // Stripe also sends invoice.payment_succeeded for the same invoice: still one tax invoice.
    expect((await deliver(fake.event('invoice.payment_succeeded', invoice))).statusCode).toBe(200);
    expect(await t.database.db.select().from(invoices).where(eq(invoices.userId, broker.user.id))).toHaveLength(1);
  });

  it('does not let late, out-of-order events undo a newer state', async () => {
    const { broker, subId } = await startedBroker();
    const firstInvoice = fake.invoices.get(fake.subscriptions.get(subId)?.latestInvoice as string) as Record<
      string,
      unknown
    >;
    const oldFailure = fake.event('invoice.payment_failed', firstInvoice, Math.floor(Date.now() / 1000) - 300);
    const oldUpdate = fake.event(
      'customer.subscription.updated',
      { id: subId, object: 'subscription', status: 'incomplete', customer: fake.subscriptions.get(subId)?.customer },
      Math.floor(Date.now() / 1000) - 200,
    );
    const paid = fake.event('invoice.paid', fake.pay(subId));
    expect((await deliver(paid)).statusCode).toBe(200);
    expect((await userRow(broker.user.id)).subscriptionStatus).toBe('active');

    // The older events arrive afterwards.
    expect((await deliver(oldUpdate)).statusCode).toBe(200);
    expect((await deliver(oldFailure)).statusCode).toBe(200);
    expect((await userRow(broker.user.id)).subscriptionStatus).toBe('active');
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.userId, broker.user.id));
    expect(payment.status).toBe('succeeded');
  });

  it('turns the subscription back when a renewal fails or it is cancelled', async () => {
    const a = await startedBroker();
    expect((await deliver(fake.event('invoice.paid', fake.pay(a.subId)))).statusCode).toBe(200);
    expect((await userRow(a.broker.user.id)).subscriptionStatus).toBe('active');
    const renewal = fake.renewalInvoice(a.subId);
    const sub = fake.subscriptions.get(a.subId);
    if (sub) sub.status = 'past_due';
    expect((await deliver(fake.event('invoice.payment_failed', renewal))).statusCode).toBe(200);
    expect((await userRow(a.broker.user.id)).subscriptionStatus).toBe('inactive');
    expect(t.mailer.lastTo(a.broker.user.email)?.subject).toBe('Your Bitaqa subscription is no longer active');
    const failed = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.providerRef, renewal.id as string));
    expect(failed[0]?.status).toBe('failed');

    const b = await startedBroker();
    expect((await deliver(fake.event('invoice.paid', fake.pay(b.subId)))).statusCode).toBe(200);
    const bSub = fake.subscriptions.get(b.subId);
    if (bSub) bSub.status = 'canceled';
    const deleted = fake.event('customer.subscription.deleted', {
      id: b.subId,
      object: 'subscription',
      status: 'canceled',
      customer: bSub?.customer,
    });
    expect((await deliver(deleted)).statusCode).toBe(200);
    expect((await userRow(b.broker.user.id)).subscriptionStatus).toBe('inactive');
  });

  it('acknowledges events about subscriptions it does not know without changing anyone', async () => {
    const bystander = await t.signUp({ role: 'real_estate_broker' });
    const payload = fake.event('customer.subscription.updated', {
      id: 'sub_unknown',
      object: 'subscription',
      status: 'active',
    });
    const res = await deliver(payload);
    expect(res.statusCode).toBe(200);
    expect((await userRow(bystander.user.id)).subscriptionStatus).toBe('inactive');
    const other = fake.event('charge.succeeded', { id: 'ch_1', object: 'charge' });
    expect((await deliver(other)).statusCode).toBe(200);
  });

  it('keeps JSON parsing for every other route', async () => {
    const u = await t.signUp({ role: 'investor' });
    const res = await t.inject({
      method: 'PATCH',
      url: '/api/auth/profile',
      as: u,
      payload: { firstName: 'Json', lastName: 'Still', email: u.user.email },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().firstName).toBe('Json');
  });
});
