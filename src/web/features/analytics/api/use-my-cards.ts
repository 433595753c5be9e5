/** GET /api/business-cards/my, read for the card picker of the analytics (names and status only). */
import { useQuery } from '@tanstack/react-query';
import type { Card } from '../../../../core/schemas/card';
import { apiJson } from '../../../lib/api';

export function useMyCardNames() {
  return useQuery({
    queryKey: ['/api/business-cards/my'],
    queryFn: () => apiJson<Card[]>('GET', '/api/business-cards/my'),
    select: (cards) => cards.map((c) => ({ id: c.id, name: c.name, status: c.status })),
  });
}
