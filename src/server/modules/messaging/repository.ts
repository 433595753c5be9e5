/** SQL of conversations and messages (issue 5). Every function takes a database or a transaction. */
import { and, desc, eq, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { BuildAliasTable } from 'drizzle-orm/pg-core/query-builders/select.types';
import type { ConversationView, MessageView, Participant } from '../../../core/schemas/messaging';
import type { DbOrTx } from '../../db/client';
import { type Conversation, conversations, type Message, messages, users } from '../../db/schema';

/** The user columns a participant or sender needs. */
function participantColumns(u: typeof users | BuildAliasTable<typeof users, string>) {
  return {
    id: u.id,
    firstName: u.firstName,
    lastName: u.lastName,
    role: u.role,
    profileImageUrl: u.profileImageUrl,
    deletedAt: u.deletedAt,
  };
}

type ParticipantRow = {
  id: string;
  firstName: string;
  lastName: string;
  role: Participant['role'];
  profileImageUrl: string | null;
  deletedAt: Date | null;
};

/** A deleted account shows as "Deleted user" without its picture (schema.ts ON DELETE note). */
export function toParticipant(u: ParticipantRow): Participant {
  if (u.deletedAt) {
    return {
      id: u.id,
      firstName: 'Deleted',
      lastName: 'user',
      role: 'visitor',
      profileImageUrl: null,
      isDeleted: true,
    };
  }
  return {
    id: u.id,
    firstName: u.firstName,
    lastName: u.lastName,
    role: u.role,
    profileImageUrl: u.profileImageUrl,
    isDeleted: false,
  };
}

export function toMessageView(m: Message, sender: ParticipantRow): MessageView {
  return {
    id: m.id,
    conversationId: m.conversationId,
    senderId: m.senderId,
    content: m.content,
    isRead: m.isRead,
    createdAt: m.createdAt.toISOString(),
    updatedAt: m.updatedAt.toISOString(),
    sender: toParticipant(sender),
  };
}

const isParticipant = (userId: string) =>
  or(eq(conversations.participant1Id, userId), eq(conversations.participant2Id, userId));

/**
 * The caller's conversations, most recent activity first, each with both participants, the
 * last message and the caller's unread count, in one statement: the page of conversations is
 * chosen first, then two lateral subqueries run for those rows only (the last message by
 * messages_conversation_idx, the unread count by the partial messages_unread_idx).
 */
export async function listConversations(
  db: DbOrTx,
  userId: string,
  page: { limit: number; offset: number; id?: string },
): Promise<ConversationView[]> {
  const activity = sql`coalesce(${conversations.lastMessageAt}, ${conversations.createdAt})`;
  const chosen = db
    .select({
      id: conversations.id,
      participant1Id: conversations.participant1Id,
      participant2Id: conversations.participant2Id,
      lastMessageAt: conversations.lastMessageAt,
      createdAt: conversations.createdAt,
      updatedAt: conversations.updatedAt,
      activity: activity.as('activity'),
    })
    .from(conversations)
    .where(and(isParticipant(userId), page.id ? eq(conversations.id, page.id) : undefined))
    .orderBy(desc(activity), desc(conversations.id))
    .limit(page.limit)
    .offset(page.offset)
    .as('chosen');
  const p1 = alias(users, 'p1');
  const p2 = alias(users, 'p2');
  const last = db
    .select({
      id: messages.id,
      content: messages.content,
      senderId: messages.senderId,
      createdAt: messages.createdAt,
    })
    .from(messages)
    .where(eq(messages.conversationId, chosen.id))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(1)
    .as('last_message');
  const unread = db
    .select({ count: sql<number>`count(*)::int`.as('unread_count') })
    .from(messages)
    .where(and(eq(messages.conversationId, chosen.id), ne(messages.senderId, userId), eq(messages.isRead, false)))
    .as('unread');
  const rows = await db
    .select({
      c: {
        id: chosen.id,
        participant1Id: chosen.participant1Id,
        participant2Id: chosen.participant2Id,
        lastMessageAt: chosen.lastMessageAt,
        createdAt: chosen.createdAt,
        updatedAt: chosen.updatedAt,
      },
      p1: participantColumns(p1),
      p2: participantColumns(p2),
      last: { id: last.id, content: last.content, senderId: last.senderId, createdAt: last.createdAt },
      unreadCount: unread.count,
    })
    .from(chosen)
    .innerJoin(p1, eq(p1.id, chosen.participant1Id))
    .innerJoin(p2, eq(p2.id, chosen.participant2Id))
    .leftJoinLateral(last, sql`true`)
    .leftJoinLateral(unread, sql`true`)
    .orderBy(desc(chosen.activity), desc(chosen.id));
  const iso = (d: Date | string) => new Date(d).toISOString();
  return rows.map(({ c, p1: a, p2: b, last: m, unreadCount }) => ({
    id: c.id,
    participant1Id: c.participant1Id,
    participant2Id: c.participant2Id,
    participant1: toParticipant(a),
    participant2: toParticipant(b),
    lastMessageAt: c.lastMessageAt ? iso(c.lastMessageAt) : null,
    lastMessage:
      m?.id && m.content !== null && m.senderId && m.createdAt
        ? { id: m.id, content: m.content, senderId: m.senderId, createdAt: iso(m.createdAt) }
        : null,
    unreadCount: unreadCount ?? 0,
    createdAt: iso(c.createdAt),
    updatedAt: iso(c.updatedAt),
  }));
}

/** The conversation if the user takes part in it (anyone else gets undefined, hence 404). */
export async function findConversationOf(
  db: DbOrTx,
  conversationId: string,
  userId: string,
): Promise<Conversation | undefined> {
  const [row] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.id, conversationId), isParticipant(userId)))
    .limit(1);
  return row;
}

