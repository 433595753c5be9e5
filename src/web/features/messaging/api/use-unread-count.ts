/** GET /api/messages/unread-count: messages addressed to the user that they have not read. */
import { useQuery } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api';
import { UNREAD_COUNT_KEY } from '../../../lib/conversation-keys';

export function useUnreadCountQuery(enabled: boolean) {
  return useQuery({
    queryKey: UNREAD_COUNT_KEY,
    queryFn: () => apiJson<{ count: number }>('GET', UNREAD_COUNT_KEY[0]),
    enabled,
  });
}
