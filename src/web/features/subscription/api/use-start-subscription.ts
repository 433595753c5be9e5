/** POST /api/get-or-create-subscription: the client secret the payment form confirms. */
import { useMutation } from '@tanstack/react-query';
import type { SubscriptionIntent } from '../../../../core/schemas/subscription';
import { apiJson } from '../../../lib/api';

export function useStartSubscription() {
  return useMutation({
    mutationFn: () => apiJson<SubscriptionIntent>('POST', '/api/get-or-create-subscription'),
  });
}
