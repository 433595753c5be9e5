/** Seat billing: GET /api/brokerages/{id}/seats, checkout, and the test provider's confirmation. */
import { useMutation, useQuery } from '@tanstack/react-query';
import type { SeatIntent, SeatOverview, SeatTestConfirmInput } from '../../../../core/schemas/team';
import { apiJson, queryClient } from '../../../lib/api';
import { AUTH_USER_KEY } from '../../../lib/use-auth';
import { seatsKey } from './keys';

/** `pollMs` while Stripe's webhook is on its way after a card payment. */
export function useSeats(brokerageId: string, pollMs: number | false = false) {
  return useQuery({
    queryKey: seatsKey(brokerageId),
    queryFn: () => apiJson<SeatOverview>('GET', seatsKey(brokerageId)[0]),
    staleTime: 0,
    refetchInterval: pollMs,
  });
}

export function useSeatCheckout(brokerageId: string) {
  return useMutation({
    mutationFn: (userIds: string[]) =>
      apiJson<SeatIntent>('POST', `/api/brokerages/${brokerageId}/seats/checkout`, { userIds }),
  });
}

export function useConfirmSeatPayment(brokerageId: string) {
  return useMutation({
    mutationFn: (input: SeatTestConfirmInput) =>
      apiJson<{ status: 'succeeded'; seats: number; periodEnd: string }>(
        'POST',
        `/api/brokerages/${brokerageId}/seats/test-confirm`,
        input,
      ),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: seatsKey(brokerageId) }),
        // The owner may have paid their own seat.
        queryClient.invalidateQueries({ queryKey: AUTH_USER_KEY }),
      ]),
  });
}
