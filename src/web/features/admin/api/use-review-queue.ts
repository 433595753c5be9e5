/**
 * The admin review queue (the one review section): cards and listings waiting, paged
 * apart, and the decisions taken from it — approve, reject with a reason, the licence check.
 */
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { ReviewQueue } from '../../../../core/schemas/admin';
import { ApiError, apiJson, queryClient, toQueryString } from '../../../lib/api';
import { PENDING_APPROVALS_KEY } from '../../../lib/query-keys';
import { ADMIN_STATS_KEY, AUDIT_LOG_KEY } from './admin-center-keys';

export const REVIEW_PAGE_SIZE = 10;

export function useReviewQueue(page: { cardsOffset: number; propertiesOffset: number }) {
  return useQuery({
    queryKey: [...PENDING_APPROVALS_KEY, page],
    queryFn: () =>
      apiJson<ReviewQueue>('GET', `${PENDING_APPROVALS_KEY[0]}${toQueryString({ limit: REVIEW_PAGE_SIZE, ...page })}`),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

/** `version`: the one the admin reviewed; the server answers 409 when the content changed since. */
export type ReviewDecision = { kind: 'card' | 'property'; id: string; version: number } & (
  | { approve: true; isPublic?: boolean }
  | { approve: false; reason: string }
);

/** Everything a decision changes: the queue, the statistics, the audit log and the public lists. */
const refresh = () =>
  Promise.all([
    ...[PENDING_APPROVALS_KEY, ADMIN_STATS_KEY, AUDIT_LOG_KEY].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
    queryClient.invalidateQueries({
      predicate: (q) => /^\/api\/(properties|business-cards)/.test(String(q.queryKey[0])),
    }),
  ]);

export function useReviewDecision() {
  return useMutation({
    mutationFn: (d: ReviewDecision) => {
      const id = encodeURIComponent(d.id);
      const { version } = d;
      if (d.kind === 'card') {
        return apiJson(
          'PATCH',
          `/api/admin/business-cards/${id}/status`,
          d.approve
            ? { status: 'approved', version, ...(d.isPublic === undefined ? {} : { isPublic: d.isPublic }) }
            : { status: 'rejected', version, reason: d.reason },
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

/** Marks a card's RERA / practice-card numbers as checked. */
export function useLicenseCheck() {
  return useMutation({
    mutationFn: ({ id, verified }: { id: string; verified: boolean }) =>
      apiJson('PATCH', `/api/admin/business-cards/${encodeURIComponent(id)}/license`, { verified }),
    onSuccess: refresh,
  });
}
