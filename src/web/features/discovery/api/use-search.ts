/** GET /api/search (smart search) and GET /api/recommendations (investor matching). */
import { useQuery } from '@tanstack/react-query';
import type { Recommendations, SearchFilterKey, SearchResponse } from '../../../../core/schemas/search';
import { apiJson, toQueryString } from '../../../lib/api';
import { RECOMMENDATIONS_KEY, SEARCH_KEY } from './keys';

export function useSmartSearch(q: string, without: SearchFilterKey[]) {
  return useQuery({
    queryKey: [SEARCH_KEY, { q, without }],
    queryFn: () => apiJson<SearchResponse>('GET', `${SEARCH_KEY}${toQueryString({ q, without: without.join(',') })}`),
    enabled: q.trim().length > 0,
  });
}

export function useRecommendations(enabled: boolean) {
  return useQuery({
    queryKey: RECOMMENDATIONS_KEY,
    queryFn: () => apiJson<Recommendations>('GET', RECOMMENDATIONS_KEY[0]),
    enabled,
  });
}
