import { afterEach, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { generate } from 'otplib';
import {
  auditLog,
  businessCards,
  cardEvents,
  conversations,
  inquiries,
  messages,
  properties,
  sessions,
  users,
} from '../../db/schema';
import { cookiesFrom, createTestApp, type TestUser } from '../../../../tests/helpers/app';

const t = await createTestApp();
const db = t.database.db;
const DAY = 24 * 3600 * 1000;
const userRow = async (id: string) => (await db.select().from(users).where(eq(users.id, id)))[0];
const login = (email: string, password: string) =>
  t.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

afterEach(() => {
  vi.useRealTimers();
});

describe('profile overview', () => {
  it('needs a signed-in user', async () => {
    expect((await t.inject({ method: 'GET', url: '/api/profile/overview' })).statusCode).toBe(401);
  });

  it('shows zeros, not placeholders, for a new investor', async () => {
    const investor = await t.signUp({ role: 'investor' });
    const res = await t.inject({ method: 'GET', url: '/api/profile/overview', as: investor });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      role: 'investor',
      subscription: { status: 'inactive', active: false, required: false, expired: false },
      cards: { total: 0 },
      views: { total: 0 },
      connections: 0,
      inquiries: { total: 0, pending: 0 },
      recentActivity: [],
    });
  });

  it('adds up the user’s own cards, connections and recent events, newest first', async () => {
    const broker = await t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' });
    const stranger = await t.signUp({ role: 'real_estate_broker' });
    const friendA = await t.signUp({ role: 'investor', firstName: 'Amal' });
    const friendB = await t.signUp({ role: 'investor', firstName: 'Bilal' });
    const now = Date.now();
    const [c1, c2] = await db
      .insert(businessCards)
      .values([
        {
          userId: broker.user.id,
          name: 'Main card',
          profession: 'Broker',
          status: 'approved',
          isPublic: true,
          viewCount: 40,
          vcardDownloads: 5,
          qrVisits: 3,
        },
        { userId: broker.user.id, name: 'Second card', profession: 'Broker', status: 'pending', viewCount: 2 },
      ])
      .returning();
    await db
      .insert(businessCards)
      .values({ userId: stranger.user.id, name: 'Not mine', profession: 'Broker', viewCount: 999 });
    // 12 views on c1 over the past hours: only the newest reach the activity list.
    await db.insert(cardEvents).values(
      Array.from({ length: 12 }, (_, i) => ({
        cardId: c1.id,
        action: 'view',
        createdAt: new Date(now - (20 + i) * 60_000),
      })),
    );
    await db
      .insert(cardEvents)
      .values({ cardId: c2.id, action: 'view', source: 'qr', createdAt: new Date(now - 5 * 60_000) });
    await db.insert(inquiries).values({
      businessCardId: c1.id,
      inquirerName: 'Lead Person',
      inquirerEmail: 'lead@example.com',
      inquiryType: 'buying',
      createdAt: new Date(now - 60_000),
    });
    const [convA] = await db
      .insert(conversations)
      .values({
        participant1Id: broker.user.id,
        participant2Id: friendA.user.id,
        lastMessageAt: new Date(now - 2 * 60_000),
      })
      .returning();
    await db.insert(conversations).values({ participant1Id: friendB.user.id, participant2Id: broker.user.id });
    await db.insert(messages).values([
      { conversationId: convA.id, senderId: friendA.user.id, content: 'Hi!', createdAt: new Date(now - 2 * 60_000) },
      {
        conversationId: convA.id,
        senderId: broker.user.id,
        content: 'Mine, not activity',
        createdAt: new Date(now - 90_000),
      },
    ]);
    await db.insert(auditLog).values({
      actorId: null,
      action: 'card.approve',
      entityType: 'business_card',
      entityId: c1.id,
      createdAt: new Date(now - 3 * 60_000),
    });

    const res = await t.inject({ method: 'GET', url: '/api/profile/overview', as: broker });
    expect(res.statusCode).toBe(200);
    const o = res.json();
    expect(o.role).toBe('real_estate_broker');
    expect(o.subscription).toMatchObject({ status: 'active', active: true, required: true });
    expect(o.cards).toEqual({ total: 2, approved: 1, pending: 1, rejected: 0 });
    expect(o.views).toEqual({ cardViews: 42, vcardDownloads: 5, qrVisits: 3, total: 50 });
    // Only friend A and the broker both wrote: the silent conversation with B is no connection.
    expect(o.connections).toBe(1);
    expect(o.inquiries).toEqual({ total: 1, pending: 1 });
    expect(o.recentActivity).toHaveLength(10);
    expect(o.recentActivity.slice(0, 5).map((a: { type: string }) => a.type)).toEqual([
      'inquiry',
      'message',
      'card_status',
      'card_qr',
      'card_view',
    ]);
    expect(o.recentActivity[0]).toMatchObject({ actorName: 'Lead Person', cardName: 'Main card', detail: 'buying' });
    expect(o.recentActivity[1].actorName).toMatch(/^Amal /);
    expect(o.recentActivity[2]).toMatchObject({ cardName: 'Main card', detail: 'approved' });
    expect(o.recentActivity[3].cardName).toBe('Second card');
  });

  it('tells a broker whose year has ended that the subscription expired', async () => {
    const broker = await t.signUp({ role: 'banking_broker' });
    await db
      .update(users)
      .set({ subscriptionPeriodEnd: new Date(Date.now() - DAY) })
      .where(eq(users.id, broker.user.id));
    const o = (await t.inject({ method: 'GET', url: '/api/profile/overview', as: broker })).json();
    expect(o.subscription).toMatchObject({ active: false, required: true, expired: true });
  });
});

