import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  auditLog,
  businessCards,
  conversations,
  messages,
  payments,
  properties,
  sessions,
  users,
} from '../../db/schema';
import { createTestApp, type TestUser } from '../../../../tests/helpers/app';
import { dubaiYearStart, firstWeekStart } from './stats';

const t = await createTestApp();
const db = t.database.db;
const DAY = 24 * 3600 * 1000;
const admin = await t.signInAdmin();

describe('admin only', () => {
  const routes = [
    ['GET', '/api/admin/stats'],
    ['GET', '/api/admin/review-queue'],
    ['GET', '/api/admin/users'],
    ['GET', '/api/admin/users/export.csv'],
    ['GET', '/api/admin/audit-log'],
    ['PATCH', '/api/admin/users/00000000-0000-0000-0000-000000000000/suspend'],
  ] as const;

  it('answers 401 signed out and 403 to every other role', async () => {
    const roles = ['investor', 'real_estate_broker', 'banking_broker', 'real_estate_developer', 'visitor'] as const;
    const people = await Promise.all(roles.map((role) => t.signUp({ role })));
    for (const [method, url] of routes) {
      const payload = method === 'PATCH' ? { suspended: true } : undefined;
      expect((await t.inject({ method, url, payload })).statusCode, `${method} ${url}`).toBe(401);
      for (const p of people) {
        const res = await t.inject({ method, url, payload, as: p });
        expect(res.statusCode, `${p.user.role} ${method} ${url}`).toBe(403);
        expect(res.json().message).toBe('Admin access required.');
      }
    }
  });
});

