/** GET /api/recommendations (investor matching), shown above the directory. */
import { useQuery } from '@tanstack/react-query';
import type { Recommendations } from '../../../../core/schemas/search';
import { apiJson } from '../../../lib/api';
import { RECOMMENDATIONS_KEY } from '../../../lib/query-keys';

export function useRecommendations(enabled: boolean) {
  return useQuery({
    queryKey: RECOMMENDATIONS_KEY,
    queryFn: () => apiJson<Recommendations>('GET', RECOMMENDATIONS_KEY[0]),
    enabled,
  });
}
