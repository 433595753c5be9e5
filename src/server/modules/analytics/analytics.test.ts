import { and, eq, gte, lte, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type TestUser, createTestApp } from '../../../../tests/helpers/app';
import { addDays, uaeDay } from '../../../core/analytics';
import {
  analyticsSalts,
  brokerageMembers,
  brokerages,
  businessCards,
  cardDailyVisitors,
  cardEvents,
} from '../../db/schema';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
/** The app's clock: sessions are made in real time, so the story happens in the weeks before. */
let clock = new Date(Date.now() - 60 * DAY);
const t = await createTestApp({ now: () => clock });
const db = t.database.db;

let counter = 0;
const freshIp = () => `10.9.${Math.floor(++counter / 250)}.${counter % 250}`;

async function cardFor(owner: TestUser) {
  const [card] = await db
    .insert(businessCards)
    .values({ userId: owner.user.id, name: 'Analytics Card', profession: 'Broker', status: 'approved', isPublic: true })
    .returning();
  return card;
}

const visitor = (n: number) => ({ 'user-agent': `Phone ${n}` });
const view = (cardId: string, src?: string, headers = visitor(1), as?: TestUser, ip = '10.1.1.1') =>
  t.inject({
    method: 'POST',
    url: `/api/business-cards/${cardId}/view`,
    payload: src ? { src } : {},
    headers,
    as,
    remoteAddress: ip,
  });
const beacon = (cardId: string, action: string, source?: string, headers = visitor(1), as?: TestUser) =>
  t.inject({
    method: 'POST',
    url: `/api/business-cards/${cardId}/events`,
    payload: { action, source },
    headers,
    as,
    remoteAddress: freshIp(),
  });
const stats = (cardId: string, as?: TestUser, days: number | string = 30) =>
  t.inject({ method: 'GET', url: `/api/analytics/cards/${cardId}?days=${days}`, as });
const team = (brokerageId: string, as?: TestUser, days = 30) =>
  t.inject({ method: 'GET', url: `/api/brokerages/${brokerageId}/analytics?days=${days}`, as });

async function brokerageWith(members: { user: TestUser; role: 'owner' | 'manager' | 'member' }[]) {
  counter += 1;
  const [b] = await db
    .insert(brokerages)
    .values({
      slug: `team-${counter}-${Date.now()}`,
      name: `Team ${counter}`,
      ornNumber: `ORN${counter}${Date.now() % 100000}`,
      tradeLicenceNumber: `TL-${counter}`,
    })
    .returning();
  await db
    .insert(brokerageMembers)
    .values(members.map((m) => ({ brokerageId: b.id, userId: m.user.user.id, role: m.role })));
  return b;
}

