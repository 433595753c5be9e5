import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { conversations, messages, users } from '../../db/schema';
import { createTestApp, type TestUser } from '../../../../tests/helpers/app';
import { LIMITS } from '../../../core/limits';

const t = await createTestApp();

async function start(as: TestUser, participantId: string) {
  return t.inject({ method: 'POST', url: '/api/conversations', payload: { participantId }, as });
}

async function send(as: TestUser, conversationId: string, content: string) {
  return t.inject({ method: 'POST', url: '/api/messages', payload: { conversationId, content }, as });
}

async function pair() {
  const a = await t.signUp({ role: 'real_estate_broker', firstName: 'Ahmed' });
  const b = await t.signUp({ role: 'investor', firstName: 'Carlos' });
  const res = await start(a, b.user.id);
  expect(res.statusCode).toBe(201);
  return { a, b, conversationId: res.json().id as string };
}

describe('starting a conversation', () => {
  it('creates one conversation per pair and answers it to either side afterwards', async () => {
    const a = await t.signUp({ firstName: 'Layla' });
    const b = await t.signUp({ role: 'banking_broker', firstName: 'Huda' });
    const first = await start(a, b.user.id);
    expect(first.statusCode).toBe(201);
    const conv = first.json();
    expect(conv.participant1).toMatchObject({ id: a.user.id, firstName: 'Layla', isDeleted: false });
    expect(conv.participant2).toMatchObject({ id: b.user.id, firstName: 'Huda', role: 'banking_broker' });
    expect(conv.participant2.email).toBeUndefined();
    expect(conv).toMatchObject({ lastMessage: null, lastMessageAt: null, unreadCount: 0 });

    const again = await start(a, b.user.id);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(conv.id);
    const reverse = await start(b, a.user.id);
    expect(reverse.statusCode).toBe(200);
    expect(reverse.json().id).toBe(conv.id);
  });

  it('keeps one conversation when both sides start it at the same moment', async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    const results = await Promise.all([
      start(a, b.user.id),
      start(b, a.user.id),
      start(a, b.user.id),
      start(b, a.user.id),
    ]);
    for (const r of results) expect([200, 201]).toContain(r.statusCode);
    expect(new Set(results.map((r) => r.json().id)).size).toBe(1);
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    const [{ n }] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(conversations)
      .where(
        sql`least(${conversations.participant1Id}, ${conversations.participant2Id}) = least(${a.user.id}::uuid, ${b.user.id}::uuid) and greatest(${conversations.participant1Id}, ${conversations.participant2Id}) = greatest(${a.user.id}::uuid, ${b.user.id}::uuid)`,
      );
    expect(n).toBe(1);
  });

  it('is enforced by the database, not only by the check before insert', async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    await t.database.db.insert(conversations).values({ participant1Id: a.user.id, participant2Id: b.user.id });
    await expect(
      t.database.db.insert(conversations).values({ participant1Id: b.user.id, participant2Id: a.user.id }),
    ).rejects.toThrow();
  });

  it('refuses the caller’s own id, unknown and deleted users, and a malformed id', async () => {
    const a = await t.signUp();
    const self = await start(a, a.user.id);
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('You cannot start a conversation with yourself.');

    const unknown = await start(a, '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);

    const gone = await t.signUp();
    await t.database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.user.id));
    expect((await start(a, gone.user.id)).statusCode).toBe(404);

    const bad = await start(a, 'not-a-uuid');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.participantId).toBeTruthy();
  });

  it('answers 401 to a signed-out caller', async () => {
    const b = await t.signUp();
    const res = await t.inject({ method: 'POST', url: '/api/conversations', payload: { participantId: b.user.id } });
    expect(res.statusCode).toBe(401);
  });
});

