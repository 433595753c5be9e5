/** The signed-in user's own cards, newest first, with status, review notes and analytics. */
import { useQuery } from '@tanstack/react-query';
import { LIMITS } from '../../../../core/limits';
import type { Card } from '../../../../core/schemas/card';
import { apiJson } from '../../../lib/api';
import { MY_CARDS_KEY } from './keys';

export function useMyCards(enabled = true) {
  return useQuery({
    queryKey: MY_CARDS_KEY,
    queryFn: () => apiJson<Card[]>('GET', `/api/business-cards/my?limit=${LIMITS.pageSizeMax}`),
    enabled,
    staleTime: 0,
  });
}
