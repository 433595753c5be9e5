/**
 * Keeps the cached conversation list and unread badge in step with live events and the user's
 * own actions: one conversation is patched or fetched by id, never the whole list.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { ConversationView, MessageView } from '../../../../core/schemas/messaging';
import { conversationKey, CONVERSATIONS_KEY, UNREAD_COUNT_KEY } from '../../../lib/conversation-keys';
import { fetchConversation } from './use-conversation';
import { type ConversationPages, withConversationFirst } from '../../../lib/conversation-list';

function find(data: ConversationPages | undefined, id: string): ConversationView | undefined {
  return data?.pages.flat().find((c) => c.id === id);
}

function replace(data: ConversationPages | undefined, conversation: ConversationView): ConversationPages | undefined {
  if (!data) return data;
  return { ...data, pages: data.pages.map((p) => p.map((c) => (c.id === conversation.id ? conversation : c))) };
}

/** A message was sent or received: its conversation moves to the top with the new preview. */
export function applyNewMessage(queryClient: QueryClient, message: MessageView, meId: string): void {
  const fromOther = message.senderId !== meId;
  if (fromOther) {
    queryClient.setQueryData<{ count: number }>(UNREAD_COUNT_KEY, (d) => (d ? { count: d.count + 1 } : d));
  }
  const list = queryClient.getQueryData<ConversationPages>(CONVERSATIONS_KEY);
  const known = find(list, message.conversationId) ?? queryClient.getQueryData(conversationKey(message.conversationId));
  if (!known) {
    // Not loaded (a new conversation, or one far down the list): one small request by id.
    if (list) void refreshConversation(queryClient, message.conversationId, { first: true });
    return;
  }
  const updated: ConversationView = {
    ...known,
    lastMessageAt: message.createdAt,
    lastMessage: {
      id: message.id,
      content: message.content,
      senderId: message.senderId,
      createdAt: message.createdAt,
    },
    unreadCount: known.unreadCount + (fromOther ? 1 : 0),
  };
  queryClient.setQueryData<ConversationPages>(CONVERSATIONS_KEY, (d) => withConversationFirst(d, updated));
  queryClient.setQueryData(conversationKey(message.conversationId), (d: ConversationView | undefined) =>
    d ? updated : d,
  );
}

/** The caller read `marked` messages of the conversation (this tab's request succeeded). */
export function applyOwnRead(queryClient: QueryClient, conversationId: string, marked: number): void {
  if (!marked) return;
  queryClient.setQueryData<{ count: number }>(UNREAD_COUNT_KEY, (d) =>
    d ? { count: Math.max(0, d.count - marked) } : d,
  );
  const patch = (c: ConversationView) => ({ ...c, unreadCount: Math.max(0, c.unreadCount - marked) });
  queryClient.setQueryData<ConversationPages>(CONVERSATIONS_KEY, (d) =>
    d ? { ...d, pages: d.pages.map((p) => p.map((c) => (c.id === conversationId ? patch(c) : c))) } : d,
  );
  queryClient.setQueryData(conversationKey(conversationId), (d: ConversationView | undefined) => (d ? patch(d) : d));
}

/**
 * Loads one conversation by id into the caches (after a read in another tab, or a message in a
 * conversation not loaded yet). `first`: put it at the top of the list when it was not there.
 */
export async function refreshConversation(
  queryClient: QueryClient,
  conversationId: string,
  opts: { first?: boolean } = {},
): Promise<void> {
  let fresh: ConversationView;
  try {
    fresh = await fetchConversation(conversationId);
  } catch {
    return;
  }
  queryClient.setQueryData(conversationKey(conversationId), fresh);
  queryClient.setQueryData<ConversationPages>(CONVERSATIONS_KEY, (d) =>
    find(d, conversationId) ? replace(d, fresh) : opts.first ? withConversationFirst(d, fresh) : d,
  );
}
