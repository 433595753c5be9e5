/**
 * GET /api/conversations: the caller's conversations, most recent first, a page at a
 * time: each next page starts after the `cursor` of the last conversation held.
 * Live events patch these pages in place (see conversation-cache.ts) instead of refetching.
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import type { ConversationPages } from '../../../lib/conversation-list';
import { MESSAGING_PAGE } from '../../../../core/messaging-limits';
import type { ConversationView } from '../../../../core/schemas/messaging';
import { apiJson, toQueryString } from '../../../lib/api';
import { CONVERSATIONS_KEY } from '../../../lib/conversation-keys';

export function useConversations(enabled: boolean) {
  return useInfiniteQuery<ConversationView[], Error, ConversationPages, typeof CONVERSATIONS_KEY, string | null>({
    queryKey: CONVERSATIONS_KEY,
    queryFn: ({ pageParam }) =>
      apiJson<ConversationView[]>(
        'GET',
        `${CONVERSATIONS_KEY[0]}${toQueryString({ after: pageParam, limit: MESSAGING_PAGE.conversationsDefault })}`,
      ),
    initialPageParam: null,
    getNextPageParam: (page) =>
      page.length < MESSAGING_PAGE.conversationsDefault ? undefined : (page[page.length - 1]?.cursor ?? undefined),
    enabled,
  });
}