describe('platform statistics', () => {
  it('counts real rows: roles, card and listing statuses, subscriptions, revenue, messages, sign-ups', async () => {
    const before = (await t.inject({ method: 'GET', url: '/api/admin/stats', as: admin })).json();
    const brokerA = await t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' });
    const brokerB = await t.signUp({ role: 'banking_broker', subscriptionStatus: 'active' });
    const lapsed = await t.signUp({ role: 'banking_broker', subscriptionStatus: 'active' });
    await db
      .update(users)
      .set({ subscriptionPeriodEnd: new Date(Date.now() - DAY) })
      .where(eq(users.id, lapsed.user.id));
    const dev = await t.signUp({ role: 'real_estate_developer' });
    await db.insert(businessCards).values([
      { userId: brokerA.user.id, name: 'A', profession: 'Broker', status: 'approved', isPublic: true },
      { userId: brokerB.user.id, name: 'B', profession: 'Banker', status: 'pending' },
      { userId: dev.user.id, name: 'C', profession: 'Developer', status: 'rejected' },
    ]);
    const listing = {
      userId: dev.user.id,
      title: 'Villa',
      propertyType: 'villa' as const,
      status: 'for_sale' as const,
      price: 1_000_000,
    };
    await db.insert(properties).values([
      { ...listing, isApproved: true },
      { ...listing, isApproved: false },
      { ...listing, isApproved: false },
      { ...listing, isApproved: false, rejectionReason: 'No permit' },
    ]);
    const yearStart = dubaiYearStart(new Date());
    await db.insert(payments).values([
      {
        userId: brokerA.user.id,
        provider: 'test',
        providerRef: 'a1',
        amountAed: 100,
        status: 'succeeded',
        periodStart: new Date(),
      },
      {
        userId: brokerB.user.id,
        provider: 'test',
        providerRef: 'b1',
        amountAed: 100,
        status: 'succeeded',
        periodStart: new Date(),
      },
      {
        userId: brokerB.user.id,
        provider: 'test',
        providerRef: 'b0',
        amountAed: 100,
        status: 'succeeded',
        periodStart: new Date(yearStart.getTime() - DAY),
      },
      { userId: lapsed.user.id, provider: 'test', providerRef: 'l1', amountAed: 100, status: 'pending' },
      {
        userId: lapsed.user.id,
        provider: 'test',
        providerRef: 'l2',
        amountAed: 100,
        status: 'failed',
        periodStart: new Date(),
      },
    ]);
    const [conv] = await db
      .insert(conversations)
      .values({ participant1Id: brokerA.user.id, participant2Id: dev.user.id })
      .returning();
    await db.insert(messages).values([
      { conversationId: conv.id, senderId: brokerA.user.id, content: 'hi' },
      { conversationId: conv.id, senderId: dev.user.id, content: 'hello' },
      { conversationId: conv.id, senderId: dev.user.id, content: 'old', createdAt: new Date(Date.now() - 8 * DAY) },
    ]);

    const res = await t.inject({ method: 'GET', url: '/api/admin/stats', as: admin });
    expect(res.statusCode).toBe(200);
    const s = res.json();
    expect(s.usersByRole.real_estate_broker - before.usersByRole.real_estate_broker).toBe(1);
    expect(s.usersByRole.banking_broker - before.usersByRole.banking_broker).toBe(2);
    expect(s.usersByRole.admin).toBe(1);
    expect(s.totalUsers - before.totalUsers).toBe(4);
    expect(s.cardsByStatus).toEqual({
      approved: before.cardsByStatus.approved + 1,
      pending: before.cardsByStatus.pending + 1,
      rejected: before.cardsByStatus.rejected + 1,
    });
    expect(s.listingsByStatus).toEqual({ approved: 1, pending: 2, rejected: 1 });
    // brokerA and brokerB; the lapsed one and non-brokers do not count.
    expect(s.activeSubscriptions - before.activeSubscriptions).toBe(2);
    expect(s.revenueThisYearAed - before.revenueThisYearAed).toBe(200);
    expect(s.messagesLast7Days).toBe(2);
    expect(s.signupsPerWeek).toHaveLength(12);
    expect(s.signupsPerWeek[0].weekStart).toBe(firstWeekStart(new Date()).toISOString());
    const thisWeek = s.signupsPerWeek.at(-1).count - before.signupsPerWeek.at(-1).count;
    expect(thisWeek).toBe(4);
  });

  it('puts sign-ups into the right week and leaves old ones out', async () => {
    const before = (await t.inject({ method: 'GET', url: '/api/admin/stats', as: admin })).json();
    const u1 = await t.signUp({ role: 'investor' });
    const u2 = await t.signUp({ role: 'investor' });
    await db
      .update(users)
      .set({ createdAt: new Date(Date.now() - 7 * DAY) })
      .where(eq(users.id, u1.user.id));
    await db
      .update(users)
      .set({ createdAt: new Date(Date.now() - 200 * DAY) })
      .where(eq(users.id, u2.user.id));
    const s = (await t.inject({ method: 'GET', url: '/api/admin/stats', as: admin })).json();
    const diff = s.signupsPerWeek.map((w: { count: number }, i: number) => w.count - before.signupsPerWeek[i].count);
    expect(diff.at(-2)).toBe(1);
    expect(diff.reduce((a: number, b: number) => a + b, 0)).toBe(1);
  });
});

