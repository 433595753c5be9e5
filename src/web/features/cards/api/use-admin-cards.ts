/** Admin review (spec §7): the pending queue, approve / reject with a reason, licence verification. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Card, CardStatusUpdate, PendingApprovals } from '../../../../core/schemas/card';
import { ApiError, apiJson } from '../../../lib/api';
import { cardKey, PENDING_APPROVALS_KEY } from './keys';

export function usePendingApprovals(enabled: boolean) {
  return useQuery({
    queryKey: PENDING_APPROVALS_KEY,
    queryFn: () => apiJson<PendingApprovals>('GET', '/api/admin/pending-approvals'),
    enabled,
    staleTime: 0,
  });
}

/** Approve or reject, naming the version reviewed; 409 CARD_CHANGED reloads the lists to show the current card. */
export function useCardStatus() {
  const queryClient = useQueryClient();
  const refreshAdmin = () =>
    queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith('/api/admin/') });
  return useMutation({
    mutationFn: ({ id, ...body }: CardStatusUpdate & { id: string }) =>
      apiJson<Card>('PATCH', `/api/admin/business-cards/${id}/status`, body),
    onSuccess: (card) => {
      queryClient.setQueryData(cardKey(card.id), card);
      // The admin page's other sections (review queue, statistics) change too.
      void refreshAdmin();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) void refreshAdmin();
    },
  });
}

export function useCardLicense() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, verified }: { id: string; verified: boolean }) =>
      apiJson<Card>('PATCH', `/api/admin/business-cards/${id}/license`, { verified }),
    onSuccess: (card) => {
      queryClient.setQueryData(cardKey(card.id), card);
      // The admin page's other sections (review queue, statistics) change too.
      void queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith('/api/admin/') });
    },
  });
}
