/**
 * Messaging at scale: the list pages by keyset from the member rows, any
 * conversation opens by id however far down the list it is, reading stops at the message the
 * reader saw, and the member rows' counts stay true under concurrent sends and reads.
 */
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { conversationMembers, conversations, users } from '../../db/schema';
import { seedInbox } from '../../db/seed/inbox';
import { createTestApp, type TestUser } from '../../../../tests/helpers/app';

const t = await createTestApp();

type Conv = { id: string; cursor: string; unreadCount: number; lastMessage: { content: string } | null };

async function list(as: TestUser, query = ''): Promise<Conv[]> {
  const res = await t.inject({ method: 'GET', url: `/api/conversations${query}`, as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function send(as: TestUser, conversationId: string, content: string) {
  const res = await t.inject({ method: 'POST', url: '/api/messages', payload: { conversationId, content }, as });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Promise<{ id: string }>;
}

const unread = async (as: TestUser) =>
  (await t.inject({ method: 'GET', url: '/api/messages/unread-count', as })).json().count as number;

describe('a user with 60 conversations', () => {
  it('pages the whole list by cursor and opens the 60th by id and from the Message button', async () => {
    const me = await t.signUp({ firstName: 'Noor' });
    await seedInbox(t.database.db, { userId: me.user.id, count: 60, tag: 'paging' });

    const first = await list(me);
    expect(first).toHaveLength(50);
    expect(first[0].lastMessage?.content).toBe('Hello from Number 1');
    expect(await unread(me)).toBe(60);

    // Every page after the last cursor, 7 at a time: all 60, each once, in the same order.
    const paged: Conv[] = [];
    let after = '';
    for (;;) {
      const page = await list(me, `?limit=7${after ? `&after=${after}` : ''}`);
      paged.push(...page);
      if (page.length < 7) break;
      after = page[page.length - 1].cursor;
    }
    expect(paged.map((c) => c.lastMessage?.content)).toEqual(
      Array.from({ length: 60 }, (_, i) => `Hello from Number ${i + 1}`),
    );
    const sixtieth = paged[59];
    expect(first.some((c) => c.id === sixtieth.id)).toBe(false);

    // By URL: GET /api/conversations/{id}.
    const byId = await t.inject({ method: 'GET', url: `/api/conversations/${sixtieth.id}`, as: me });
    expect(byId.statusCode).toBe(200);
    expect(byId.json()).toMatchObject({
      id: sixtieth.id,
      unreadCount: 1,
      lastMessage: { content: 'Hello from Number 60' },
      participant2: { id: me.user.id, firstName: 'Noor' },
    });

    // From the directory's Message button: POST /api/conversations answers the same one.
    const [partner] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'paging.60@inbox.bitaqa.test'));
    const started = await t.inject({
      method: 'POST',
      url: '/api/conversations',
      payload: { participantId: partner.id },
      as: me,
    });
    expect(started.statusCode).toBe(200);
    expect(started.json()).toMatchObject({ id: sixtieth.id, unreadCount: 1 });

    // A reply moves it to the top of the first page.
    await send(me, sixtieth.id, 'Sorry for the slow answer');
    const top = (await list(me, '?limit=1'))[0];
    expect(top).toMatchObject({ id: sixtieth.id, lastMessage: { content: 'Sorry for the slow answer' } });
  });

  it('keeps conversations of the same instant apart by id across page boundaries', async () => {
    const me = await t.signUp();
    const others = await Promise.all([1, 2, 3, 4, 5].map(() => t.signUp()));
    // One statement: all five share created_at, and none has a message yet.
    await t.database.db
      .insert(conversations)
      .values(others.map((o) => ({ participant1Id: o.user.id, participant2Id: me.user.id })));
    const all = await list(me);
    expect(all).toHaveLength(5);
    const seen: string[] = [];
    let after = '';
    for (let i = 0; i < 5; i++) {
      const page = await list(me, `?limit=2${after ? `&after=${after}` : ''}`);
      if (page.length === 0) break;
      seen.push(...page.map((c) => c.id));
      after = page[page.length - 1].cursor;
    }
    expect(seen).toEqual(all.map((c) => c.id));
  });

  it('refuses a malformed cursor and id, hides others’ conversations, and needs a session', async () => {
    const me = await t.signUp();
    const other = await t.signUp();
    const outsider = await t.signUp();
    const id = (
      await t.inject({ method: 'POST', url: '/api/conversations', payload: { participantId: other.user.id }, as: me })
    ).json().id;
    const badCursor = await t.inject({ method: 'GET', url: '/api/conversations?after=yesterday', as: me });
    expect(badCursor.statusCode).toBe(400);
    expect(badCursor.json().errors.after).toBe('Not a valid cursor');
    const badId = await t.inject({ method: 'GET', url: '/api/conversations/not-a-uuid', as: me });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().errors.id).toBeTruthy();
    expect((await t.inject({ method: 'GET', url: `/api/conversations/${id}`, as: outsider })).statusCode).toBe(404);
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await t.inject({ method: 'GET', url: `/api/conversations/${missing}`, as: me })).statusCode).toBe(404);
    expect((await t.inject({ method: 'GET', url: `/api/conversations/${id}` })).statusCode).toBe(401);
    expect((await t.inject({ method: 'GET', url: `/api/conversations/${id}`, as: other })).statusCode).toBe(200);
  });
});

