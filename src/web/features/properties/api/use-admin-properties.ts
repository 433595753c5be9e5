/** An admin's approve / reject of a listing from its page (approving sends no payload); the queue is features/admin's. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Property } from '../../../../core/schemas/properties';
import { ApiError, apiJson } from '../../../lib/api';
import { PENDING_APPROVALS_KEY } from '../../../lib/query-keys';
import { PROPERTIES_KEY } from '../../../lib/query-keys';

function useReview<T>(call: (v: T) => Promise<Property>) {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: PENDING_APPROVALS_KEY });
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
