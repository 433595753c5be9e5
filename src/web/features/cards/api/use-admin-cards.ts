/** Admin review (spec §7): the pending queue, approve / reject with a reason, licence verification. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Card, CardStatusUpdate, PendingApprovals } from '../../../../core/schemas/card';
import { apiJson } from '../../../lib/api';
import { cardKey, PENDING_APPROVALS_KEY } from './keys';

export function usePendingApprovals(enabled: boolean) {
  return useQuery({
    queryKey: PENDING_APPROVALS_KEY,
    queryFn: () => apiJson<PendingApprovals>('GET', '/api/admin/pending-approvals'),
    enabled,
    staleTime: 0,
  });
}

export function useCardStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: CardStatusUpdate & { id: string }) =>
      apiJson<Card>('PATCH', `/api/admin/business-cards/${id}/status`, body),
    onSuccess: (card) => {
      queryClient.setQueryData(cardKey(card.id), card);
      // The admin page's other sections (review queue, statistics) change too.
      void queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith('/api/admin/') });
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
