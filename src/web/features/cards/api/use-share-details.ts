/** POST /api/business-cards/{id}/exchange: a visitor shares their details back. */
import { useMutation, useQuery } from '@tanstack/react-query';
import type { Card } from '../../../../core/schemas/card';
import type { ExchangeCreateInput } from '../../../../core/schemas/exchange';
import { ApiError, apiJson } from '../../../lib/api';

export function useShareDetails(cardId: string) {
  return useMutation({
    mutationFn: (input: ExchangeCreateInput) =>
      apiJson<{ message: string }>('POST', `/api/business-cards/${encodeURIComponent(cardId)}/exchange`, input),
  });
}

/**
 * The signed-in visitor's newest approved, public card for the one-tap share, or null when signed
 * out or without one. A signed-out visitor's 401 is an answer here, not an error.
 */
export function useMyShareableCard(enabled: boolean) {
  return useQuery({
    queryKey: ['/api/business-cards/my', 'shareable'],
    queryFn: async (): Promise<Card | null> => {
      try {
        const cards = await apiJson<Card[]>('GET', '/api/business-cards/my');
        return cards.find((c) => c.status === 'approved' && c.isPublic) ?? null;
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return null;
        throw error;
      }
    },
    enabled,
    retry: false,
  });
}