describe('recording card events', () => {
  it('counts one QR visit as one view with source qr', async () => {
    const owner = await t.signUp();
    const card = await cardFor(owner);
    expect((await view(card.id, 'qr')).json()).toEqual({ counted: true });
    const events = await db.select().from(cardEvents).where(eq(cardEvents.cardId, card.id));
    expect(events.map((e) => [e.action, e.source])).toEqual([['view', 'qr']]);
    const { totals } = (await stats(card.id, owner)).json();
    expect(totals).toMatchObject({ views: 1, visitors: 1 });
    expect(totals.byAction.view).toBe(1);
    expect(totals.bySource).toMatchObject({ qr: 1, direct: 0 });
    // The lifetime counters on the card stay in step: one view, of which one from the QR code.
    const [row] = await db.select().from(businessCards).where(eq(businessCards.id, card.id));
    expect([row.viewCount, row.qrVisits]).toEqual([1, 1]);
  });

  it('counts a tapped NFC tag and the code on a video-call background as sources of their own', async () => {
    const owner = await t.signUp();
    const card = await cardFor(owner);
    expect((await view(card.id, 'nfc', visitor(1))).json()).toEqual({ counted: true });
    expect((await view(card.id, 'background', visitor(2))).json()).toEqual({ counted: true });
    expect((await view(card.id, 'background', visitor(3))).json()).toEqual({ counted: true });
    const { totals } = (await stats(card.id, owner)).json();
    expect(totals.bySource).toMatchObject({ nfc: 1, background: 2, qr: 0, direct: 0 });
  });

  it('counts nothing for the owner’s own visit, save or clicks', async () => {
    const owner = await t.signUp();
    const card = await cardFor(owner);
    expect((await view(card.id, 'qr', visitor(1), owner)).json()).toEqual({ counted: false });
    expect((await beacon(card.id, 'call', 'direct', visitor(1), owner)).json()).toEqual({ counted: false });
    await t.inject({ method: 'GET', url: `/api/business-cards/${card.id}/vcard`, as: owner });
    const { totals, series } = (await stats(card.id, owner)).json();
    expect(totals).toMatchObject({ views: 0, visitors: 0, contactSaves: 0, actions: 0, leads: 0 });
    expect(series.every((d: { views: number }) => d.views === 0)).toBe(true);
    expect(await db.select().from(cardEvents).where(eq(cardEvents.cardId, card.id))).toEqual([]);
  });

  it('counts the same visitor twice in a day as one visitor and two views', async () => {
    const owner = await t.signUp();
    const card = await cardFor(owner);
    clock = new Date(Date.parse(`${uaeDay(clock)}T04:00:00+04:00`));
    expect((await view(card.id)).json().counted).toBe(true);
    // A refresh within half an hour is not a new view.
    expect((await view(card.id)).json().counted).toBe(false);
    clock = new Date(clock.getTime() + 2 * HOUR);
    expect((await view(card.id, 'directory')).json().counted).toBe(true);
    expect((await view(card.id, undefined, visitor(2))).json().counted).toBe(true);
    const { totals, series } = (await stats(card.id, owner, 7)).json();
    expect(totals).toMatchObject({ views: 3, visitors: 2 });
    expect(series.at(-1)).toMatchObject({ date: uaeDay(clock), views: 3, visitors: 2 });
    // The next day the same visitor is a visitor again.
    clock = new Date(clock.getTime() + DAY);
    await view(card.id);
    expect((await stats(card.id, owner, 7)).json().totals).toMatchObject({ views: 4, visitors: 3 });
  });

  it('stores no address or browser, and deletes a day’s salt once the day is over', async () => {
    const owner = await t.signUp();
    const card = await cardFor(owner);
    await view(card.id, undefined, { 'user-agent': 'Secret Browser 1.0' }, undefined, '203.0.113.77');
    const hashes = await db.select().from(cardDailyVisitors).where(eq(cardDailyVisitors.cardId, card.id));
    expect(hashes).toHaveLength(1);
    expect(JSON.stringify(hashes)).not.toMatch(/203\.0\.113|Secret/);
    clock = new Date(clock.getTime() + 3 * DAY);
    await view(card.id, undefined, visitor(9));
    const days = (await db.select().from(analyticsSalts)).map((s) => s.day);
    expect(days.every((d) => d >= addDays(uaeDay(clock), -1))).toBe(true);
    expect(await db.select().from(cardDailyVisitors).where(eq(cardDailyVisitors.day, hashes[0].day))).toEqual([]);
  });

  it('takes beacons for contact clicks and shares, treats an unknown source as direct and refuses an unknown action', async () => {
    const owner = await t.signUp();
    const card = await cardFor(owner);
    expect((await beacon(card.id, 'whatsapp', 'linkedin')).json()).toEqual({ counted: true });
    expect((await beacon(card.id, 'call', 'no-such-place')).json()).toEqual({ counted: true });
    expect((await view(card.id, 'x'.repeat(500))).statusCode).toBe(200);
    const bad = await beacon(card.id, 'delete-everything');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.action).toBeTruthy();
    const { totals } = (await stats(card.id, owner)).json();
    expect(totals).toMatchObject({ actions: 2, views: 1 });
    expect(totals.byAction).toMatchObject({ whatsapp: 1, call: 1 });
    expect(totals.bySource.direct).toBe(1);
    const rows = await db.select().from(cardEvents).where(eq(cardEvents.cardId, card.id));
    expect(rows.map((r) => `${r.action}/${r.source}`).sort()).toEqual([
      'call/direct',
      'view/direct',
      'whatsapp/linkedin',
    ]);
  });

  it('counts a vCard download as a saved contact and an inquiry as a lead', async () => {
    const owner = await t.signUp();
    const card = await cardFor(owner);
    await t.inject({ method: 'GET', url: `/api/business-cards/${card.id}/vcard?src=qr`, headers: visitor(3) });
    const sent = await t.inject({
      method: 'POST',
      url: `/api/business-cards/${card.id}/inquiries`,
      payload: {
        inquirerName: 'Lead',
        inquirerEmail: 'lead@example.com',
        inquiryType: 'buying',
        message: 'Hello',
        consent: true,
      },
      remoteAddress: freshIp(),
    });
    expect(sent.statusCode).toBe(201);
    const { totals, series } = (await stats(card.id, owner, 7)).json();
    expect(totals).toMatchObject({ contactSaves: 1, leads: 1 });
    expect(series.at(-1)).toMatchObject({ contactSaves: 1, leads: 1 });
  });
});