describe('settings', () => {
  it('reads defaults, saves visibility and merges notification preferences', async () => {
    const u = await t.signUp({ role: 'real_estate_broker' });
    expect((await t.inject({ method: 'GET', url: '/api/account/settings' })).statusCode).toBe(401);
    const initial = (await t.inject({ method: 'GET', url: '/api/account/settings', as: u })).json();
    expect(initial).toEqual({
      cardVisibility: 'public',
      notificationPrefs: { messages: true, inquiries: true, cardStatus: true, subscription: true },
      twoFactorEnabled: false,
      recoveryCodesLeft: 0,
    });
    const res = await t.inject({
      method: 'PATCH',
      url: '/api/account/settings',
      as: u,
      payload: { cardVisibility: 'connections', notificationPrefs: { messages: false } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      cardVisibility: 'connections',
      notificationPrefs: { messages: false, inquiries: true },
    });
    const row = await userRow(u.user.id);
    expect(row.cardVisibility).toBe('connections');
    expect(row.notificationPrefs).toEqual({ messages: false, inquiries: true, cardStatus: true, subscription: true });
    const bad = await t.inject({
      method: 'PATCH',
      url: '/api/account/settings',
      as: u,
      payload: { cardVisibility: 'everyone' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.cardVisibility).toBe('Visibility must be public, private or connections');
    expect(
      (
        await t.inject({
          method: 'PATCH',
          url: '/api/account/settings',
          as: u,
          payload: { notificationPrefs: { messages: 'no' } },
        })
      ).statusCode,
    ).toBe(400);
  });
});

describe('changing the password', () => {
  it('checks the current password and ends every other session', async () => {
    const u = await t.signUp({ role: 'investor' });
    const otherDevice = cookiesFrom(await login(u.user.email, u.password));
    const change = (payload: object, as: TestUser | null = u) =>
      t.inject({ method: 'POST', url: '/api/account/change-password', as: as ?? undefined, payload });

    expect((await change({ currentPassword: u.password, newPassword: 'new-password-1' }, null)).statusCode).toBe(401);
    const wrong = await change({ currentPassword: 'not-it-1234', newPassword: 'new-password-1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.currentPassword).toBe('Your current password is incorrect.');
    expect((await change({ currentPassword: u.password, newPassword: 'short' })).json().errors.newPassword).toBe(
      'Password must be at least 8 characters',
    );
    expect((await change({ currentPassword: u.password, newPassword: u.password })).statusCode).toBe(400);

    const ok = await change({ currentPassword: u.password, newPassword: 'new-password-1' });
    expect(ok.statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: '/api/auth/user', cookies: otherDevice })).statusCode).toBe(401);
    expect((await t.inject({ method: 'GET', url: '/api/auth/user', as: u })).statusCode).toBe(200);
    expect(await db.select().from(sessions).where(eq(sessions.userId, u.user.id))).toHaveLength(1);
    expect((await login(u.user.email, u.password)).statusCode).toBe(401);
    expect((await login(u.user.email, 'new-password-1')).statusCode).toBe(200);
    expect(t.mailer.lastTo(u.user.email)?.subject).toBe('Your Bitaqa password was changed');
  });

  it('stops guessing the current password after 5 tries a minute', async () => {
    const u = await t.signUp({ role: 'investor' });
    for (let i = 0; i < 5; i += 1) {
      const r = await t.inject({
        method: 'POST',
        url: '/api/account/change-password',
        as: u,
        payload: { currentPassword: `guess-${i}-xxxx`, newPassword: 'new-password-1' },
      });
      expect(r.statusCode).toBe(400);
    }
    const blocked = await t.inject({
      method: 'POST',
      url: '/api/account/change-password',
      as: u,
      payload: { currentPassword: u.password, newPassword: 'new-password-1' },
    });
    expect(blocked.statusCode).toBe(429);
  });
});

describe('deleting the account', () => {
  it('needs the e-mail typed exactly and changes nothing otherwise', async () => {
    const u = await t.signUp({ role: 'real_estate_broker' });
    await db.insert(businessCards).values({ userId: u.user.id, name: 'Keep', profession: 'Broker' });
    const del = (payload: object | undefined, as: TestUser | null = u) =>
      t.inject({ method: 'DELETE', url: '/api/account', as: as ?? undefined, payload });
    expect((await del({ confirmEmail: u.user.email }, null)).statusCode).toBe(401);
    expect((await del({})).statusCode).toBe(400);
    const wrong = await del({ confirmEmail: 'someone.else@example.com' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'CONFIRMATION_MISMATCH',
      errors: { confirmEmail: 'Type your e-mail address exactly to confirm.' },
    });
    expect((await userRow(u.user.id)).deletedAt).toBeNull();
    expect(await db.select().from(businessCards).where(eq(businessCards.userId, u.user.id))).toHaveLength(1);
    const admin = await t.signInAdmin();
    expect((await del({ confirmEmail: admin.user.email }, admin)).statusCode).toBe(403);
  });

  it('removes personal data, cards, listings, inquiries and sessions; sent messages stay as "Deleted user"', async () => {
    const u = await t.signUp({ role: 'real_estate_broker', firstName: 'Leaving' });
    const friend = await t.signUp({ role: 'investor' });
    await login(u.user.email, u.password); // a second session
    await db
      .update(users)
      .set({ bio: 'About me', company: 'Acme', phone: '+971 50 000 0000' })
      .where(eq(users.id, u.user.id));
    const [card] = await db
      .insert(businessCards)
      .values({ userId: u.user.id, name: 'Gone', profession: 'Broker', status: 'approved', isPublic: true })
      .returning();
    await db
      .insert(inquiries)
      .values({ businessCardId: card.id, inquirerName: 'X', inquirerEmail: 'x@example.com', inquiryType: 'other' });
    await db
      .insert(properties)
      .values({ userId: u.user.id, title: 'Flat', propertyType: 'apartment', status: 'for_rent', price: 80_000 });
    const [conv] = await db
      .insert(conversations)
      .values({ participant1Id: u.user.id, participant2Id: friend.user.id, lastMessageAt: new Date() })
      .returning();
    await db.insert(messages).values({ conversationId: conv.id, senderId: u.user.id, content: 'Hello from me' });

    const res = await t.inject({
      method: 'DELETE',
      url: '/api/account',
      as: u,
      payload: { confirmEmail: u.user.email.toUpperCase() },
    });
    expect(res.statusCode).toBe(200);

    const row = await userRow(u.user.id);
    expect(row).toMatchObject({
      email: `deleted-${u.user.id}@deleted.invalid`,
      firstName: 'Deleted',
      lastName: 'user',
      passwordHash: null,
      phone: null,
      bio: null,
      company: null,
    });
    expect(row.deletedAt).not.toBeNull();
    expect(await db.select().from(businessCards).where(eq(businessCards.userId, u.user.id))).toHaveLength(0);
    expect(await db.select().from(properties).where(eq(properties.userId, u.user.id))).toHaveLength(0);
    expect(await db.select().from(inquiries).where(eq(inquiries.businessCardId, card.id))).toHaveLength(0);
    expect(await db.select().from(sessions).where(eq(sessions.userId, u.user.id))).toHaveLength(0);
    expect((await t.inject({ method: 'GET', url: '/api/auth/user', as: u })).statusCode).toBe(401);
    expect((await login(u.user.email, u.password)).statusCode).toBe(401);

    const kept = await db.select().from(messages).where(eq(messages.conversationId, conv.id));
    expect(kept.map((m) => m.content)).toEqual(['Hello from me']);
    const convs = await t.inject({ method: 'GET', url: '/api/conversations', as: friend });
    expect(convs.statusCode).toBe(200);
    expect(JSON.stringify(convs.json())).toContain('Deleted');
    expect(JSON.stringify(convs.json())).not.toContain('Leaving');

    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, u.user.id), eq(auditLog.action, 'account.delete')));
    expect(audit.after).toEqual({ cards: 1, listings: 1, inquiries: 1, services: 0, photos: 0 });
    expect(t.mailer.lastTo(u.user.email)?.subject).toBe('Your Bitaqa account was deleted');

    // The address is free again.
    const again = await t.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        firstName: 'New',
        lastName: 'Me',
        email: u.user.email,
        phoneNumber: '501234567',
        countryCode: '+971',
        password: 'fresh-start-2026',
        confirmPassword: 'fresh-start-2026',
      },
    });
    expect(again.statusCode).toBe(201);
  });
});

