/**
 * GET /api/conversations/{id}/messages, newest page first: each page holds up to
 * MESSAGING_PAGE.messagesDefault messages oldest first, and "Load earlier messages" asks for the
 * page before the oldest one held (the server's `before` cursor).
 */
import { type InfiniteData, useInfiniteQuery } from '@tanstack/react-query';
import { MESSAGING_PAGE } from '../../../../core/messaging-limits';
import type { MessageView } from '../../../../core/schemas/messaging';
import { apiJson, toQueryString } from '../../../lib/api';
import { messagesKey } from '../../../lib/conversation-keys';

export type MessagePages = InfiniteData<MessageView[], string | null>;

export function useMessages(conversationId: string | null) {
  return useInfiniteQuery<MessageView[], Error, MessagePages, ReturnType<typeof messagesKey>, string | null>({
    queryKey: messagesKey(conversationId ?? ''),
    queryFn: ({ pageParam }) =>
      apiJson<MessageView[]>(
        'GET',
        `/api/conversations/${conversationId}/messages${toQueryString({ before: pageParam, limit: MESSAGING_PAGE.messagesDefault })}`,
      ),
    initialPageParam: null,
    getNextPageParam: (page) => (page.length < MESSAGING_PAGE.messagesDefault ? undefined : page[0]?.id),
    enabled: !!conversationId,
  });
}

/** All loaded messages, oldest first. */
export function flattenPages(data: MessagePages | undefined): MessageView[] {
  if (!data) return [];
  return [...data.pages].reverse().flat();
}

/** Adds a message to the newest page unless it is already there (socket and response may both bring it). */
export function withMessage(data: MessagePages | undefined, message: MessageView): MessagePages | undefined {
  if (!data) return data;
  if (data.pages.some((p) => p.some((m) => m.id === message.id))) return data;
  const [newest = [], ...rest] = data.pages;
  return { ...data, pages: [[...newest, message], ...rest] };
}