describe('GET /api/analytics/cards/:id', () => {
  it('adds up to the raw events over 30 days, day by day, and compares with the 30 days before', async () => {
    const owner = await t.signUp();
    const card = await cardFor(owner);
    const start = clock.getTime();
    // 45 days of visits: 1–3 visitors a day, some of whom call, share or save the contact.
    let n = 0;
    for (let d = 0; d < 45; d++) {
      clock = new Date(start + d * DAY);
      for (let v = 0; v < 1 + (d % 3); v++) {
        n += 1;
        const who = visitor(1000 + n);
        await view(card.id, ['qr', 'directory', undefined, 'whatsapp'][n % 4], who);
        if (n % 2 === 0) await beacon(card.id, n % 4 === 0 ? 'call' : 'share', undefined, who);
        if (n % 5 === 0) await t.inject({ method: 'GET', url: `/api/business-cards/${card.id}/vcard`, headers: who });
      }
    }
    const res = await stats(card.id, owner, 30);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ days: 30, to: uaeDay(clock), from: addDays(uaeDay(clock), -29) });
    expect(body.series).toHaveLength(30);

    const rawCount = async (from: string, to: string, action: string) => {
      const [{ n }] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(cardEvents)
        .where(
          and(
            eq(cardEvents.cardId, card.id),
            eq(cardEvents.action, action),
            gte(cardEvents.createdAt, new Date(Date.parse(`${from}T00:00:00+04:00`))),
            lte(cardEvents.createdAt, new Date(Date.parse(`${to}T23:59:59.999+04:00`))),
          ),
        );
      return n;
    };
    const prevTo = addDays(body.from, -1);
    const prevFrom = addDays(body.from, -30);
    for (const action of ['view', 'call', 'share', 'contact_saved']) {
      expect(body.totals.byAction[action], action).toBe(await rawCount(body.from, body.to, action));
      expect(body.previous.byAction[action], action).toBe(await rawCount(prevFrom, prevTo, action));
    }
    expect(body.totals.views).toBeGreaterThan(0);
    expect(body.previous.views).toBeGreaterThan(0);
    const sum = (key: string) => body.series.reduce((s: number, d: Record<string, number>) => s + d[key], 0);
    expect(sum('views')).toBe(body.totals.views);
    expect(sum('visitors')).toBe(body.totals.visitors);
    expect(sum('actions')).toBe(body.totals.byAction.call + body.totals.byAction.share);
    expect(sum('contactSaves')).toBe(body.totals.contactSaves);
    // Every visitor here is new, so views and visitors agree.
    expect(body.totals.visitors).toBe(body.totals.views);
    expect(Object.values(body.totals.bySource).reduce((a: number, b) => a + (b as number), 0)).toBe(body.totals.views);
  });

  it('answers the owner and the managers of the owner’s brokerage, and no one else', async () => {
    const owner = await t.signUp({ role: 'real_estate_broker' });
    const boss = await t.signUp();
    const manager = await t.signUp();
    const colleague = await t.signUp();
    const outsider = await t.signUp();
    await brokerageWith([
      { user: boss, role: 'owner' },
      { user: manager, role: 'manager' },
      { user: owner, role: 'member' },
      { user: colleague, role: 'member' },
    ]);
    const card = await cardFor(owner);
    for (const who of [owner, boss, manager]) expect((await stats(card.id, who)).statusCode).toBe(200);
    for (const who of [colleague, outsider, await t.signInAdmin()]) {
      const res = await stats(card.id, who);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('CARD_NOT_FOUND');
    }
    expect((await stats(card.id)).statusCode).toBe(401);
    expect((await stats('00000000-0000-0000-0000-000000000000', owner)).statusCode).toBe(404);
    expect((await stats('not-a-card', owner)).statusCode).toBe(404);
  });

  it('accepts 7, 30 and 90 days only', async () => {
    const owner = await t.signUp();
    const card = await cardFor(owner);
    for (const days of [7, 30, 90]) {
      const res = await stats(card.id, owner, days);
      expect(res.statusCode).toBe(200);
      expect(res.json().series).toHaveLength(days);
    }
    for (const days of [14, 0, -7, 'abc', 365]) {
      const res = await stats(card.id, owner, days);
      expect(res.statusCode, String(days)).toBe(400);
      expect(res.json().errors.days).toBe('days must be 7, 30 or 90');
    }
    const fallback = await t.inject({ method: 'GET', url: `/api/analytics/cards/${card.id}`, as: owner });
    expect(fallback.json().days).toBe(30);
  });
});

