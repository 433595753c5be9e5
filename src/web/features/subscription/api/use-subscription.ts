/** GET /api/subscription: status, period end and which payment provider the server uses. */
import { useQuery } from '@tanstack/react-query';
import type { SubscriptionInfo } from '../../../../core/schemas/subscription';
import { apiJson } from '../../../lib/api';
import { SUBSCRIPTION_KEY } from './keys';

export function useSubscription(enabled: boolean, pollMs: number | false = false) {
  return useQuery({
    queryKey: SUBSCRIPTION_KEY,
    queryFn: () => apiJson<SubscriptionInfo>('GET', SUBSCRIPTION_KEY[0]),
    enabled,
    staleTime: 0,
    refetchInterval: pollMs,
  });
}
