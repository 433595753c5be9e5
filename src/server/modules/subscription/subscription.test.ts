import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, brokerageSeats, brokerages, payments, users, webhookEvents } from '../../db/schema';
import { createTestApp, type TestUser } from '../../../../tests/helpers/app';
import { runSubscriptionMaintenance } from './expiry';

const t = await createTestApp();
const DAY = 24 * 3600 * 1000;
const goodCard = { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };
const declinedCard = { cardNumber: '4000 0000 0000 0002', expiry: '12/34', cvc: '123' };

const start = (as?: TestUser) => t.inject({ method: 'POST', url: '/api/get-or-create-subscription', as });
const confirm = (as: TestUser | undefined, payload: object) =>
  t.inject({ method: 'POST', url: '/api/subscription/test-confirm', as, payload });
const userRow = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0];

describe('who may pay', () => {
  it('refuses signed-out visitors on every subscription route', async () => {
    expect((await start()).statusCode).toBe(401);
    expect((await t.inject({ method: 'GET', url: '/api/subscription' })).statusCode).toBe(401);
    expect((await confirm(undefined, { clientSecret: 'test_pi_x_secret_y', ...goodCard })).statusCode).toBe(401);
  });

  it('tells developers and investors that no subscription is required', async () => {
    for (const role of ['investor', 'real_estate_developer'] as const) {
      const u = await t.signUp({ role });
      const res = await start(u);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'SUBSCRIPTION_NOT_REQUIRED',
        message: expect.stringContaining('Subscription Not Required'),
      });
      const info = await t.inject({ method: 'GET', url: '/api/subscription', as: u });
      expect(info.json()).toMatchObject({ required: false, active: false, provider: 'test' });
    }
  });

  it('refuses the admin with 403 and an active broker with 409', async () => {
    const admin = await t.signInAdmin();
    expect((await start(admin)).statusCode).toBe(403);
    const active = await t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' });
    const res = await start(active);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('ALREADY_SUBSCRIBED');
  });

  it('lets a broker whose active status has passed its period end pay again', async () => {
    const lapsed = await t.signUp({ role: 'banking_broker', subscriptionStatus: 'active' });
    await t.database.db
      .update(users)
      .set({ subscriptionPeriodEnd: new Date(Date.now() - DAY) })
      .where(eq(users.id, lapsed.user.id));
    expect((await start(lapsed)).statusCode).toBe(200);
  });
});

