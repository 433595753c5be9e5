import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, brokerageSeats, invoices, payments, users } from '../../db/schema';
import { createTestApp, type TestUser } from '../../../../tests/helpers/app';
import { createTestBrokerage, leaveBrokerage, type TestBrokerage } from '../../../../tests/helpers/brokerage';
import { approvedCardFor } from '../../../../tests/helpers/cards';

let clock = new Date();
const t = await createTestApp({ now: () => clock });
const DAY = 24 * 3600 * 1000;
const goodCard = { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };
const declinedCard = { cardNumber: '4000 0000 0000 0002', expiry: '12/34', cvc: '123' };
const unpaidBroker = { role: 'real_estate_broker', subscriptionStatus: 'inactive' } as const;

const checkout = (b: TestBrokerage, as: TestUser | undefined, userIds: string[]) =>
  t.inject({ method: 'POST', url: `/api/brokerages/${b.id}/seats/checkout`, as, payload: { userIds } });
const confirm = (b: TestBrokerage, as: TestUser | undefined, clientSecret: string, card = goodCard) =>
  t.inject({
    method: 'POST',
    url: `/api/brokerages/${b.id}/seats/test-confirm`,
    as,
    payload: { clientSecret, ...card },
  });
const overview = (b: TestBrokerage, as?: TestUser) =>
  t.inject({ method: 'GET', url: `/api/brokerages/${b.id}/seats`, as });
const userRow = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0];
const directoryNames = async () =>
  (await t.inject({ method: 'GET', url: '/api/business-cards/public?limit=60' }))
    .json()
    .map((c: { name: string }) => c.name);

async function team() {
  const owner = await t.signUp({ ...unpaidBroker, firstName: 'Omar', lastName: 'Owner' });
  const manager = await t.signUp({ ...unpaidBroker, firstName: 'Mona', lastName: 'Manager' });
  const sara = await t.signUp({ ...unpaidBroker, firstName: 'Sara', lastName: 'Seat' });
  const ali = await t.signUp({ ...unpaidBroker, firstName: 'Ali', lastName: 'Seat' });
  const investor = await t.signUp({ role: 'investor', firstName: 'Ivan', lastName: 'Investor' });
  const b = await createTestBrokerage(t, { owner, managers: [manager], members: [sara, ali, investor] });
  return { owner, manager, sara, ali, investor, b };
}

async function paySeats(b: TestBrokerage, owner: TestUser, ids: string[]) {
  const res = await checkout(b, owner, ids);
  expect(res.statusCode).toBe(200);
  const ok = await confirm(b, owner, res.json().clientSecret);
  expect(ok.statusCode).toBe(200);
  return ok.json();
}

