/**
 * Sockets never outlive sessions. Real /ws sockets on a real port; the
 * attack is a socket that stays open after logout, suspension, a password change or deletion
 * and keeps receiving private messages. Plus the cross-site sign-out: a GET to /api/logout only asks.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { WS_CLOSE } from '../../../core/schemas/messaging';
import { cookiesFrom, createTestApp, type TestUser } from '../../../../tests/helpers/app';
import { connectLive, type LiveClient } from '../../../../tests/helpers/ws-client';

const t = await createTestApp();
let base = '';
beforeAll(async () => {
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});

/** The same user signed in on a second device: another session. */
async function secondDevice(u: TestUser): Promise<TestUser> {
  const res = await t.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: u.user.email, password: u.password },
  });
  expect(res.statusCode).toBe(200);
  return { ...u, cookies: cookiesFrom(res) };
}

async function live(u: TestUser): Promise<LiveClient> {
  const c = await connectLive(base, { as: u });
  c.ws.send(JSON.stringify({ type: 'authenticate', userId: u.user.id }));
  await c.waitFor((e) => e.type === 'authenticated');
  return c;
}

/** A conversation in which `from` writes to `to`; answers a function sending the next message. */
async function writer(from: TestUser, to: TestUser) {
  const res = await t.inject({
    method: 'POST',
    url: '/api/conversations',
    payload: { participantId: to.user.id },
    as: from,
  });
  const conversationId = res.json().id as string;
  return async (content: string) => {
    const sent = await t.inject({
      method: 'POST',
      url: '/api/messages',
      payload: { conversationId, content },
      as: from,
    });
    expect(sent.statusCode).toBe(201);
  };
}

const got = (c: LiveClient, content: string) =>
  c.events.some((e) => e.type === 'new_message' && (e.message as { content?: string }).content === content);

/** Waits for a message on a socket that must stay open: proof that later messages were delivered. */
const receives = (c: LiveClient, content: string) =>
  c.waitFor((e) => e.type === 'new_message' && (e.message as { content?: string }).content === content);

describe('signing out ends the session’s sockets', () => {
  it('logout closes that device’s socket with 4401 and it receives no later message; the other device stays', async () => {
    const victim = await t.signUp();
    const phone = await secondDevice(victim);
    const partner = await t.signUp();
    const send = await writer(partner, victim);
    const laptopSocket = await live(victim);
    const phoneSocket = await live(phone);

    const out = await t.inject({ method: 'POST', url: '/api/logout', as: victim });
    expect(out.statusCode).toBe(302);
    expect(await laptopSocket.closed).toBe(WS_CLOSE.unauthorized);

    await send('Private: the offer is AED 2.4m');
    await receives(phoneSocket, 'Private: the offer is AED 2.4m');
    expect(got(laptopSocket, 'Private: the offer is AED 2.4m')).toBe(false);
    // The signed-out session cannot open a new socket either.
    expect(await (await connectLive(base, { as: victim })).closed).toBe(WS_CLOSE.unauthorized);
    phoneSocket.close();
  });

  it('a GET to /api/logout (an <img>, a cross-site link) only shows a confirm page; the session and socket live on', async () => {
    const u = await t.signUp();
    const socket = await live(u);
    const viaImage = await t.inject({
      method: 'GET',
      url: '/api/logout',
      as: u,
      headers: { 'sec-fetch-site': 'cross-site', 'sec-fetch-dest': 'image' },
    });
    expect(viaImage.statusCode).toBe(200);
    expect(viaImage.headers['content-type']).toMatch(/text\/html/);
    expect(viaImage.body).toContain('<form method="post" action="/api/logout">');
    expect((await t.inject({ method: 'GET', url: '/api/auth/user', as: u })).statusCode).toBe(200);
    expect(socket.ws.readyState).toBe(socket.ws.OPEN);

    // A form on another site posting with the cookie (a browser without SameSite) is refused.
    const forged = await t.inject({
      method: 'POST',
      url: '/api/logout',
      as: u,
      headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(forged.statusCode).toBe(403);
    expect((await t.inject({ method: 'GET', url: '/api/auth/user', as: u })).statusCode).toBe(200);

    // The header's Logout button: a same-site form post, then home.
    const real = await t.inject({
      method: 'POST',
      url: '/api/logout',
      as: u,
      headers: { origin: 'http://bitaqa.test', 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(real.statusCode).toBe(302);
    expect(real.headers.location).toBe('/');
    expect(await socket.closed).toBe(WS_CLOSE.unauthorized);
    // Signed out, the GET just goes home.
    const after = await t.inject({ method: 'GET', url: '/api/logout', as: u });
    expect(after.statusCode).toBe(302);
  });

  it('suspension by an admin closes every socket of the user', async () => {
    const admin = await t.signInAdmin();
    const u = await t.signUp();
    const other = await secondDevice(u);
    const partner = await t.signUp();
    const send = await writer(partner, u);
    const sockets = [await live(u), await live(other)];
    const watcher = await live(partner);

    const res = await t.inject({
      method: 'PATCH',
      url: `/api/admin/users/${u.user.id}/suspend`,
      payload: { suspended: true },
      as: admin,
    });
    expect(res.statusCode).toBe(200);
    for (const s of sockets) expect(await s.closed).toBe(WS_CLOSE.unauthorized);
    await send('After the suspension');
    await receives(watcher, 'After the suspension');
    for (const s of sockets) expect(got(s, 'After the suspension')).toBe(false);
    watcher.close();
  });

  it('a password change closes the other devices’ sockets and keeps the one that changed it', async () => {
    const u = await t.signUp();
    const thief = await secondDevice(u);
    const partner = await t.signUp();
    const send = await writer(partner, u);
    const mine = await live(u);
    const theirs = await live(thief);

    const res = await t.inject({
      method: 'POST',
      url: '/api/account/change-password',
      payload: { currentPassword: u.password, newPassword: 'Quiet-harbour-lantern-92' },
      as: u,
    });
    expect(res.statusCode).toBe(200);
    expect(await theirs.closed).toBe(WS_CLOSE.unauthorized);
    await send('New viewing time: 5 pm');
    await receives(mine, 'New viewing time: 5 pm');
    expect(got(theirs, 'New viewing time: 5 pm')).toBe(false);
    mine.close();
  });

  it('resetting the password by e-mail closes every socket of the user', async () => {
    const u = await t.signUp();
    const other = await secondDevice(u);
    const sockets = [await live(u), await live(other)];
    const mail = t.mailer.next((m) => m.to === u.user.email && /reset-password/.test(m.text));
    const asked = await t.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: u.user.email },
    });
    expect(asked.statusCode).toBe(200);
    const token = (await mail).text.match(/reset-password\?token=([\w-]+)/)?.[1];
    const res = await t.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'Quiet-harbour-lantern-93', confirmPassword: 'Quiet-harbour-lantern-93' },
    });
    expect(res.statusCode).toBe(200);
    for (const s of sockets) expect(await s.closed).toBe(WS_CLOSE.unauthorized);
    expect(t.app.realtime.hub.hasAny([u.user.id])).toBe(false);
  });

  it('deleting the account closes every socket of the user', async () => {
    const u = await t.signUp();
    const other = await secondDevice(u);
    const sockets = [await live(u), await live(other)];
    const res = await t.inject({
      method: 'DELETE',
      url: '/api/account',
      payload: { confirmEmail: u.user.email },
      as: u,
    });
    expect(res.statusCode).toBe(200);
    for (const s of sockets) expect(await s.closed).toBe(WS_CLOSE.unauthorized);
    expect(t.app.realtime.hub.hasAny([u.user.id])).toBe(false);
  });
});
