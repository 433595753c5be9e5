/** GET /api/profile/overview: real figures for the profile's Overview tab. */
import { useQuery } from '@tanstack/react-query';
import type { ProfileOverview } from '../../../../core/schemas/account';
import { apiJson } from '../../../lib/api';
import { OVERVIEW_KEY } from './keys';

export function useOverview() {
  return useQuery({
    queryKey: OVERVIEW_KEY,
    queryFn: () => apiJson<ProfileOverview>('GET', OVERVIEW_KEY[0]),
    staleTime: 0,
  });
}
