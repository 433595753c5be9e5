/**
 * GET /api/conversations/{id}: one conversation wherever it sits in the caller's list,
 * so ?conversation={id} opens it even when it is not on the pages loaded so far.
 */
import { useQuery } from '@tanstack/react-query';
import type { ConversationView } from '../../../../core/schemas/messaging';
import { apiJson } from '../../../lib/api';
import { conversationKey } from '../../../lib/conversation-keys';

export const fetchConversation = (id: string) => apiJson<ConversationView>('GET', `/api/conversations/${id}`);

export function useConversation(id: string | null, enabled: boolean) {
  return useQuery({
    queryKey: conversationKey(id ?? ''),
    queryFn: () => fetchConversation(id ?? ''),
    enabled: enabled && !!id,
    retry: false,
  });
}
