/**
 * The unread badge reads one row per user (user_unread), kept by triggers on the member
 * rows. Whatever changes the member rows must move the total with them: bulk loads, messages
 * sent and read, conversations and accounts deleted.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversations, messages, users } from '../../db/schema';
import { seedInbox } from '../../db/seed/inbox';
import { createTestDatabase, type TestDatabase } from '../../../../tests/helpers/test-db';
import { countUnread, markConversationRead, sendMessage } from './repository';

let database: TestDatabase;
let me = '';

async function user(email: string): Promise<string> {
  const [row] = await database.db
    .insert(users)
    .values({ email, firstName: 'Test', lastName: 'User', phoneNumber: '501234567', countryCode: '+971' })
    .returning({ id: users.id });
  return row.id;
}

/** The total the member rows add up to: what the badge must always show. */
async function summed(userId: string): Promise<number> {
  const res = await database.db.execute(
    sql`select coalesce(sum(unread_count), 0)::int as n from conversation_members where user_id = ${userId}`,
  );
  const rows = (res as unknown as { rows?: { n: number }[] }).rows ?? (res as unknown as { n: number }[]);
  return rows[0].n;
}

beforeAll(async () => {
  database = await createTestDatabase();
  me = await user('inbox@example.com');
});
afterAll(() => database.close());

describe('unread totals', () => {
  it('count a bulk-loaded inbox in one statement', async () => {
    await seedInbox(database.db, { userId: me, count: 40, tag: 'totals' });
    expect(await countUnread(database.db, me)).toBe(40);
    expect(await summed(me)).toBe(40);
  });

  it('follow messages sent and read, for the reader only', async () => {
    const other = await user('writer@example.com');
    const [conv] = await database.db
      .insert(conversations)
      .values({ participant1Id: other, participant2Id: me })
      .returning();
    const send = (from: string, content: string) =>
      sendMessage(database.db, {
        messageId: crypto.randomUUID(),
        conversationId: conv.id,
        senderId: from,
        content,
        announce: null,
      });
    const first = await send(other, 'one');
    await send(other, 'two');
    await send(me, 'my own reply is never unread for me');
    expect(await countUnread(database.db, me)).toBe(42);
    expect(await countUnread(database.db, other)).toBe(1);

    // Read up to the first message: the second stays unread.
    expect(await markConversationRead(database.db, conv.id, me, first?.id)).toBe(1);
    expect(await countUnread(database.db, me)).toBe(41);
    expect(await summed(me)).toBe(41);
  });

  it('drop with deleted messages, conversations and accounts', async () => {
    const [someone] = await database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'totals.1@inbox.bitaqa.test'));
    const [conv] = await database.db.select().from(conversations).where(eq(conversations.participant1Id, someone.id));
    await database.db.delete(messages).where(eq(messages.conversationId, conv.id));
    expect(await countUnread(database.db, me)).toBe(40);

    const [conv2] = await database.db
      .select({ id: conversations.id, p1: conversations.participant1Id })
      .from(conversations)
      .innerJoin(users, eq(users.id, conversations.participant1Id))
      .where(eq(users.email, 'totals.2@inbox.bitaqa.test'));
    await database.db.delete(conversations).where(eq(conversations.id, conv2.id));
    expect(await countUnread(database.db, me)).toBe(39);

    // An account removed outright takes its conversations, and their unread messages, with it.
    await database.db.delete(users).where(eq(users.email, 'totals.3@inbox.bitaqa.test'));
    expect(await countUnread(database.db, me)).toBe(38);
    expect(await summed(me)).toBe(38);

    // And removing the reader's own account removes their total without an error.
    await database.db.delete(users).where(eq(users.id, me));
    const left = await database.db.execute(sql`select count(*)::int as n from user_unread where user_id = ${me}`);
    const rows = (left as unknown as { rows?: { n: number }[] }).rows ?? (left as unknown as { n: number }[]);
    expect(rows[0].n).toBe(0);
  });
});