describe('sending and reading messages', () => {
  it('trims content, refuses empty and over-long messages, and lists messages oldest first with the sender', async () => {
    const { a, b, conversationId } = await pair();
    const r1 = await send(a, conversationId, '  Hello Carlos, the Marina unit is available.  ');
    expect(r1.statusCode).toBe(201);
    expect(r1.json()).toMatchObject({
      content: 'Hello Carlos, the Marina unit is available.',
      senderId: a.user.id,
      isRead: false,
      sender: { id: a.user.id, firstName: 'Ahmed', role: 'real_estate_broker' },
    });
    expect((await send(b, conversationId, 'Great, can we visit on Friday?')).statusCode).toBe(201);

    const blank = await send(a, conversationId, '   \n  ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors.content).toBe('Message cannot be empty');
    const long = await send(a, conversationId, 'x'.repeat(LIMITS.messageMax + 1));
    expect(long.statusCode).toBe(400);
    expect((await send(a, conversationId, 'x'.repeat(LIMITS.messageMax))).statusCode).toBe(201);

    const list = await t.inject({ method: 'GET', url: `/api/conversations/${conversationId}/messages`, as: b });
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body.map((m: { content: string }) => m.content.slice(0, 20))).toEqual([
      'Hello Carlos, the Ma',
      'Great, can we visit ',
      'x'.repeat(20),
    ]);
    expect(body[1].sender).toMatchObject({ id: b.user.id, firstName: 'Carlos' });
  });

  it('pages a long history with a before cursor', async () => {
    const { a, conversationId } = await pair();
    for (let i = 1; i <= 7; i++) expect((await send(a, conversationId, `m${i}`)).statusCode).toBe(201);
    const url = `/api/conversations/${conversationId}/messages`;
    const newest = (await t.inject({ method: 'GET', url: `${url}?limit=3`, as: a })).json();
    expect(newest.map((m: { content: string }) => m.content)).toEqual(['m5', 'm6', 'm7']);
    const older = (await t.inject({ method: 'GET', url: `${url}?limit=3&before=${newest[0].id}`, as: a })).json();
    expect(older.map((m: { content: string }) => m.content)).toEqual(['m2', 'm3', 'm4']);
    const oldest = (await t.inject({ method: 'GET', url: `${url}?limit=3&before=${older[0].id}`, as: a })).json();
    expect(oldest.map((m: { content: string }) => m.content)).toEqual(['m1']);
    const tooBig = await t.inject({ method: 'GET', url: `${url}?limit=1000`, as: a });
    expect(tooBig.statusCode).toBe(400);
  });

  it('lists the caller’s conversations with the last message, its time and the unread count, newest first', async () => {
    const me = await t.signUp({ firstName: 'Mariam' });
    const x = await t.signUp({ firstName: 'Xavier' });
    const y = await t.signUp({ firstName: 'Yara' });
    const cx = (await start(x, me.user.id)).json().id;
    const cy = (await start(me, y.user.id)).json().id;
    await send(x, cx, 'First from Xavier');
    await send(x, cx, 'Second from Xavier');
    await send(me, cy, 'Hi Yara');
    await send(y, cy, 'Hi Mariam!');

    const list = await t.inject({ method: 'GET', url: '/api/conversations', as: me });
    expect(list.statusCode).toBe(200);
    const rows = list.json();
    expect(rows.map((c: { id: string }) => c.id)).toEqual([cy, cx]);
    expect(rows[0]).toMatchObject({ unreadCount: 1, lastMessage: { content: 'Hi Mariam!', senderId: y.user.id } });
    expect(rows[0].lastMessageAt).toBe(rows[0].lastMessage.createdAt);
    expect(rows[1]).toMatchObject({
      unreadCount: 2,
      participant1: { firstName: 'Xavier' },
      participant2: { firstName: 'Mariam' },
      lastMessage: { content: 'Second from Xavier' },
    });
    // Xavier's view of the same conversation: his own messages are not unread for him.
    const xs = (await t.inject({ method: 'GET', url: '/api/conversations', as: x })).json();
    expect(xs).toHaveLength(1);
    expect(xs[0].unreadCount).toBe(0);

    const unread = await t.inject({ method: 'GET', url: '/api/messages/unread-count', as: me });
    expect(unread.json()).toEqual({ count: 3 });
  });

  it('marks the other side’s messages read when the conversation is opened, not the caller’s own', async () => {
    const { a, b, conversationId } = await pair();
    await send(a, conversationId, 'One');
    await send(a, conversationId, 'Two');
    await send(b, conversationId, 'Reply');
    expect((await t.inject({ method: 'GET', url: '/api/messages/unread-count', as: b })).json().count).toBe(2);

    const read = await t.inject({ method: 'POST', url: `/api/conversations/${conversationId}/read`, as: b });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ marked: 2 });
    expect((await t.inject({ method: 'GET', url: '/api/messages/unread-count', as: b })).json().count).toBe(0);
    // B's own reply is still unread for A.
    expect((await t.inject({ method: 'GET', url: '/api/messages/unread-count', as: a })).json().count).toBe(1);
    const rows = await t.database.db.select().from(messages).where(eq(messages.conversationId, conversationId));
    expect(
      rows
        .filter((m) => m.isRead)
        .map((m) => m.content)
        .sort(),
    ).toEqual(['One', 'Two']);
  });

  it('shows a deleted participant as "Deleted user" and refuses new messages to them', async () => {
    const { a, b, conversationId } = await pair();
    await send(b, conversationId, 'Before I leave');
    await t.database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, b.user.id));
    const list = (await t.inject({ method: 'GET', url: '/api/conversations', as: a })).json();
    expect(list[0].participant2).toMatchObject({
      id: b.user.id,
      firstName: 'Deleted',
      lastName: 'user',
      profileImageUrl: null,
      isDeleted: true,
    });
    const history = (
      await t.inject({ method: 'GET', url: `/api/conversations/${conversationId}/messages`, as: a })
    ).json();
    expect(history[0].sender).toMatchObject({ firstName: 'Deleted', lastName: 'user' });
    expect((await send(a, conversationId, 'Still there?')).statusCode).toBe(409);
  });
});

