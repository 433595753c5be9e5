/** Admin: every brokerage (unverified first) and the ORN check. */
import { useMutation, useQuery } from '@tanstack/react-query';
import type { AdminBrokerage, BrokerageView } from '../../../../core/schemas/brokerages';
import { apiJson, queryClient } from '../../../lib/api';

export const ADMIN_BROKERAGES_KEY = ['/api/admin/brokerages'] as const;

export function useAdminBrokerages() {
  return useQuery({
    queryKey: ADMIN_BROKERAGES_KEY,
    queryFn: () => apiJson<AdminBrokerage[]>('GET', `${ADMIN_BROKERAGES_KEY[0]}?limit=60`),
    staleTime: 0,
  });
}

export function useVerifyOrn() {
  return useMutation({
    mutationFn: ({ id, verified }: { id: string; verified: boolean }) =>
      apiJson<BrokerageView>('PATCH', `/api/admin/brokerages/${encodeURIComponent(id)}/orn`, { verified }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_BROKERAGES_KEY }),
  });
}