describe('paying with the built-in test provider', () => {
  it('walks the whole flow: secret, decline, success, active for one year, receipt', async () => {
    const broker = await t.signUp({ role: 'real_estate_broker' });
    const res = await start(broker);
    expect(res.statusCode).toBe(200);
    const { clientSecret, provider, amountAed } = res.json();
    expect(provider).toBe('test');
    expect(amountAed).toBe(100);
    expect(clientSecret).toMatch(/^test_pi_[0-9a-f]{24}_secret_[\w-]{24}$/);
    // A reload gets the same open payment instead of a second one.
    expect((await start(broker)).json().clientSecret).toBe(clientSecret);
    const pending = await t.database.db.select().from(payments).where(eq(payments.userId, broker.user.id));
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({ status: 'pending', amountAed: 100, provider: 'test' });

    const declined = await confirm(broker, { clientSecret, ...declinedCard });
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toMatchObject({ code: 'CARD_DECLINED', message: 'Your card was declined.' });
    expect((await userRow(broker.user.id)).subscriptionStatus).toBe('inactive');

    const ok = await confirm(broker, { clientSecret, ...goodCard });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'succeeded', subscriptionStatus: 'active' });

    const row = await userRow(broker.user.id);
    expect(row.subscriptionStatus).toBe('active');
    const yearAhead = Date.now() + 365 * DAY;
    expect(Math.abs((row.subscriptionPeriodEnd?.getTime() ?? 0) - yearAhead)).toBeLessThan(60_000);

    const [paid] = await t.database.db.select().from(payments).where(eq(payments.userId, broker.user.id));
    expect(paid).toMatchObject({ status: 'succeeded', amountAed: 100 });
    expect((paid.periodEnd?.getTime() ?? 0) - (paid.periodStart?.getTime() ?? 0)).toBe(365 * DAY);
    const events = await t.database.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.id, `test_evt_${paid.providerRef}`));
    expect(events).toHaveLength(1);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, broker.user.id), eq(auditLog.action, 'subscription.activate')));
    expect(audit).toHaveLength(1);
    expect(t.mailer.lastTo(broker.user.email)?.subject).toBe('Your Bitaqa subscription is active');

    const me = await t.inject({ method: 'GET', url: '/api/auth/user', as: broker });
    expect(me.json().subscriptionStatus).toBe('active');
    const info = await t.inject({ method: 'GET', url: '/api/subscription', as: broker });
    expect(info.json()).toMatchObject({ status: 'active', active: true, required: true, provider: 'test' });

    // Paying twice is refused and changes nothing.
    const again = await confirm(broker, { clientSecret, ...goodCard });
    expect(again.statusCode).toBe(409);
    expect((await start(broker)).statusCode).toBe(409);
    expect(await t.database.db.select().from(payments).where(eq(payments.userId, broker.user.id))).toHaveLength(1);
  });

  it('answers card-form mistakes with field messages', async () => {
    const broker = await t.signUp({ role: 'banking_broker' });
    const { clientSecret } = (await start(broker)).json();
    const badNumber = await confirm(broker, { clientSecret, ...goodCard, cardNumber: '4242 4242 4242 4241' });
    expect(badNumber.statusCode).toBe(400);
    expect(badNumber.json().errors.cardNumber).toBe('Your card number is invalid.');
    const past = await confirm(broker, { clientSecret, ...goodCard, expiry: '01/20' });
    expect(past.statusCode).toBe(400);
    expect(past.json().errors.expiry).toMatch(/in the past/);
    const cvc = await confirm(broker, { clientSecret, ...goodCard, cvc: '1' });
    expect(cvc.json().errors.cvc).toMatch(/security code/);
    const otherCard = await confirm(broker, { clientSecret, ...goodCard, cardNumber: '4111 1111 1111 1111' });
    expect(otherCard.statusCode).toBe(402);
    expect(otherCard.json().message).toMatch(/test card 4242/);
    expect((await userRow(broker.user.id)).subscriptionStatus).toBe('inactive');
  });

  it('refuses a forged client secret and another user’s payment', async () => {
    const owner = await t.signUp({ role: 'real_estate_broker' });
    const other = await t.signUp({ role: 'real_estate_broker' });
    const { clientSecret } = (await start(owner)).json() as { clientSecret: string };
    const forged = `${clientSecret.slice(0, -4)}AAAA`;
    expect((await confirm(owner, { clientSecret: forged, ...goodCard })).statusCode).toBe(404);
    expect(
      (
        await confirm(owner, {
          clientSecret: 'test_pi_000000000000000000000000_secret_abcdefghijklmnopqrstuvwx',
          ...goodCard,
        })
      ).statusCode,
    ).toBe(404);
    const stolen = await confirm(other, { clientSecret, ...goodCard });
    expect(stolen.statusCode).toBe(404);
    expect((await userRow(other.user.id)).subscriptionStatus).toBe('inactive');
    expect((await userRow(owner.user.id)).subscriptionStatus).toBe('inactive');
  });

  it('never lets the client set its own status', async () => {
    const broker = await t.signUp({ role: 'real_estate_broker' });
    const res = await t.inject({
      method: 'PATCH',
      url: '/api/auth/profile',
      as: broker,
      payload: { firstName: 'A', lastName: 'B', email: broker.user.email, subscriptionStatus: 'active' },
    });
    expect(res.statusCode).toBe(200);
    expect((await userRow(broker.user.id)).subscriptionStatus).toBe('inactive');
  });

  it('has no Stripe webhook while Stripe is not configured', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      payload: '{}',
      headers: { 'content-type': 'application/json', 'stripe-signature': 'x' },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('the subscription clock', () => {
  it('lapses ended periods, reminds once two weeks ahead, and respects notification settings', async () => {
    const db = t.database.db;
    const ended = await t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' });
    const soon = await t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' });
    const quiet = await t.signUp({ role: 'banking_broker', subscriptionStatus: 'active' });
    const later = await t.signUp({ role: 'banking_broker', subscriptionStatus: 'active' });
    await db
      .update(users)
      .set({ subscriptionPeriodEnd: new Date(Date.now() - 1000) })
      .where(eq(users.id, ended.user.id));
    await db
      .update(users)
      .set({ subscriptionPeriodEnd: new Date(Date.now() + 10 * DAY) })
      .where(eq(users.id, soon.user.id));
    await db
      .update(users)
      .set({
        subscriptionPeriodEnd: new Date(Date.now() + 5 * DAY),
        notificationPrefs: { messages: true, inquiries: true, cardStatus: true, subscription: false },
      })
      .where(eq(users.id, quiet.user.id));
    await db
      .update(users)
      .set({ subscriptionPeriodEnd: new Date(Date.now() + 40 * DAY) })
      .where(eq(users.id, later.user.id));
    const mine = new Set([ended, soon, quiet, later].map((u) => u.user.email));
    const mailsToThem = () => t.mailer.sent.filter((m) => mine.has(m.to)).length;

    await runSubscriptionMaintenance(t.app.ctx, t.app.log);
    await t.mailer.settle();
    expect((await userRow(ended.user.id)).subscriptionStatus).toBe('inactive');
    expect(t.mailer.lastTo(ended.user.email)?.subject).toBe('Your Bitaqa subscription has ended');
    expect((await userRow(soon.user.id)).subscriptionStatus).toBe('active');
    expect(t.mailer.lastTo(soon.user.email)?.subject).toMatch(/^Your Bitaqa subscription ends on \d{4}-\d{2}-\d{2}$/);
    expect(t.mailer.lastTo(quiet.user.email)).toBeUndefined();
    expect((await userRow(quiet.user.id)).subscriptionReminderSentAt).not.toBeNull();
    expect(t.mailer.lastTo(later.user.email)).toBeUndefined();
    const lapseAudit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, ended.user.id), eq(auditLog.action, 'subscription.lapse')));
    expect(lapseAudit).toHaveLength(1);

    // A second run mails nobody again.
    expect(mailsToThem()).toBe(2);
    await runSubscriptionMaintenance(t.app.ctx, t.app.log);
    await t.mailer.settle();
    expect(mailsToThem()).toBe(2);

    // The lapsed broker may pay again and gets a fresh year.
    const res = await start(ended);
    expect(res.statusCode).toBe(200);
    expect((await confirm(ended, { clientSecret: res.json().clientSecret, ...goodCard })).statusCode).toBe(200);
    const renewed = await userRow(ended.user.id);
    expect(renewed.subscriptionStatus).toBe('active');
    expect(renewed.subscriptionPeriodEnd!.getTime()).toBeGreaterThan(Date.now() + 364 * DAY);
  });
});

describe('GET /api/subscription for a brokerage seat', () => {
  it('says which brokerage pays while its seat runs, and nothing once it has ended', async () => {
    const member = await t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' });
    const mine = async () => (await t.inject({ method: 'GET', url: '/api/subscription', as: member })).json();
    expect((await mine()).seatBrokerage).toBeNull();
    const [b] = await t.database.db
      .insert(brokerages)
      .values({
        slug: `seat-${member.user.id.slice(0, 8)}`,
        name: 'Seat Homes',
        ornNumber: `S${Date.now() % 1e7}`,
        tradeLicenceNumber: 'TL-S',
      })
      .returning();
    const now = Date.now();
    await t.database.db.insert(brokerageSeats).values({
      brokerageId: b.id,
      userId: member.user.id,
      periodStart: new Date(now - DAY),
      periodEnd: new Date(now + 300 * DAY),
    });
    expect(await mine()).toMatchObject({ active: true, seatBrokerage: 'Seat Homes' });
    await t.database.db
      .update(brokerageSeats)
      .set({ periodEnd: new Date(now - 1000) })
      .where(eq(brokerageSeats.userId, member.user.id));
    expect((await mine()).seatBrokerage).toBeNull();
  });
});