describe('review queue', () => {
  it('pages all pending cards and properties, oldest first, with the owner', async () => {
    const owner = await t.signUp({ role: 'real_estate_broker', firstName: 'Queue' });
    const base = Date.now() - 10 * DAY;
    await db.insert(businessCards).values(
      Array.from({ length: 7 }, (_, i) => ({
        userId: owner.user.id,
        name: `Pending ${i}`,
        profession: 'Broker',
        status: 'pending' as const,
        createdAt: new Date(base + i * 1000),
        updatedAt: new Date(base + i * 1000),
      })),
    );
    await db.insert(properties).values(
      Array.from({ length: 4 }, (_, i) => ({
        userId: owner.user.id,
        title: `Listing ${i}`,
        propertyType: 'apartment' as const,
        status: 'for_rent' as const,
        price: 90_000,
        createdAt: new Date(base + i * 1000),
        updatedAt: new Date(base + i * 1000),
      })),
    );
    const first = (await t.inject({ method: 'GET', url: '/api/admin/review-queue?limit=5', as: admin })).json();
    const pendingTotal = first.cards.total;
    expect(pendingTotal).toBeGreaterThanOrEqual(7);
    expect(first.cards.items).toHaveLength(5);
    expect(first.cards.items[0].owner).toMatchObject({ firstName: expect.any(String), email: expect.any(String) });
    const next = (
      await t.inject({
        method: 'GET',
        url: '/api/admin/review-queue?limit=5&cardsOffset=5&propertiesOffset=2',
        as: admin,
      })
    ).json();
    expect(next.cards.items.map((c: { id: string }) => c.id)).not.toContain(first.cards.items[0].id);
    const all = (await t.inject({ method: 'GET', url: `/api/admin/review-queue?limit=60`, as: admin })).json();
    const names = all.cards.items.map((c: { name: string }) => c.name).filter((n: string) => n.startsWith('Pending '));
    expect(names).toEqual(['Pending 0', 'Pending 1', 'Pending 2', 'Pending 3', 'Pending 4', 'Pending 5', 'Pending 6']);
    const titles = all.properties.items
      .map((p: { title: string }) => p.title)
      .filter((n: string) => n.startsWith('Listing '));
    expect(titles).toEqual(['Listing 0', 'Listing 1', 'Listing 2', 'Listing 3']);
    expect((await t.inject({ method: 'GET', url: '/api/admin/review-queue?limit=0', as: admin })).statusCode).toBe(400);
  });
});

describe('suspending a user', () => {
  async function brokerWithPublicCard(): Promise<{ broker: TestUser; cardId: string }> {
    const broker = await t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' });
    const [card] = await db
      .insert(businessCards)
      .values({ userId: broker.user.id, name: 'Visible', profession: 'Broker', status: 'approved', isPublic: true })
      .returning();
    return { broker, cardId: card.id };
  }
  const suspend = (id: string, suspended: boolean, as: TestUser = admin) =>
    t.inject({ method: 'PATCH', url: `/api/admin/users/${id}/suspend`, as, payload: { suspended } });

  it('ends their sessions, hides their card, and is written to the audit log', async () => {
    const { broker, cardId } = await brokerWithPublicCard();
    expect((await t.inject({ method: 'GET', url: `/api/business-cards/${cardId}` })).statusCode).toBe(200);
    expect((await db.select().from(sessions).where(eq(sessions.userId, broker.user.id))).length).toBeGreaterThan(0);

    const res = await suspend(broker.user.id, true);
    expect(res.statusCode).toBe(200);
    expect(res.json().suspendedAt).not.toBeNull();
    expect(await db.select().from(sessions).where(eq(sessions.userId, broker.user.id))).toHaveLength(0);
    expect((await t.inject({ method: 'GET', url: '/api/auth/user', as: broker })).statusCode).toBe(401);
    expect((await t.inject({ method: 'GET', url: `/api/business-cards/${cardId}` })).statusCode).toBe(404);
    const login = await t.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: broker.user.email, password: broker.password },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().code).toBe('ACCOUNT_SUSPENDED');

    const [entry] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, broker.user.id), eq(auditLog.action, 'user.suspend')));
    expect(entry).toMatchObject({ actorId: admin.user.id, entityType: 'user', before: { suspendedAt: null } });
    expect((entry.after as { suspendedAt: string }).suspendedAt).toBeTruthy();

    // Suspending twice changes nothing and logs nothing new.
    expect((await suspend(broker.user.id, true)).statusCode).toBe(200);
    expect(
      await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, broker.user.id), eq(auditLog.action, 'user.suspend'))),
    ).toHaveLength(1);

    const restored = await suspend(broker.user.id, false);
    expect(restored.json().suspendedAt).toBeNull();
    expect((await t.inject({ method: 'GET', url: `/api/business-cards/${cardId}` })).statusCode).toBe(200);
    const log = (
      await t.inject({
        method: 'GET',
        url: `/api/admin/audit-log?entityType=user&entityId=${broker.user.id}`,
        as: admin,
      })
    ).json();
    expect(log.items.map((e: { action: string }) => e.action)).toEqual(['user.unsuspend', 'user.suspend']);
    expect(log.items[0].actor).toMatchObject({ id: admin.user.id, username: 'admin' });
  });

  it('refuses to suspend an admin, an unknown user, or with a bad body', async () => {
    const other = await t.signUp({ role: 'investor' });
    expect((await suspend(admin.user.id, true)).statusCode).toBe(403);
    expect((await suspend('00000000-0000-0000-0000-000000000000', true)).statusCode).toBe(404);
    expect(
      (
        await t.inject({
          method: 'PATCH',
          url: `/api/admin/users/${other.user.id}/suspend`,
          as: admin,
          payload: { suspended: 'yes' },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await t.inject({
          method: 'PATCH',
          url: '/api/admin/users/not-an-id/suspend',
          as: admin,
          payload: { suspended: true },
        })
      ).statusCode,
    ).toBe(400);
    expect((await suspend(other.user.id, true, other)).statusCode).toBe(403);
    expect((await t.inject({ method: 'GET', url: '/api/auth/user', as: other })).statusCode).toBe(200);
  });
});