describe('GET /api/brokerages/:id/analytics', () => {
  it('shows the owner and managers each member’s figures, the team’s totals and a leaderboard', async () => {
    const boss = await t.signUp({ firstName: 'Boss' });
    const manager = await t.signUp({ firstName: 'Mona' });
    const a = await t.signUp({ firstName: 'Amal' });
    const b = await t.signUp({ firstName: 'Badr' });
    const outsider = await t.signUp();
    const brokerage = await brokerageWith([
      { user: boss, role: 'owner' },
      { user: manager, role: 'manager' },
      { user: a, role: 'member' },
      { user: b, role: 'member' },
    ]);
    const [cardA, cardB] = [await cardFor(a), await cardFor(b)];
    // Badr has the most views; Amal and the manager tie on views, Amal has a saved contact.
    for (let i = 0; i < 3; i++) await view(cardB.id, undefined, visitor(500 + i));
    await view(cardA.id, undefined, visitor(600));
    await t.inject({ method: 'GET', url: `/api/business-cards/${cardA.id}/vcard`, headers: visitor(600) });
    const cardM = await cardFor(manager);
    await view(cardM.id, undefined, visitor(700));

    const res = await team(brokerage.id, boss);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.leaderboard.map((m: { name: string }) => m.name.split(' ')[0])).toEqual([
      'Badr',
      'Amal',
      'Mona',
      'Boss',
    ]);
    expect(body.totals).toMatchObject({ views: 5, contactSaves: 1, visitors: 5 });
    expect(body.series.at(-1)).toMatchObject({ views: 5, contactSaves: 1 });
    const amal = body.members.find((m: { userId: string }) => m.userId === a.user.id);
    expect(amal).toMatchObject({ role: 'member', views: 1, contactSaves: 1, visitors: 1 });
    expect(body.members).toHaveLength(4);

    expect((await team(brokerage.id, manager)).statusCode).toBe(200);
    for (const who of [a, outsider, await t.signInAdmin()])
      expect((await team(brokerage.id, who)).statusCode).toBe(403);
    expect((await team(brokerage.id)).statusCode).toBe(401);
    expect((await team('00000000-0000-0000-0000-000000000000', boss)).statusCode).toBe(404);
    expect((await team('not-a-brokerage', boss)).statusCode).toBe(404);
    expect(
      (await t.inject({ method: 'GET', url: `/api/brokerages/${brokerage.id}/analytics?days=31`, as: boss }))
        .statusCode,
    ).toBe(400);
  });
});
