/** The admin's pending listings with Approve (spec §2 Admin: first 3; §7 approve without payload). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LIMITS } from '../../../../core/limits';
import type { Property } from '../../../../core/schemas/properties';
import { ApiError, apiJson } from '../../../lib/api';
import { PENDING_PROPERTIES_KEY, PROPERTIES_KEY } from './keys';

export function usePendingProperties(enabled = true) {
  return useQuery({
    queryKey: PENDING_PROPERTIES_KEY,
    queryFn: () =>
      apiJson<{ items: Property[]; total: number }>(
        'GET',
        `/api/admin/properties/pending?limit=${LIMITS.adminPendingProperties}`,
      ),
    enabled,
    staleTime: 0,
  });
}

function useReview<T>(call: (v: T) => Promise<Property>) {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: PENDING_PROPERTIES_KEY });
    void queryClient.invalidateQueries({ queryKey: [PROPERTIES_KEY] });
    void queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith('/api/admin/') });
  };
  return useMutation({
    mutationFn: call,
    onSuccess: refresh,
    // 409 PROPERTY_CHANGED: the listing changed since the admin saw it; show them the current one.
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) refresh();
    },
  });
}

/** `version`: the one the admin reviewed; the server answers 409 when the listing changed since. */
export type ListingDecision = { id: string; version?: number };

export function useApproveProperty() {
  return useReview(({ id, version }: ListingDecision) =>
    apiJson<Property>('PATCH', `/api/admin/properties/${encodeURIComponent(id)}/approve`, { version }),
  );
}

export function useRejectProperty() {
  return useReview(({ id, version, reason }: ListingDecision & { reason: string }) =>
    apiJson<Property>('PATCH', `/api/admin/properties/${encodeURIComponent(id)}/reject`, { reason, version }),
  );
}
