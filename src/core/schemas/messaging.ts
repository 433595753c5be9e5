/**
 * Messaging payloads: conversations, messages and the events of the messaging socket.
 * The composer validates with the same schema the server applies to POST /api/messages.
 */
import { z } from 'zod';
import { text } from './common';
import { USER_ROLES } from '../enums';
import { LIMITS } from '../limits';
import { MESSAGING_PAGE } from '../messaging-limits';

export { MESSAGING_PAGE, WS_CLOSE } from '../messaging-limits';

/** A position in the conversation list: the activity time in microseconds since 1970, and the id. */
const CONVERSATION_CURSOR = /^\d{1,19}_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const messageContentField = text({ error: 'Message cannot be empty' })
  .trim()
  .min(1, 'Message cannot be empty')
  .max(LIMITS.messageMax, `Message must be at most ${LIMITS.messageMax} characters`);

export const startConversationSchema = z.object({
  participantId: text({ error: 'participantId is required' }).uuid('Not a valid user id'),
});
export type StartConversationInput = z.infer<typeof startConversationSchema>;

export const sendMessageSchema = z.object({
  conversationId: text({ error: 'conversationId is required' }).uuid('Not a valid conversation id'),
  content: messageContentField,
});
export type SendMessageInput = z.infer<typeof sendMessageSchema>;

/** Older pages: `before` is the id of the oldest message the client already has. */
export const messagesQuerySchema = z.object({
  before: text().uuid('Not a valid message id').optional(),
  limit: z.coerce.number().int().min(1).max(MESSAGING_PAGE.messagesMax).default(MESSAGING_PAGE.messagesDefault),
});
export type MessagesQuery = z.infer<typeof messagesQuerySchema>;

export const conversationsQuerySchema = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(MESSAGING_PAGE.conversationsMax)
    .default(MESSAGING_PAGE.conversationsDefault),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  /**
   * Keyset paging: the `cursor` of the last conversation the client holds; the page
   * is the conversations after it. Without it the first page (or `offset`, kept for old clients).
   */
  after: text().regex(CONVERSATION_CURSOR, 'Not a valid cursor').optional(),
});
export type ConversationsQuery = z.infer<typeof conversationsQuerySchema>;

/** POST /api/conversations/{id}/read: read up to this message (the newest one shown), not later ones. */
export const markReadSchema = z.object({ upTo: text().uuid('Not a valid message id').optional() }).nullish();
export type MarkReadInput = z.infer<typeof markReadSchema>;

/** A participant or sender as views show it. A deleted account shows as "Deleted user". */
export const participantSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(USER_ROLES),
  profileImageUrl: z.string().nullable(),
  /** True when the account was deleted; the names then read "Deleted" "user". */
  isDeleted: z.boolean(),
});
export type Participant = z.infer<typeof participantSchema>;

export const messageSchema = z.object({
  id: z.string(),
  conversationId: z.string(),
  senderId: z.string(),
  content: z.string(),
  isRead: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  sender: participantSchema,
});
export type MessageView = z.infer<typeof messageSchema>;

export const conversationSchema = z.object({
  id: z.string(),
  participant1Id: z.string(),
  participant2Id: z.string(),
  participant1: participantSchema,
  participant2: participantSchema,
  /** Time of the last message; null until the first one is sent. */
  lastMessageAt: z.string().nullable(),
  lastMessage: z
    .object({ id: z.string(), content: z.string(), senderId: z.string(), createdAt: z.string() })
    .nullable(),
  /** Messages from the other participant that the caller has not read. */
  unreadCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** This conversation's place in the caller's list: pass it as `after` for the next page. */
  cursor: z.string(),
});
export type ConversationView = z.infer<typeof conversationSchema>;

export const unreadCountSchema = z.object({ count: z.number().int() });
export const markReadResultSchema = z.object({ marked: z.number().int() });

/** What a browser may send on /ws. */
export const clientSocketEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('authenticate'), userId: z.string() }),
]);
export type ClientSocketEvent = z.infer<typeof clientSocketEventSchema>;

/** What the server sends on /ws. */
export type ServerSocketEvent =
  | { type: 'authenticated'; userId: string }
  | { type: 'new_message'; conversationId: string; message: MessageView }
  /** Someone read messages of the conversation: unread counts changed. */
  | { type: 'messages_read'; conversationId: string; readerId: string }
  /** The server may have missed events (its cross-process listener reconnected): refetch. */
  | { type: 'resync' }
  | { type: 'error'; code: string; message: string };
