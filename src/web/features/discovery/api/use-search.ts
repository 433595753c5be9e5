/** GET /api/search (smart search) and GET /api/recommendations (investor matching). */
import { useQuery } from '@tanstack/react-query';
import type { Recommendations, SearchFilterKey, SearchResponse } from '../../../../core/schemas/search';
import { apiJson, toQueryString } from '../../../lib/api';
import { RECOMMENDATIONS_KEY, SEARCH_KEY } from './keys';

/** `exact`: no relaxing when nothing matches (issue 17). */
export function useSmartSearch(q: string, without: SearchFilterKey[], exact = false) {
  return useQuery({
    queryKey: [SEARCH_KEY, { q, without, exact }],
    queryFn: () =>
      apiJson<SearchResponse>(
        'GET',
        `${SEARCH_KEY}${toQueryString({ q, without: without.join(','), exact: exact ? '1' : undefined })}`,
      ),
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
