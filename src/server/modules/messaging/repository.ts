/**
 * SQL of conversations and messages. Functions take a database or a transaction; the
 * hot paths (sending, the unread badge) take the database and run statements built once.
 */
import { and, desc, eq, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { BuildAliasTable } from 'drizzle-orm/pg-core/query-builders/select.types';
import type { ConversationView, MessageView, Participant } from '../../../core/schemas/messaging';
import type { Db, DbOrTx } from '../../db/client';
import { prepareOnce, prepareRows } from '../../db/prepared';
import {
  type Conversation,
  conversationMembers,
  conversations,
  type Message,
  messages,
  userUnread,
  users,
} from '../../db/schema';

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

/** A page of the caller's list: after a cursor (keyset), at an offset (older clients), or one id. */
export interface ConversationPage {
  limit: number;
  offset?: number;
  /** `cursor` of the last conversation the client holds. */
  after?: string;
  /** Only this conversation (GET /api/conversations/{id}). */
  id?: string;
}

/** The microseconds and id of a cursor (the schema checked its form). */
function parseCursor(cursor: string): { micros: string; id: string } {
  const [micros, id] = cursor.split('_');
  return { micros, id };
}

/**
 * The caller's conversations in list order, from their member rows: the index
 * conversation_members_list_idx (user_id, activity_at desc, conversation_id desc) hands out the
 * page in order and stops after it, however many conversations the user has.
 */
export function conversationPageQuery(db: DbOrTx, userId: string, page: ConversationPage) {
  const m = conversationMembers;
  const after = page.after ? parseCursor(page.after) : undefined;
  return db
    .select({
      id: m.conversationId,
      activityAt: m.activityAt,
      unreadCount: m.unreadCount,
      cursor:
        sql<string>`(extract(epoch from ${m.activityAt}) * 1000000)::bigint::text || '_' || ${m.conversationId}::text`.as(
          'cursor',
        ),
    })
    .from(m)
    .where(
      and(
        eq(m.userId, userId),
        page.id ? eq(m.conversationId, page.id) : undefined,
        after
          ? sql`(${m.activityAt}, ${m.conversationId}) < (timestamptz 'epoch' + ${after.micros}::bigint * interval '1 microsecond', ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(sql`${m.activityAt} desc nulls last`, sql`${m.conversationId} desc nulls last`)
    .limit(page.limit)
    .offset(after ? 0 : (page.offset ?? 0));
}

/**
 * The caller's conversations, most recent activity first, each with both participants, the
 * last message and the caller's unread count, in one statement: the page of member rows is
 * chosen first, then the conversation, the users and the last message (messages_conversation_idx)
 * are looked up for those rows only.
 */
export function conversationListQuery(db: DbOrTx, userId: string, page: ConversationPage) {
  const chosen = conversationPageQuery(db, userId, page).as('chosen');
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
  return db
    .select({
      c: {
        id: conversations.id,
        participant1Id: conversations.participant1Id,
        participant2Id: conversations.participant2Id,
        lastMessageAt: conversations.lastMessageAt,
        createdAt: conversations.createdAt,
        updatedAt: conversations.updatedAt,
      },
      cursor: chosen.cursor,
      unreadCount: chosen.unreadCount,
      p1: participantColumns(p1),
      p2: participantColumns(p2),
      last: { id: last.id, content: last.content, senderId: last.senderId, createdAt: last.createdAt },
    })
    .from(chosen)
    .innerJoin(conversations, eq(conversations.id, chosen.id))
    .innerJoin(p1, eq(p1.id, conversations.participant1Id))
    .innerJoin(p2, eq(p2.id, conversations.participant2Id))
    .leftJoinLateral(last, sql`true`)
    .orderBy(sql`${chosen.activityAt} desc`, sql`${chosen.id} desc`);
}

export async function listConversations(
  db: DbOrTx,
  userId: string,
  page: ConversationPage,
): Promise<ConversationView[]> {
  const rows = await conversationListQuery(db, userId, page);
  const iso = (d: Date | string) => new Date(d).toISOString();
  return rows.map(({ c, p1: a, p2: b, last: lm, unreadCount, cursor }) => {
    // Messages written around the service (bulk loads) may leave conversations.last_message_at
    // behind; the last message itself is the truth.
    const lastAt = lm?.createdAt ? iso(lm.createdAt) : c.lastMessageAt ? iso(c.lastMessageAt) : null;
    return {
      id: c.id,
      participant1Id: c.participant1Id,
      participant2Id: c.participant2Id,
      participant1: toParticipant(a),
      participant2: toParticipant(b),
      lastMessageAt: c.lastMessageAt ? iso(c.lastMessageAt) : lastAt,
      lastMessage:
        lm?.id && lm.content !== null && lm.senderId && lm.createdAt
          ? { id: lm.id, content: lm.content, senderId: lm.senderId, createdAt: iso(lm.createdAt) }
          : null,
      unreadCount: unreadCount ?? 0,
      createdAt: iso(c.createdAt),
      updatedAt: iso(c.updatedAt),
      cursor,
    };
  });
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

/**
 * The conversation if the user takes part in it, with whether the other participant's account
 * was deleted: what sending needs, in one query (built once: every message sent runs it).
 */
export async function findConversationForSending(
  db: Db,
  conversationId: string,
  userId: string,
): Promise<(Conversation & { otherDeleted: boolean }) | undefined> {
  const statement = prepareOnce(db, 'conversation_for_sending', (d) => {
    const other = alias(users, 'other');
    const user = sql.placeholder('userId');
    return d
      .select({ conversation: conversations, otherDeletedAt: other.deletedAt })
      .from(conversations)
      .innerJoin(
        other,
        sql`${other.id} = case when ${conversations.participant1Id} = ${user} then ${conversations.participant2Id} else ${conversations.participant1Id} end`,
      )
      .where(
        and(
          eq(conversations.id, sql.placeholder('conversationId')),
          or(eq(conversations.participant1Id, user), eq(conversations.participant2Id, user)),
        ),
      )
      .limit(1)
      .prepare('conversation_for_sending');
  });
  const [row] = await statement.execute({ conversationId, userId });
  return row ? { ...row.conversation, otherDeleted: !!row.otherDeletedAt } : undefined;
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

/** What sending a message needs announced to other processes (Realtime.announcement). */
export interface MessageAnnouncement {
  channel: string;
  /** The notice as JSON; its `to` is filled in with the two participants by the statement. */
  payload: string;
}

type SentRow = {
  id: string;
  conversation_id: string;
  sender_id: string;
  content: string;
  is_read: boolean;
  created_at: string | Date;
  updated_at: string | Date;
  participant1_id: string;
  participant2_id: string;
};

/**
 * Sends a message in one statement (one round trip per message on the hot path): only
 * into a conversation the sender takes part in whose other participant still has an account, it
 * stores the message, moves the conversation's last-message time (the member rows follow by
 * trigger) and, when other processes exist, notifies them, all committed together. Built once,
 * with placeholders. Answers undefined when the conversation was not one the sender may write to
 * (the caller asks findConversationForSending why). clock_timestamp() rather than now(): messages
 * sent within one transaction keep their order.
 */
export async function sendMessage(
  db: Db,
  values: {
    /** Chosen by the caller, so the notice can name it before the statement runs. */
    messageId: string;
    conversationId: string;
    senderId: string;
    content: string;
    announce: MessageAnnouncement | null;
  },
): Promise<(Message & { participant1Id: string; participant2Id: string }) | undefined> {
  const statement = prepareRows<SentRow>(db, 'message_send', () => {
    const sender = sql.placeholder('senderId');
    const payload = sql.placeholder('payload');
    return sql`
      with conv as (
        select c.id, c.participant1_id, c.participant2_id
        from conversations c
        join users other on other.id = case when c.participant1_id = ${sender}::uuid then c.participant2_id else c.participant1_id end
        where c.id = ${sql.placeholder('conversationId')}::uuid
          and (c.participant1_id = ${sender}::uuid or c.participant2_id = ${sender}::uuid)
          and other.deleted_at is null
      ), inserted as (
        insert into messages (id, conversation_id, sender_id, content, is_read, created_at, updated_at)
        select ${sql.placeholder('messageId')}::uuid, conv.id, ${sender}::uuid, ${sql.placeholder('content')}::text, false,
               clock_timestamp(), clock_timestamp()
        from conv
        returning id, conversation_id, sender_id, content, is_read, created_at, updated_at
      ), moved as (
        update conversations c set last_message_at = inserted.created_at
        from inserted where c.id = inserted.conversation_id
        returning c.id
      ), notified as (
        select pg_notify(
          ${sql.placeholder('channel')}::text,
          jsonb_set(${payload}::jsonb, '{to}', jsonb_build_array(conv.participant1_id, conv.participant2_id))::text
        )
        from conv where ${payload}::text is not null
      )
      select inserted.*, conv.participant1_id, conv.participant2_id, (select count(*) from notified) as notified
      from inserted cross join conv
      where exists (select 1 from moved)`;
  });
  const [row] = await statement.execute({
    messageId: values.messageId,
    conversationId: values.conversationId,
    senderId: values.senderId,
    content: values.content,
    channel: values.announce?.channel ?? null,
    payload: values.announce?.payload ?? null,
  });
  if (!row) return undefined;
  return {
    id: row.id,
    conversationId: row.conversation_id,
    senderId: row.sender_id,
    content: row.content,
    isRead: row.is_read,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
    participant1Id: row.participant1_id,
    participant2Id: row.participant2_id,
  };
}

/**
 * Marks the other side's unread messages in the conversation read, up to and including
 * `upToId` when given (a message that arrived after the one the reader saw stays
 * unread). The member row's count follows in the same statement (trigger). Answers how many
 * changed, or null when `upToId` is not a message of this conversation.
 */
export async function markConversationRead(
  db: DbOrTx,
  conversationId: string,
  readerId: string,
  upToId?: string,
): Promise<number | null> {
  if (upToId) {
    const [target] = await db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.id, upToId), eq(messages.conversationId, conversationId)))
      .limit(1);
    if (!target) return null;
  }
  const upTo = upToId
    ? sql`(${messages.createdAt}, ${messages.id}) <= (select u.created_at, u.id from messages u where u.id = ${upToId})`
    : undefined;
  const rows = await db
    .update(messages)
    .set({ isRead: true })
    .where(
      and(
        eq(messages.conversationId, conversationId),
        ne(messages.senderId, readerId),
        eq(messages.isRead, false),
        upTo,
      ),
    )
    .returning({ id: messages.id });
  return rows.length;
}

/**
 * Unread messages addressed to the user across all their conversations: one row of user_unread,
 * which a trigger keeps in step with the member rows (migration 0026), however many
 * conversations the user has. Built once (every page polls the badge).
 */
export function countUnreadQuery(db: Db) {
  return prepareOnce(db, 'unread_count', (d) =>
    d
      .select({ count: userUnread.unreadCount })
      .from(userUnread)
      .where(eq(userUnread.userId, sql.placeholder('userId')))
      .prepare('unread_count'),
  );
}

export async function countUnread(db: Db, userId: string): Promise<number> {
  const [row] = await countUnreadQuery(db).execute({ userId });
  return Math.max(row?.count ?? 0, 0);
}
