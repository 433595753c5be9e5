/** POST /api/conversations/{id}/read: the other side's messages are read once the thread is open. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api';
import { CONVERSATIONS_KEY, UNREAD_COUNT_KEY } from './keys';

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (conversationId: string) =>
      apiJson<{ marked: number }>('POST', `/api/conversations/${conversationId}/read`),
    onSuccess: ({ marked }) => {
      if (!marked) return;
      void queryClient.invalidateQueries({ queryKey: UNREAD_COUNT_KEY });
      void queryClient.invalidateQueries({ queryKey: CONVERSATIONS_KEY, exact: true });
    },
  });
}
