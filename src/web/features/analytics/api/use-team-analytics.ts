/** GET /api/brokerages/{id}/analytics?days=: the team's series, totals, members and leaderboard. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AnalyticsPeriod } from '../../../../core/analytics';
import type { TeamAnalytics } from '../../../../core/schemas/analytics';
import { apiJson } from '../../../lib/api';

export function useTeamAnalytics(brokerageId: string, days: AnalyticsPeriod) {
  return useQuery({
    queryKey: ['/api/brokerages', brokerageId, 'analytics', days],
    queryFn: () =>
      apiJson<TeamAnalytics>('GET', `/api/brokerages/${encodeURIComponent(brokerageId)}/analytics?days=${days}`),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}