describe('users list, export and audit log', () => {
  it('searches and pages users and exports them as CSV (audited)', async () => {
    const named = await t.signUp({ role: 'banking_broker', firstName: 'Zayneb', lastName: 'Qasimi' });
    const found = (await t.inject({ method: 'GET', url: '/api/admin/users?search=zayneb', as: admin })).json();
    expect(found.total).toBe(1);
    expect(found.items[0]).toMatchObject({ id: named.user.id, role: 'banking_broker', suspendedAt: null });
    expect(found.items[0].passwordHash).toBeUndefined();
    const byRole = (await t.inject({ method: 'GET', url: '/api/admin/users?role=admin', as: admin })).json();
    expect(byRole.items.map((u: { username: string }) => u.username)).toEqual(['admin']);
    const page = (await t.inject({ method: 'GET', url: '/api/admin/users?limit=2', as: admin })).json();
    expect(page.items).toHaveLength(2);
    expect(page.total).toBeGreaterThan(2);
    // LIKE wildcards in the search are taken literally.
    expect((await t.inject({ method: 'GET', url: '/api/admin/users?search=%25', as: admin })).json().total).toBe(0);

    const csv = await t.inject({ method: 'GET', url: '/api/admin/users/export.csv', as: admin });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const text = csv.body;
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const lines = text.slice(1).split('\r\n').filter(Boolean);
    expect(lines[0]).toBe(
      'ID,Email,First name,Last name,Role,Email verified,Subscription,Subscription ends,Suspended,Joined',
    );
    expect(lines).toHaveLength(page.total + 1);
    expect(text).toContain(`${named.user.id},${named.user.email},Zayneb,Qasimi,banking_broker,yes,inactive,,no,`);
    const [exported] = await db.select().from(auditLog).where(eq(auditLog.action, 'users.export'));
    expect(exported).toMatchObject({ actorId: admin.user.id, after: { rows: page.total } });
  });

  it('pages the audit log newest first', async () => {
    const first = (await t.inject({ method: 'GET', url: '/api/admin/audit-log?limit=1', as: admin })).json();
    expect(first.items).toHaveLength(1);
    expect(first.hasMore).toBe(true);
    const second = (await t.inject({ method: 'GET', url: '/api/admin/audit-log?limit=1&offset=1', as: admin })).json();
    expect(new Date(first.items[0].createdAt).getTime()).toBeGreaterThanOrEqual(
      new Date(second.items[0].createdAt).getTime(),
    );
  });
});
