/** GET /api/conversations: the caller's conversations, most recent first (spec §7). */
import { useQuery } from '@tanstack/react-query';
import type { ConversationView } from '../../../../core/schemas/messaging';
import { apiJson } from '../../../lib/api';
import { CONVERSATIONS_KEY } from './keys';

export function useConversations(enabled: boolean) {
  return useQuery({
    queryKey: CONVERSATIONS_KEY,
    queryFn: () => apiJson<ConversationView[]>('GET', CONVERSATIONS_KEY[0]),
    enabled,
  });
}
