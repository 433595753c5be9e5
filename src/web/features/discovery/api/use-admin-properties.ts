/** The admin's pending listings with Approve (spec §2 Admin: first 3; §7 approve without payload). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LIMITS } from '../../../../core/limits';
import type { Property } from '../../../../core/schemas/properties';
import { apiJson } from '../../../lib/api';
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
  return useMutation({
    mutationFn: call,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: PENDING_PROPERTIES_KEY });
      void queryClient.invalidateQueries({ queryKey: [PROPERTIES_KEY] });
      void queryClient.invalidateQueries({ queryKey: ['/api/admin/pending-approvals'] });
    },
  });
}

export function useApproveProperty() {
  return useReview((id: string) => apiJson<Property>('PATCH', `/api/admin/properties/${id}/approve`));
}

export function useRejectProperty() {
  return useReview(({ id, reason }: { id: string; reason: string }) =>
    apiJson<Property>('PATCH', `/api/admin/properties/${id}/reject`, { reason }),
  );
}
