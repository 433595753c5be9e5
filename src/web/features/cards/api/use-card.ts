/** One card: a 404 means Card Not Found; the owner and admins also see non-public cards. */
import { useQuery } from '@tanstack/react-query';
import type { Card } from '../../../../core/schemas/card';
import { apiJson } from '../../../lib/api';
import { cardKey } from './keys';

export function useCard(id: string | undefined) {
  return useQuery({
    queryKey: cardKey(id ?? ''),
    queryFn: () => apiJson<Card>('GET', `/api/business-cards/${encodeURIComponent(id ?? '')}`),
    enabled: !!id,
    // A card may have been approved since; reopening the page shows its current state.
    staleTime: 0,
  });
}
