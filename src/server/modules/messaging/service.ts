/**
 * Messaging rules: only the two participants read or write a conversation,
 * one conversation per pair, and every new message or read receipt goes out on the live socket.
 */
import crypto from 'node:crypto';
import type {
  ConversationsQuery,
  ConversationView,
  MessagesQuery,
  MessageView,
  SendMessageInput,
  ServerSocketEvent,
} from '../../../core/schemas/messaging';
import type { AppContext } from '../../context';
import type { User } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../errors';
import type { Notice } from '../../platform/realtime/bus';
import type { Realtime } from '../../platform/realtime/realtime';
import * as repo from './repository';

const conversationNotFound = () => notFound('Conversation not found', 'CONVERSATION_NOT_FOUND');

export function createMessagingService(ctx: AppContext, realtime: Realtime) {
  const { db } = ctx;

  // How another process turns a notice into the socket event (it holds ids only).
  realtime.register('new_message', async (notice: Notice) => {
    const message = await repo.findMessageView(db, notice.ref.messageId);
    if (!message) return null;
    return { type: 'new_message', conversationId: message.conversationId, message } satisfies ServerSocketEvent;
  });
  realtime.register(
    'messages_read',
    async (notice: Notice) =>
      ({
        type: 'messages_read',
        conversationId: notice.ref.conversationId,
        readerId: notice.ref.readerId,
      }) satisfies ServerSocketEvent,
  );

  async function participantConversation(user: User, conversationId: string) {
    const conversation = await repo.findConversationOf(db, conversationId, user.id);
    if (!conversation) throw conversationNotFound();
    return conversation;
  }

  async function view(user: User, conversationId: string): Promise<ConversationView> {
    const [row] = await repo.listConversations(db, user.id, { id: conversationId, limit: 1 });
    if (!row) throw conversationNotFound();
    return row;
  }

  return {
    list(user: User, page: ConversationsQuery): Promise<ConversationView[]> {
      return repo.listConversations(db, user.id, page);
    },

    /** One conversation of the caller's, wherever it sits in their list; anyone else gets 404. */
    get(user: User, conversationId: string): Promise<ConversationView> {
      return view(user, conversationId);
    },

    /**
     * The pair's conversation, created if there is none. A concurrent start for the same pair
     * hits conversations_pair_idx, inserts nothing, and answers the winner's row.
     */
    async start(user: User, participantId: string): Promise<{ conversation: ConversationView; created: boolean }> {
      if (participantId === user.id) {
        throw badRequest('You cannot start a conversation with yourself.', 'SELF_CONVERSATION');
      }
      const other = await repo.findParticipant(db, participantId);
      if (!other || other.deletedAt) throw notFound('User not found', 'USER_NOT_FOUND');
      let row = await repo.findConversationByPair(db, user.id, participantId);
      let created = false;
      if (!row) {
        row = await repo.insertConversationIfAbsent(db, user.id, participantId);
        created = !!row;
        row ??= await repo.findConversationByPair(db, user.id, participantId);
      }
      if (!row) throw new Error('conversation vanished after insert');
      return { conversation: await view(user, row.id), created };
    },

    async messages(user: User, conversationId: string, page: MessagesQuery): Promise<MessageView[]> {
      await participantConversation(user, conversationId);
      return repo.listMessages(db, conversationId, page);
    },

    async send(user: User, input: SendMessageInput): Promise<MessageView> {
      // One statement stores the message and notifies the other processes; the
      // recipients are filled in by the statement, which is the one that knows them.
      const messageId = crypto.randomUUID();
      const ref = { conversationId: input.conversationId, messageId };
      const message = await repo.sendMessage(db, {
        messageId,
        conversationId: input.conversationId,
        senderId: user.id,
        content: input.content,
        announce: realtime.announcement({ kind: 'new_message', to: [], ref }),
      });
      if (!message) {
        // Not sent: say why (no such conversation for this user, or the other account is gone).
        const conversation = await repo.findConversationForSending(db, input.conversationId, user.id);
        if (conversation?.otherDeleted) {
          throw conflict('This user has deleted their account and cannot receive messages.', 'PARTICIPANT_DELETED');
        }
        throw conversationNotFound();
      }
      const view = repo.toMessageView(message, user);
      await realtime.deliver({ kind: 'new_message', to: [message.participant1Id, message.participant2Id], ref }, {
        type: 'new_message',
        conversationId: message.conversationId,
        message: view,
      } satisfies ServerSocketEvent);
      return view;
    },

    /**
     * Marks the other side's messages read, up to `upTo` when given (the newest message the
     * reader was shown); the reader's other tabs and the sender hear of it.
     */
    async markRead(user: User, conversationId: string, upTo?: string): Promise<number> {
      const conversation = await participantConversation(user, conversationId);
      const marked = await repo.markConversationRead(db, conversationId, user.id, upTo);
      if (marked === null) {
        throw badRequest('This message is not part of the conversation.', 'VALIDATION_FAILED', {
          errors: { upTo: 'This message is not part of the conversation.' },
        });
      }
      if (marked > 0) {
        await realtime.publish({
          kind: 'messages_read',
          to: [conversation.participant1Id, conversation.participant2Id],
          ref: { conversationId, readerId: user.id },
        });
      }
      return marked;
    },

    unreadCount(user: User): Promise<number> {
      return repo.countUnread(db, user.id);
    },
  };
}