describe('reading up to a message', () => {
  it('leaves a message that arrived after the one the reader saw unread', async () => {
    const a = await t.signUp({ firstName: 'Ahmed' });
    const b = await t.signUp({ firstName: 'Carlos' });
    const id = (
      await t.inject({ method: 'POST', url: '/api/conversations', payload: { participantId: b.user.id }, as: a })
    ).json().id;
    await send(a, id, 'One');
    const shown = await send(a, id, 'Two');
    // B's screen shows One and Two; Three arrives before B's read request does.
    await send(a, id, 'Three');
    const read = await t.inject({
      method: 'POST',
      url: `/api/conversations/${id}/read`,
      payload: { upTo: shown.id },
      as: b,
    });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual({ marked: 2 });
    expect(await unread(b)).toBe(1);
    const conv = (await t.inject({ method: 'GET', url: `/api/conversations/${id}`, as: b })).json();
    expect(conv.unreadCount).toBe(1);
    const history = (await t.inject({ method: 'GET', url: `/api/conversations/${id}/messages`, as: b })).json();
    expect(history.map((m: { content: string; isRead: boolean }) => [m.content, m.isRead])).toEqual([
      ['One', true],
      ['Two', true],
      ['Three', false],
    ]);

    // A message of another conversation, or not an id at all, is refused with the field.
    const elsewhere = await t.signUp();
    const otherId = (
      await t.inject({
        method: 'POST',
        url: '/api/conversations',
        payload: { participantId: b.user.id },
        as: elsewhere,
      })
    ).json().id;
    const foreign = await send(elsewhere, otherId, 'Elsewhere');
    const wrong = await t.inject({
      method: 'POST',
      url: `/api/conversations/${id}/read`,
      payload: { upTo: foreign.id },
      as: b,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.upTo).toBe('This message is not part of the conversation.');
    const malformed = await t.inject({
      method: 'POST',
      url: `/api/conversations/${id}/read`,
      payload: { upTo: 'latest' },
      as: b,
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors.upTo).toBe('Not a valid message id');
    expect(await unread(b)).toBe(2); // Three, and Elsewhere

    // Without upTo (older clients): everything from the other side.
    const all = await t.inject({ method: 'POST', url: `/api/conversations/${id}/read`, as: b });
    expect(all.json()).toEqual({ marked: 1 });
    expect(await unread(b)).toBe(1);
  });
});

describe('member rows', () => {
  it('stay equal to the messages after concurrent sends and reads from both sides', async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    const id = (
      await t.inject({ method: 'POST', url: '/api/conversations', payload: { participantId: b.user.id }, as: a })
    ).json().id;
    const calls: Promise<unknown>[] = [];
    for (let i = 0; i < 12; i++) {
      calls.push(send(a, id, `a${i}`), send(b, id, `b${i}`));
      if (i % 3 === 0) {
        calls.push(t.inject({ method: 'POST', url: `/api/conversations/${id}/read`, as: a }));
        calls.push(t.inject({ method: 'POST', url: `/api/conversations/${id}/read`, as: b }));
      }
    }
    await Promise.all(calls);
    const rows = await t.database.db
      .select({
        userId: conversationMembers.userId,
        stored: conversationMembers.unreadCount,
        actual: sql<number>`(select count(*)::int from messages m where m.conversation_id = conversation_members.conversation_id and m.sender_id <> conversation_members.user_id and not m.is_read)`,
      })
      .from(conversationMembers)
      .where(eq(conversationMembers.conversationId, id));
    expect(rows).toHaveLength(2);
    for (const r of rows) expect(r.stored).toBe(r.actual);
    expect(await unread(a)).toBe(rows.find((r) => r.userId === a.user.id)?.actual);
  });
});
