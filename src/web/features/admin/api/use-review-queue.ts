/** The full review queue and the decisions taken from it (cards and listings). */
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { ReviewQueue } from '../../../../core/schemas/admin';
import { ApiError, apiJson, queryClient, toQueryString } from '../../../lib/api';
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

/** `version`: the one the admin reviewed; the server answers 409 when the content changed since. */
export type ReviewDecision = { kind: 'card' | 'property'; id: string; version: number } & (
  | { approve: true }
  | { approve: false; reason: string }
);

const refresh = () =>
  Promise.all(
    [REVIEW_QUEUE_KEY, ADMIN_STATS_KEY, AUDIT_LOG_KEY, PENDING_APPROVALS_KEY].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );

export function useReviewDecision() {
  return useMutation({
    mutationFn: (d: ReviewDecision) => {
      const id = encodeURIComponent(d.id);
      const { version } = d;
      if (d.kind === 'card') {
        return apiJson(
          'PATCH',
          `/api/admin/business-cards/${id}/status`,
          d.approve ? { status: 'approved', version } : { status: 'rejected', version, reason: d.reason },
        );
      }
      return d.approve
        ? apiJson('PATCH', `/api/admin/properties/${id}/approve`, { version })
        : apiJson('PATCH', `/api/admin/properties/${id}/reject`, { version, reason: d.reason });
    },
    onSuccess: refresh,
    // 409: the owner changed it since the admin looked; reload so they review what is there now.
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) void refresh();
    },
  });
}
