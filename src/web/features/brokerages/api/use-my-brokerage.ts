/** GET /api/brokerages/my: the signed-in user's brokerage and role, or null. */
import { useQuery } from '@tanstack/react-query';
import type { MyBrokerage } from '../../../../core/schemas/brokerages';
import { apiJson } from '../../../lib/api';
import { MY_BROKERAGE_KEY } from './keys';

export function useMyBrokerage(enabled = true) {
  return useQuery({
    queryKey: MY_BROKERAGE_KEY,
    queryFn: () => apiJson<MyBrokerage>('GET', MY_BROKERAGE_KEY[0]),
    enabled,
    staleTime: 0,
  });
}
