/**
 * Two concurrent subscription starts must create one Stripe subscription,
 * and a payment for a subscription that is not the one on file must still activate its user.
 * The real `stripe` SDK talks to the local fake Stripe server (tests/helpers/fake-stripe.ts).
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { users } from '../../db/schema';
import { createStripeTestApp } from '../../../../tests/helpers/stripe-app';

const WEBHOOK_SECRET = 'whsec_test_bitaqa_race';
const { fake, t } = await createStripeTestApp(WEBHOOK_SECRET);

const deliver = (payload: string) =>
  t.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    payload,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    },
  });
const userRow = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0];
const subscriptionsOf = (userId: string) =>
  fake.calls('POST', '/v1/subscriptions').filter((r) => r.params['metadata[userId]'] === userId);

describe('starting a Stripe subscription twice at once', () => {
  it('creates one subscription; both answers carry its client secret', async () => {
    const broker = await t.signUp({ role: 'real_estate_broker' });
    const start = () => t.inject({ method: 'POST', url: '/api/get-or-create-subscription', as: broker });
    const answers = await Promise.all([start(), start(), start()]);
    for (const a of answers) expect(a.statusCode).toBe(200);
    expect(new Set(answers.map((a) => a.json().clientSecret)).size).toBe(1);

    const created = subscriptionsOf(broker.user.id);
    expect(created).toHaveLength(1);
    expect([...fake.subscriptions.values()].filter((s) => s.metadata.userId === broker.user.id)).toHaveLength(1);
    // The request carried an idempotency key naming the user, so a retry cannot double it.
    expect(created[0].idempotencyKey).toBe(`bitaqa-subscription-${broker.user.id}-after-none`);
    expect((await userRow(broker.user.id)).stripeSubscriptionId).toBe(
      [...fake.subscriptions.values()].find((s) => s.metadata.userId === broker.user.id)?.id,
    );
  });

  it('a repeated create with the same key (a retry after a lost answer) gets the same subscription back', async () => {
    const broker = await t.signUp({ role: 'banking_broker' });
    const first = await t.inject({ method: 'POST', url: '/api/get-or-create-subscription', as: broker });
    expect(first.statusCode).toBe(200);
    // Our database "lost" the answer: the next start sends the same key again.
    await t.database.db.update(users).set({ stripeSubscriptionId: null }).where(eq(users.id, broker.user.id));
    const again = await t.inject({ method: 'POST', url: '/api/get-or-create-subscription', as: broker });
    expect(again.json().clientSecret).toBe(first.json().clientSecret);
    expect(fake.subscriptions.size).toBe(new Set([...fake.subscriptions.values()].map((s) => s.id)).size);
    expect([...fake.subscriptions.values()].filter((s) => s.metadata.userId === broker.user.id)).toHaveLength(1);
  });
});

describe('webhooks matched by metadata.userId', () => {
  it('activates a user who paid a subscription other than the one on file, and an unpaid stray turns nobody off', async () => {
    const broker = await t.signUp({ role: 'real_estate_broker' });
    expect((await t.inject({ method: 'POST', url: '/api/get-or-create-subscription', as: broker })).statusCode).toBe(
      200,
    );
    const onFile = (await userRow(broker.user.id)) as { stripeSubscriptionId: string; stripeCustomerId: string };
    // The loser of a race before this fix: another subscription of the same user and customer.
    const other = fake.createSubscription(onFile.stripeCustomerId, broker.user.id);
    expect(other.id).not.toBe(onFile.stripeSubscriptionId);

    const paid = await deliver(fake.event('invoice.paid', fake.pay(other.id)));
    expect(paid.statusCode).toBe(200);
    expect(paid.json().duplicate).toBe(false);
    const after = await userRow(broker.user.id);
    expect(after.subscriptionStatus).toBe('active');
    expect(after.stripeSubscriptionId).toBe(other.id);

    // The unpaid one on file expires at Stripe: its events leave the paying user active.
    const stale = fake.subscriptions.get(onFile.stripeSubscriptionId);
    if (stale) stale.status = 'incomplete_expired';
    const expired = fake.event('customer.subscription.updated', {
      id: onFile.stripeSubscriptionId,
      object: 'subscription',
      status: 'incomplete_expired',
      customer: onFile.stripeCustomerId,
    });
    expect((await deliver(expired)).statusCode).toBe(200);
    expect((await userRow(broker.user.id)).subscriptionStatus).toBe('active');
    expect((await userRow(broker.user.id)).stripeSubscriptionId).toBe(other.id);
  });

  it('never adopts a subscription whose metadata names a user of another customer', async () => {
    const victim = await t.signUp({ role: 'real_estate_broker' });
    await t.inject({ method: 'POST', url: '/api/get-or-create-subscription', as: victim });
    const stranger = await t.signUp({ role: 'real_estate_broker' });
    await t.inject({ method: 'POST', url: '/api/get-or-create-subscription', as: stranger });
    const strangerRow = (await userRow(stranger.user.id)) as { stripeCustomerId: string };
    // A subscription on the stranger's customer that claims to be the victim's.
    const forged = fake.createSubscription(strangerRow.stripeCustomerId, victim.user.id);
    expect((await deliver(fake.event('invoice.paid', fake.pay(forged.id)))).statusCode).toBe(200);
    const victimRow = await userRow(victim.user.id);
    expect(victimRow.subscriptionStatus).toBe('inactive');
    expect(victimRow.stripeSubscriptionId).not.toBe(forged.id);
  });
});
