/** The full review queue and the decisions taken from it (cards and listings). */
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { ReviewQueue } from '../../../../core/schemas/admin';
import { apiJson, queryClient, toQueryString } from '../../../lib/api';
import { ADMIN_STATS_KEY, AUDIT_LOG_KEY, PENDING_APPROVALS_KEY, REVIEW_QUEUE_KEY } from './admin-center-keys';

export const REVIEW_PAGE_SIZE = 10;

export function useReviewQueue(page: { cardsOffset: number; propertiesOffset: number }) {
  return useQuery({
    queryKey: [...REVIEW_QUEUE_KEY, page],
    queryFn: () =>
      apiJson<ReviewQueue>('GET', `${REVIEW_QUEUE_KEY[0]}${toQueryString({ limit: REVIEW_PAGE_SIZE, ...page })}`),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

export type ReviewDecision =
  | { kind: 'card'; id: string; approve: true }
  | { kind: 'card'; id: string; approve: false; reason: string }
  | { kind: 'property'; id: string; approve: true }
  | { kind: 'property'; id: string; approve: false; reason: string };

export function useReviewDecision() {
  return useMutation({
    mutationFn: (d: ReviewDecision) => {
      const id = encodeURIComponent(d.id);
      if (d.kind === 'card') {
        return apiJson(
          'PATCH',
          `/api/admin/business-cards/${id}/status`,
          d.approve ? { status: 'approved' } : { status: 'rejected', reason: d.reason },
        );
      }
      return d.approve
        ? apiJson('PATCH', `/api/admin/properties/${id}/approve`)
        : apiJson('PATCH', `/api/admin/properties/${id}/reject`, { reason: d.reason });
    },
    onSuccess: () =>
      Promise.all(
        [REVIEW_QUEUE_KEY, ADMIN_STATS_KEY, AUDIT_LOG_KEY, PENDING_APPROVALS_KEY].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