describe('permission matrix', () => {
  it('lets only the two participants read or write, whatever id is tried', async () => {
    const { a, b, conversationId } = await pair();
    await send(a, conversationId, 'Private note');
    const other = await t.signUp();
    const admin = await t.signInAdmin();
    const missing = '00000000-0000-4000-8000-000000000000';

    type Case = { as?: TestUser; id: string; expected: number[] };
    const cases: Case[] = [
      { as: a, id: conversationId, expected: [200, 201] },
      { as: b, id: conversationId, expected: [200, 201] },
      { as: other, id: conversationId, expected: [404] },
      { as: admin, id: conversationId, expected: [404] },
      { as: other, id: missing, expected: [404] },
      { as: undefined, id: conversationId, expected: [401] },
      { as: undefined, id: missing, expected: [401] },
      { as: undefined, id: 'not-a-uuid', expected: [401] },
    ];
    for (const c of cases) {
      const calls = [
        t.inject({ method: 'GET', url: `/api/conversations/${c.id}/messages`, as: c.as }),
        t.inject({ method: 'POST', url: `/api/conversations/${c.id}/read`, as: c.as }),
        t.inject({ method: 'POST', url: '/api/messages', payload: { conversationId: c.id, content: 'hi' }, as: c.as }),
      ];
      for (const res of await Promise.all(calls)) {
        expect(c.expected, `${res.statusCode} ${res.body}`).toContain(res.statusCode);
        if (res.statusCode === 404) expect(res.body).not.toContain('Private note');
      }
    }
    // The outsider's attempts left nothing behind.
    const history = (
      await t.inject({ method: 'GET', url: `/api/conversations/${conversationId}/messages`, as: a })
    ).json();
    expect(history.map((m: { content: string }) => m.content)).toEqual(['Private note', 'hi', 'hi']);
    // And the outsider does not see the conversation in their list.
    expect((await t.inject({ method: 'GET', url: '/api/conversations', as: other })).json()).toEqual([]);
  });

  it('answers 401 to every messaging route when signed out', async () => {
    for (const [method, url] of [
      ['GET', '/api/conversations'],
      ['GET', '/api/messages/unread-count'],
      ['POST', '/api/messages'],
    ] as const) {
      expect((await t.inject({ method, url, payload: method === 'POST' ? {} : undefined })).statusCode).toBe(401);
    }
  });
});
