/** Users for the admin: search, paging, and suspension. */
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { UserRole } from '../../../../core/enums';
import type { AdminUser, AdminUserList } from '../../../../core/schemas/admin';
import { apiJson, queryClient, toQueryString } from '../../../lib/api';
import { ADMIN_STATS_KEY, ADMIN_USERS_KEY, AUDIT_LOG_KEY } from './admin-center-keys';

export const USERS_PAGE_SIZE = 20;

export function useAdminUsers(params: { search: string; role?: UserRole; offset: number }) {
  return useQuery({
    queryKey: [...ADMIN_USERS_KEY, params],
    queryFn: () =>
      apiJson<AdminUserList>(
        'GET',
        `${ADMIN_USERS_KEY[0]}${toQueryString({ search: params.search.trim(), role: params.role, limit: USERS_PAGE_SIZE, offset: params.offset })}`,
      ),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

export function useSuspendUser() {
  return useMutation({
    mutationFn: ({ id, suspended }: { id: string; suspended: boolean }) =>
      apiJson<AdminUser>('PATCH', `/api/admin/users/${encodeURIComponent(id)}/suspend`, { suspended }),
    onSuccess: () =>
      Promise.all(
        [ADMIN_USERS_KEY, AUDIT_LOG_KEY, ADMIN_STATS_KEY].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
