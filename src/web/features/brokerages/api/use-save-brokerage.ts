/** POST /api/brokerages (create, the caller becomes owner) and PATCH /api/brokerages/{id} (settings). */
import { useMutation } from '@tanstack/react-query';
import type { BrokerageInput, BrokerageView, MyBrokerage } from '../../../../core/schemas/brokerages';
import { apiJson, queryClient } from '../../../lib/api';
import { MY_BROKERAGE_KEY } from './keys';

export function useCreateBrokerage() {
  return useMutation({
    mutationFn: (input: BrokerageInput) => apiJson<MyBrokerage>('POST', '/api/brokerages', input),
    onSuccess: (mine) => queryClient.setQueryData(MY_BROKERAGE_KEY, mine),
  });
}

export function useUpdateBrokerage(id: string) {
  return useMutation({
    mutationFn: (input: Partial<BrokerageInput>) =>
      apiJson<BrokerageView>('PATCH', `/api/brokerages/${encodeURIComponent(id)}`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MY_BROKERAGE_KEY }),
  });
}