describe('seat billing', () => {
  it('the owner pays two seats with the test card: both members are active and listed', async () => {
    const { owner, sara, ali, b } = await team();
    const saraCard = await approvedCardFor(t, sara, { name: `Sara Seat ${b.slug}` });
    const aliCard = await approvedCardFor(t, ali, { name: `Ali Seat ${b.slug}` });
    expect(await directoryNames()).not.toContain(saraCard.name);

    const res = await checkout(b, owner, [sara.user.id, ali.user.id]);
    expect(res.statusCode).toBe(200);
    const intent = res.json();
    expect(intent).toMatchObject({ provider: 'test', amountAed: 200, seats: 2 });
    // Choosing the same members again reuses the open payment.
    expect((await checkout(b, owner, [ali.user.id, sara.user.id])).json().clientSecret).toBe(intent.clientSecret);

    const declined = await confirm(b, owner, intent.clientSecret, declinedCard);
    expect(declined.statusCode).toBe(402);
    expect((await userRow(sara.user.id)).subscriptionStatus).toBe('inactive');

    const ok = await confirm(b, owner, intent.clientSecret);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'succeeded', seats: 2 });
    for (const m of [sara, ali]) {
      const row = await userRow(m.user.id);
      expect(row.subscriptionStatus).toBe('active');
      expect(row.subscriptionPeriodEnd?.getTime()).toBeGreaterThan(clock.getTime() + 364 * DAY);
    }
    // The owner paid but did not take a seat.
    expect((await userRow(owner.user.id)).subscriptionStatus).toBe('inactive');
    const names = await directoryNames();
    expect(names).toEqual(expect.arrayContaining([saraCard.name, aliCard.name]));

    const [payment] = await t.database.db.select().from(payments).where(eq(payments.brokerageId, b.id));
    expect(payment).toMatchObject({ userId: owner.user.id, amountAed: 200, status: 'succeeded' });
    expect([...(payment.seatUserIds ?? [])].sort()).toEqual([sara.user.id, ali.user.id].sort());
    const seats = await t.database.db.select().from(brokerageSeats).where(eq(brokerageSeats.brokerageId, b.id));
    expect(seats).toHaveLength(2);
    const [invoice] = await t.database.db.select().from(invoices).where(eq(invoices.paymentId, payment.id));
    expect(invoice).toMatchObject({ userId: owner.user.id, totalFils: 20_000 });
    expect(invoice.description).toContain('2 member seats of Marina Homes');
    const mail = t.mailer.lastTo(owner.user.email);
    expect(mail?.subject).toBe('Your Bitaqa team seats are paid (2)');
    expect(mail?.text).toContain('Sara Seat');
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, b.id), eq(auditLog.action, 'brokerage.seats.pay')));
    expect(audit).toHaveLength(1);

    // A replayed confirmation changes nothing.
    const replay = await confirm(b, owner, intent.clientSecret);
    expect(replay.statusCode).toBe(409);
    expect(await t.database.db.select().from(brokerageSeats).where(eq(brokerageSeats.brokerageId, b.id))).toHaveLength(
      2,
    );
    expect(await t.database.db.select().from(invoices).where(eq(invoices.paymentId, payment.id))).toHaveLength(1);

    const view = (await overview(b, owner)).json();
    expect(view.canPay).toBe(true);
    expect(
      view.seats.map((s: { holder: { name: string }; active: boolean }) => [s.holder.name, s.active]).sort(),
    ).toEqual([
      ['Ali Seat', true],
      ['Sara Seat', true],
    ]);
    expect(view.members.find((m: { id: string }) => m.id === sara.user.id).eligibility).toBe('seated');
  });

  it('refuses non-members, non-brokers and members who are paid already, with clear messages', async () => {
    const { owner, sara, investor, b } = await team();
    const outsider = await t.signUp(unpaidBroker);
    const notMember = await checkout(b, owner, [outsider.user.id]);
    expect(notMember.statusCode).toBe(400);
    expect(notMember.json().errors.userIds).toMatch(/is not a member of this brokerage/);
    const notBroker = await checkout(b, owner, [investor.user.id]);
    expect(notBroker.statusCode).toBe(400);
    expect(notBroker.json().errors.userIds).toBe(
      'Ivan Investor is not a broker: only real estate and banking brokers have a paid plan.',
    );
    await t.database.db
      .update(users)
      .set({ subscriptionStatus: 'active', subscriptionPeriodEnd: new Date(clock.getTime() + 200 * DAY) })
      .where(eq(users.id, sara.user.id));
    const paid = await checkout(b, owner, [sara.user.id]);
    expect(paid.statusCode).toBe(409);
    expect(paid.json().message).toMatch(/^Sara Seat already pays their own subscription \(until \d{4}-\d\d-\d\d\)\.$/);
    expect((await checkout(b, owner, [])).statusCode).toBe(400);
    expect((await checkout(b, owner, [sara.user.id, sara.user.id])).statusCode).toBe(400);
  });

  it('checks the members again at confirmation: one who left in between is refused', async () => {
    const { owner, sara, ali, b } = await team();
    const { clientSecret } = (await checkout(b, owner, [sara.user.id, ali.user.id])).json();
    await leaveBrokerage(t, b, ali);
    const res = await confirm(b, owner, clientSecret);
    expect(res.statusCode).toBe(400);
    expect((await userRow(sara.user.id)).subscriptionStatus).toBe('inactive');
  });

  it('access: outsider, member, manager and admin cannot pay; managers see the seats', async () => {
    const { owner, manager, sara, b } = await team();
    const outsider = await t.signUp(unpaidBroker);
    const admin = await t.signInAdmin();
    const { clientSecret } = (await checkout(b, owner, [sara.user.id])).json();
    const codes = async (as?: TestUser) => [
      (await overview(b, as)).statusCode,
      (await checkout(b, as, [sara.user.id])).statusCode,
      (await confirm(b, as, clientSecret)).statusCode,
    ];
    expect(await codes(undefined)).toEqual([401, 401, 401]);
    expect(await codes(outsider)).toEqual([403, 403, 403]);
    expect(await codes(admin)).toEqual([403, 403, 403]);
    expect(await codes(sara)).toEqual([403, 403, 403]);
    expect(await codes(manager)).toEqual([200, 403, 403]);
    expect((await overview(b, manager)).json().canPay).toBe(false);
    // Another brokerage's owner cannot confirm this brokerage's payment through their own.
    const other = await team();
    const stolen = await confirm(other.b, other.owner, clientSecret);
    expect(stolen.statusCode).toBe(404);
    expect((await overview({ id: '00000000-0000-4000-8000-000000000000', slug: '', name: '' }, owner)).statusCode).toBe(
      404,
    );
  });

  it('at renewal a seat moves to another member; the former holder keeps it until it ends', async () => {
    const { owner, sara, ali, b } = await team();
    await paySeats(b, owner, [sara.user.id]);
    const saraEnd = (await userRow(sara.user.id)).subscriptionPeriodEnd as Date;
    // Too early to renew Sara's seat.
    const early = await checkout(b, owner, [sara.user.id]);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/already has a seat until/);

    // 340 days later: Sara's seat is in its renewal window. The owner renews Sara and moves… no:
    // the owner gives the seat to Ali instead, and keeps Sara's running until its end.
    clock = new Date(clock.getTime() + 340 * DAY);
    try {
      const view = (await overview(b, owner)).json();
      expect(view.members.find((m: { id: string }) => m.id === sara.user.id).eligibility).toBe('renewable');
      await paySeats(b, owner, [ali.user.id]);
      expect((await userRow(ali.user.id)).subscriptionStatus).toBe('active');
      expect((await userRow(sara.user.id)).subscriptionPeriodEnd?.getTime()).toBe(saraEnd.getTime());

      // Renewing Sara early extends her year from the end of the current one.
      await paySeats(b, owner, [sara.user.id]);
      const renewed = (await userRow(sara.user.id)).subscriptionPeriodEnd as Date;
      expect(renewed.getTime()).toBe(saraEnd.getTime() + 365 * DAY);
      const seats = (await overview(b, owner)).json().seats;
      expect(seats.map((s: { holder: { name: string } }) => s.holder.name)).toEqual([
        'Sara Seat',
        'Ali Seat',
        'Sara Seat',
      ]);
      const renewAudit = await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, sara.user.id), eq(auditLog.action, 'subscription.seat_renew')));
      expect(renewAudit).toHaveLength(1);
    } finally {
      clock = new Date();
    }
  });
});
