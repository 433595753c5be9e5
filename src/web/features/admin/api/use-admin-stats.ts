/** GET /api/admin/stats: platform figures counted from the database. */
import { useQuery } from '@tanstack/react-query';
import type { AdminStats } from '../../../../core/schemas/admin';
import { apiJson } from '../../../lib/api';
import { ADMIN_STATS_KEY } from './admin-center-keys';

export function useAdminStats() {
  return useQuery({
    queryKey: ADMIN_STATS_KEY,
    queryFn: () => apiJson<AdminStats>('GET', ADMIN_STATS_KEY[0]),
    staleTime: 0,
  });
}
