/** SQL of conversations and messages (issue 5). Every function takes a database or a transaction. */
import { and, desc, eq, gt, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { BuildAliasTable } from 'drizzle-orm/pg-core/query-builders/select.types';
import type { ConversationView, MessageView, Participant } from '../../../core/schemas/messaging';
import type { DbOrTx } from '../../db/client';
import { type Conversation, conversationMembers, conversations, type Message, messages, users } from '../../db/schema';

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
 * The caller's conversations in list order, from their member rows (issue 13): the index
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
 * was deleted: what sending needs, in one query.
 */
export async function findConversationForSending(
  db: DbOrTx,
  conversationId: string,
  userId: string,
): Promise<(Conversation & { otherDeleted: boolean }) | undefined> {
  const other = alias(users, 'other');
  const [row] = await db
    .select({ conversation: conversations, otherDeletedAt: other.deletedAt })
    .from(conversations)
    .innerJoin(
      other,
      sql`${other.id} = case when ${conversations.participant1Id} = ${userId} then ${conversations.participant2Id} else ${conversations.participant1Id} end`,
    )
    .where(and(eq(conversations.id, conversationId), isParticipant(userId)))
    .limit(1);
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

/**
 * Stores a message and moves the conversation's last-message time, in one statement (issue 13:
 * no BEGIN/COMMIT round trips on the hot path; the member rows follow by trigger in the same
 * statement). clock_timestamp() rather than now(): messages of one transaction (the demo seed)
 * keep their order.
 */
export async function insertMessage(
  db: DbOrTx,
  values: { conversationId: string; senderId: string; content: string; createdAt?: Date; isRead?: boolean },
): Promise<Message> {
  const inserted = db.$with('inserted').as(
    db
      .insert(messages)
      .values({
        conversationId: values.conversationId,
        senderId: values.senderId,
        content: values.content,
        isRead: values.isRead ?? false,
        createdAt: values.createdAt ?? sql`clock_timestamp()`,
        updatedAt: values.createdAt ?? sql`clock_timestamp()`,
      })
      .returning(),
  );
  const moved = db.$with('moved').as(
    db
      .update(conversations)
      .set({ lastMessageAt: sql`(select ${inserted.createdAt} from ${inserted})` })
      .where(eq(conversations.id, values.conversationId))
      .returning({ id: conversations.id }),
  );
  const [message] = await db.with(inserted, moved).select().from(inserted).where(sql`exists (select 1 from ${moved})`);
  if (!message) throw new Error('message insert returned nothing');
  return message;
}

/**
 * Marks the other side's unread messages in the conversation read, up to and including
 * `upToId` when given (issue 13: a message that arrived after the one the reader saw stays
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
 * Unread messages addressed to the user across all their conversations: a sum over the member
 * rows that have any (the partial conversation_members_unread_idx), not a scan of messages.
 */
export function countUnreadQuery(db: DbOrTx, userId: string) {
  const m = conversationMembers;
  return db
    .select({ count: sql<number>`coalesce(sum(${m.unreadCount}), 0)::int` })
    .from(m)
    .where(and(eq(m.userId, userId), gt(m.unreadCount, 0)));
}

export async function countUnread(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await countUnreadQuery(db, userId);
  return row?.count ?? 0;
}