describe('two-factor sign-in', () => {
  /**
   * Each step's code works once and enabling used the current step's, so a
   * later sign-in in the same test sends the next step's code (accepted as one step of drift).
   */
  async function enable(u: TestUser): Promise<{ secret: string; recoveryCodes: string[] }> {
    const setup = await t.inject({ method: 'POST', url: '/api/account/2fa/setup', as: u });
    expect(setup.statusCode).toBe(200);
    const { secret } = setup.json();
    const res = await t.inject({
      method: 'POST',
      url: '/api/account/2fa/enable',
      as: u,
      payload: { code: await generate({ secret }) },
    });
    expect(res.statusCode).toBe(200);
    return { secret, recoveryCodes: res.json().recoveryCodes };
  }

  it('sets up with a QR code and turns on only with a valid code', async () => {
    const u = await t.signUp({ role: 'investor' });
    expect((await t.inject({ method: 'POST', url: '/api/account/2fa/setup' })).statusCode).toBe(401);
    const setup = (await t.inject({ method: 'POST', url: '/api/account/2fa/setup', as: u })).json();
    expect(setup.otpauthUrl).toMatch(/^otpauth:\/\/totp\/Bitaqa:.+\?secret=[A-Z2-7]+&issuer=Bitaqa$/);
    expect(setup.qrDataUrl).toMatch(/^data:image\/png;base64,/);
    const wrong = await t.inject({
      method: 'POST',
      url: '/api/account/2fa/enable',
      as: u,
      payload: { code: '000000' },
    });
    expect(wrong.statusCode).toBe(400);
    expect((await userRow(u.user.id)).totpEnabled).toBe(false);

    const ok = await t.inject({
      method: 'POST',
      url: '/api/account/2fa/enable',
      as: u,
      payload: { code: await generate({ secret: setup.secret }) },
    });
    expect(ok.statusCode).toBe(200);
    const codes: string[] = ok.json().recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(codes[0]).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
    const row = await userRow(u.user.id);
    expect(row.totpEnabled).toBe(true);
    expect(row.recoveryCodes).toHaveLength(10);
    expect(row.recoveryCodes).not.toContain(codes[0]);
    expect((await t.inject({ method: 'GET', url: '/api/account/settings', as: u })).json()).toMatchObject({
      twoFactorEnabled: true,
      recoveryCodesLeft: 10,
    });
    expect((await t.inject({ method: 'POST', url: '/api/account/2fa/setup', as: u })).statusCode).toBe(409);
  });

  it('asks for the code after the password and signs in only with it', async () => {
    const u = await t.signUp({ role: 'real_estate_broker' });
    const { secret } = await enable(u);
    const first = await login(u.user.email, u.password);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ twoFactorRequired: true });
    const pending = cookiesFrom(first);
    expect((await t.inject({ method: 'GET', url: '/api/auth/user', cookies: pending })).statusCode).toBe(401);

    const bad = await t.inject({
      method: 'POST',
      url: '/api/auth/login/2fa',
      cookies: pending,
      payload: { code: '123456' },
    });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().code).toBe('INVALID_CODE');
    const good = await t.inject({
      method: 'POST',
      url: '/api/auth/login/2fa',
      cookies: pending,
      payload: { code: await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }) },
    });
    expect(good.statusCode).toBe(200);
    expect(good.json().email).toBe(u.user.email);
    const signedIn = cookiesFrom(good);
    expect((await t.inject({ method: 'GET', url: '/api/auth/user', cookies: signedIn })).statusCode).toBe(200);
    // The pre-2FA session id is gone (a new one at sign-in).
    expect((await t.inject({ method: 'GET', url: '/api/auth/user', cookies: pending })).statusCode).toBe(401);
  });

  it('accepts each recovery code once', async () => {
    const u = await t.signUp({ role: 'investor' });
    const { recoveryCodes } = await enable(u);
    const step = async (code: string) => {
      const first = await login(u.user.email, u.password);
      return t.inject({ method: 'POST', url: '/api/auth/login/2fa', cookies: cookiesFrom(first), payload: { code } });
    };
    expect((await step(recoveryCodes[3].toUpperCase())).statusCode).toBe(200);
    expect((await step(recoveryCodes[3])).statusCode).toBe(401);
    expect((await userRow(u.user.id)).recoveryCodes).toHaveLength(9);
  });

  it('refuses the second step without a pending sign-in, after 5 minutes, and after 5 wrong codes', async () => {
    const u = await t.signUp({ role: 'investor' });
    const { secret } = await enable(u);
    const none = await t.inject({ method: 'POST', url: '/api/auth/login/2fa', payload: { code: '123456' } });
    expect(none.statusCode).toBe(401);
    expect(none.json().code).toBe('TWO_FACTOR_EXPIRED');

    const pending = cookiesFrom(await login(u.user.email, u.password));
    for (let i = 0; i < 5; i += 1) {
      expect(
        (await t.inject({ method: 'POST', url: '/api/auth/login/2fa', cookies: pending, payload: { code: '000000' } }))
          .statusCode,
      ).toBe(401);
    }
    const blocked = await t.inject({
      method: 'POST',
      url: '/api/auth/login/2fa',
      cookies: pending,
      payload: { code: await generate({ secret }) },
    });
    expect(blocked.statusCode).toBe(429);

    const u2 = await t.signUp({ role: 'investor' });
    const s2 = (await enable(u2)).secret;
    const late = cookiesFrom(await login(u2.user.email, u2.password));
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 6 * 60_000 });
    const expired = await t.inject({
      method: 'POST',
      url: '/api/auth/login/2fa',
      cookies: late,
      payload: { code: await generate({ secret: s2 }) },
    });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().code).toBe('TWO_FACTOR_EXPIRED');
  });

  it('turns off only with a code, never with the password alone, and sign-in is one step again', async () => {
    const u = await t.signUp({ role: 'investor' });
    const { recoveryCodes } = await enable(u);
    const disable = (payload: object) => t.inject({ method: 'POST', url: '/api/account/2fa/disable', as: u, payload });
    // Whoever learnt the password cannot take the second factor away with it.
    const byPassword = await disable({ password: u.password });
    expect(byPassword.statusCode).toBe(400);
    expect(byPassword.json().errors.code).toBeTruthy();
    expect((await userRow(u.user.id)).totpEnabled).toBe(true);
    expect((await disable({ code: '000000' })).statusCode).toBe(400);
    expect((await disable({})).statusCode).toBe(400);
    const ok = await disable({ code: recoveryCodes[0] });
    expect(ok.statusCode, ok.body).toBe(200);
    const row = await userRow(u.user.id);
    expect(row).toMatchObject({ totpEnabled: false, totpSecret: null, recoveryCodes: null });
    const res = await login(u.user.email, u.password);
    expect(res.json().email).toBe(u.user.email);
  });
});