/** The conversation of two users, whichever of them started it (conversations_pair_idx). */
export async function findConversationByPair(db: DbOrTx, a: string, b: string): Promise<Conversation | undefined> {
  const [row] = await db
    .select()
    .from(conversations)
    .where(
      and(
        sql`least(${conversations.participant1Id}, ${conversations.participant2Id}) = least(${a}::uuid, ${b}::uuid)`,
        sql`greatest(${conversations.participant1Id}, ${conversations.participant2Id}) = greatest(${a}::uuid, ${b}::uuid)`,
      ),
    )
    .limit(1);
  return row;
}

/** Inserts the pair's conversation unless one exists; undefined when another insert won. */
export async function insertConversationIfAbsent(
  db: DbOrTx,
  starterId: string,
  otherId: string,
): Promise<Conversation | undefined> {
  const [row] = await db
    .insert(conversations)
    .values({ participant1Id: starterId, participant2Id: otherId })
    .onConflictDoNothing()
    .returning();
  return row;
}

/** A user as a participant, or undefined when no such (non-deleted) account exists. */
export async function findParticipant(db: DbOrTx, userId: string): Promise<ParticipantRow | undefined> {
  const [row] = await db.select(participantColumns(users)).from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

/**
 * One page of a conversation, oldest first. `before` is the id of the oldest message the
 * client holds; the page is the `limit` messages just before it.
 */
export async function listMessages(
  db: DbOrTx,
  conversationId: string,
  page: { before?: string; limit: number },
): Promise<MessageView[]> {
  const cursor = page.before
    ? sql`(${messages.createdAt}, ${messages.id}) < (select c.created_at, c.id from messages c where c.id = ${page.before} and c.conversation_id = ${conversationId})`
    : undefined;
  const rows = await db
    .select({ message: messages, sender: participantColumns(users) })
    .from(messages)
    .innerJoin(users, eq(users.id, messages.senderId))
    .where(and(eq(messages.conversationId, conversationId), cursor))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(page.limit);
  return rows.reverse().map((r) => toMessageView(r.message, r.sender));
}

export async function findMessageView(db: DbOrTx, messageId: string): Promise<MessageView | undefined> {
  const [row] = await db
    .select({ message: messages, sender: participantColumns(users) })
    .from(messages)
    .innerJoin(users, eq(users.id, messages.senderId))
    .where(eq(messages.id, messageId))
    .limit(1);
  return row ? toMessageView(row.message, row.sender) : undefined;
}

/**
 * Stores a message and moves the conversation's last-message time. clock_timestamp() rather
 * than now(): messages of one transaction (the demo seed) keep their order.
 */
export async function insertMessage(
  tx: DbOrTx,
  values: { conversationId: string; senderId: string; content: string; createdAt?: Date; isRead?: boolean },
): Promise<Message> {
  const [message] = await tx
    .insert(messages)
    .values({
      conversationId: values.conversationId,
      senderId: values.senderId,
      content: values.content,
      isRead: values.isRead ?? false,
      createdAt: values.createdAt ?? sql`clock_timestamp()`,
      updatedAt: values.createdAt ?? sql`clock_timestamp()`,
    })
    .returning();
  await tx
    .update(conversations)
    .set({ lastMessageAt: message.createdAt })
    .where(eq(conversations.id, values.conversationId));
  return message;
}

/** Marks the other side's messages in the conversation read; answers how many changed. */
export async function markConversationRead(db: DbOrTx, conversationId: string, readerId: string): Promise<number> {
  const rows = await db
    .update(messages)
    .set({ isRead: true })
    .where(
      and(eq(messages.conversationId, conversationId), ne(messages.senderId, readerId), eq(messages.isRead, false)),
    )
    .returning({ id: messages.id });
  return rows.length;
}

/** Unread messages addressed to the user across all their conversations. */
export async function countUnread(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(and(isParticipant(userId), ne(messages.senderId, userId), eq(messages.isRead, false)))
    .limit(1);
  return row?.count ?? 0;
}
