/** GET /api/search (smart search). */
import { useQuery } from '@tanstack/react-query';
import type { SearchFilterKey, SearchResponse } from '../../../../core/schemas/search';
import { apiJson, toQueryString } from '../../../lib/api';
import { SEARCH_KEY } from '../../../lib/query-keys';

/** `exact`: no relaxing when nothing matches. */
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
