/** GET /api/analytics/cards/{id}?days=: one card's daily series, totals and the previous period. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AnalyticsPeriod } from '../../../../core/analytics';
import type { CardAnalytics } from '../../../../core/schemas/analytics';
import { apiJson } from '../../../lib/api';

export function useCardAnalytics(cardId: string | undefined, days: AnalyticsPeriod) {
  return useQuery({
    queryKey: ['/api/analytics/cards', cardId, days],
    queryFn: () =>
      apiJson<CardAnalytics>('GET', `/api/analytics/cards/${encodeURIComponent(cardId ?? '')}?days=${days}`),
    enabled: !!cardId,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}
