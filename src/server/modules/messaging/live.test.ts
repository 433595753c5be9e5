/** The /ws socket on a real port. */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { WS_CLOSE } from '../../../core/schemas/messaging';
import { WS_MAX_PER_USER } from '../../../core/messaging-limits';
import { createTestApp, type TestUser } from '../../../../tests/helpers/app';
import { connectLive, type LiveClient } from '../../../../tests/helpers/ws-client';

const t = await createTestApp();
let base = '';
beforeAll(async () => {
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});

const isNewMessage = (content: string) => (e: Record<string, unknown>) =>
  e.type === 'new_message' && (e.message as { content?: string })?.content === content;

async function conversation(a: TestUser, b: TestUser): Promise<string> {
  const res = await t.inject({
    method: 'POST',
    url: '/api/conversations',
    payload: { participantId: b.user.id },
    as: a,
  });
  return res.json().id;
}

async function send(as: TestUser, conversationId: string, content: string) {
  const res = await t.inject({ method: 'POST', url: '/api/messages', payload: { conversationId, content }, as });
  expect(res.statusCode).toBe(201);
  return res.json();
}

describe('/ws', () => {
  it('closes a connection without a valid session with 4401', async () => {
    const none = await connectLive(base);
    expect(await none.closed).toBe(WS_CLOSE.unauthorized);
    const forged = await connectLive(base, { cookie: 'bitaqa.sid=forged.value' });
    expect(await forged.closed).toBe(WS_CLOSE.unauthorized);
  });

  it('closes a connection whose session has ended (signed out)', async () => {
    const u = await t.signUp();
    await t.inject({ method: 'POST', url: '/api/logout', as: u });
    const c = await connectLive(base, { as: u });
    expect(await c.closed).toBe(WS_CLOSE.unauthorized);
  });

  it('refuses a page from another site that carries the user’s cookie', async () => {
    const u = await t.signUp();
    const c = await connectLive(base, { as: u, origin: 'https://evil.example' });
    expect(await c.closed).toBe(WS_CLOSE.forbidden);
  });

  it('accepts authenticate for the session’s own user', async () => {
    const u = await t.signUp();
    const c = await connectLive(base, { as: u, origin: 'http://bitaqa.test' });
    c.ws.send(JSON.stringify({ type: 'authenticate', userId: u.user.id }));
    expect(await c.waitFor((e) => e.type === 'authenticated')).toMatchObject({ userId: u.user.id });
    c.ws.send('not json');
    expect(await c.waitFor((e) => e.type === 'error')).toMatchObject({ code: 'BAD_MESSAGE' });
    c.close();
  });

  it('delivers A’s message to all of B’s connections and A’s other tabs, and to nobody else', async () => {
    const a = await t.signUp({ firstName: 'Ahmed' });
    const b = await t.signUp({ firstName: 'Carlos' });
    const outsider = await t.signUp();
    const stranger = await t.signUp();
    const conversationId = await conversation(a, b);
    const clients: LiveClient[] = await Promise.all([
      connectLive(base, { as: a }),
      connectLive(base, { as: a }),
      connectLive(base, { as: b }),
      connectLive(base, { as: b }),
      connectLive(base, { as: outsider }),
    ]);
    const [a1, a2, b1, b2, out] = clients;
    for (const [c, u] of [
      [a1, a],
      [a2, a],
      [b1, b],
      [b2, b],
      [out, outsider],
    ] as const) {
      c.ws.send(JSON.stringify({ type: 'authenticate', userId: u.user.id }));
      await c.waitFor((e) => e.type === 'authenticated');
    }

    const sent = await send(a, conversationId, 'Is the Downtown penthouse still available?');
    for (const c of [a1, a2, b1, b2]) {
      const e = await c.waitFor(isNewMessage('Is the Downtown penthouse still available?'));
      expect(e).toMatchObject({
        conversationId,
        message: { id: sent.id, senderId: a.user.id, sender: { firstName: 'Ahmed' } },
      });
    }
    await send(b, conversationId, 'Yes, viewing on Friday works.');
    await a1.waitFor(isNewMessage('Yes, viewing on Friday works.'));
    // No sleep before "nothing arrived": a socket gets its events in order, so once a
    // later message to the outsider is here, the conversation's messages would have come first.
    const marker = 'A later message to the outsider';
    await send(stranger, await conversation(stranger, outsider), marker);
    await out.waitFor(isNewMessage(marker));
    expect(out.events.filter((e) => e.type === 'new_message' && !isNewMessage(marker)(e))).toEqual([]);

    // Reading in one of B's tabs tells B's other tabs (the unread badge clears everywhere).
    await t.inject({ method: 'POST', url: `/api/conversations/${conversationId}/read`, as: b });
    await b2.waitFor((e) => e.type === 'messages_read' && e.readerId === b.user.id);
    for (const c of clients) c.close();
  });

  it('closes a socket that claims another user’s id, and it receives nothing of that user’s', async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    const intruder = await t.signUp();
    const conversationId = await conversation(a, b);
    const bTab = await connectLive(base, { as: b });
    const claim = await connectLive(base, { as: intruder });
    claim.ws.send(JSON.stringify({ type: 'authenticate', userId: b.user.id }));
    expect(await claim.waitFor((e) => e.type === 'error')).toMatchObject({ code: 'FORBIDDEN' });
    expect(await claim.closed).toBe(WS_CLOSE.forbidden);

    // Without a session at all, naming B's id gets nothing either.
    const anonymous = await connectLive(base);
    if (anonymous.ws.readyState === anonymous.ws.OPEN) {
      anonymous.ws.send(JSON.stringify({ type: 'authenticate', userId: b.user.id }));
    }
    expect(await anonymous.closed).toBe(WS_CLOSE.unauthorized);

    await send(a, conversationId, 'For B only');
    await bTab.waitFor(isNewMessage('For B only'));
    // Both were closed before the message was sent; a closed socket receives nothing later.
    for (const c of [claim, anonymous]) expect(c.events.some((e) => e.type === 'new_message')).toBe(false);
    bTab.close();
  });

  it('keeps at most 20 sockets per user: each one beyond closes that user’s oldest with 4429, others are untouched', async () => {
    const hoarder = await t.signUp();
    const neighbour = await t.signUp();
    const other = await connectLive(base, { as: neighbour });
    other.ws.send(JSON.stringify({ type: 'authenticate', userId: neighbour.user.id }));
    await other.waitFor((e) => e.type === 'authenticated');
    const opened: LiveClient[] = [];
    for (let i = 0; i < WS_MAX_PER_USER + 5; i++) {
      const c = await connectLive(base, { as: hoarder });
      // Answered once the server has taken the socket in, so "oldest" is the opening order.
      c.ws.send(JSON.stringify({ type: 'authenticate', userId: hoarder.user.id }));
      await c.waitFor((e) => e.type === 'authenticated');
      opened.push(c);
    }
    for (const c of opened.slice(0, 5)) expect(await c.closed).toBe(WS_CLOSE.tooManyConnections);
    expect(t.app.realtime.hub.socketsOf(hoarder.user.id)).toBe(WS_MAX_PER_USER);
    for (const c of opened.slice(5)) expect(c.ws.readyState).toBe(c.ws.OPEN);
    expect(other.ws.readyState).toBe(other.ws.OPEN);
    expect(t.app.realtime.hub.socketsOf(neighbour.user.id)).toBe(1);
    for (const c of [...opened, other]) c.close();
  });

  it('terminates connections that stop answering heartbeats and keeps live ones', async () => {
    const u = await t.signUp();
    const dead = await connectLive(base, { as: u, autoPong: false });
    const live = await connectLive(base, { as: u });
    const before = t.app.realtime.hub.size;
    const pinged = new Promise((resolve) => live.ws.once('ping', resolve));
    t.app.realtime.hub.sweep(); // pings both
    await pinged;
    // The live client's pong left before this frame; once the server answers it, it has the pong.
    live.ws.send('not json');
    await live.waitFor((e) => e.type === 'error');
    t.app.realtime.hub.sweep(); // the silent one missed its ping
    expect(await dead.closed).toBe(1006);
    expect(live.ws.readyState).toBe(live.ws.OPEN);
    await vi.waitFor(() => expect(t.app.realtime.hub.size).toBe(before - 1));
    live.close();
  });
});
