/** The services catalogue for the admin: every entry, hidden ones too; edit its text, hide it. */
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { Service, ServiceTextParsed } from '../../../../core/schemas/services';
import { apiJson, queryClient, toQueryString } from '../../../lib/api';
import { fetchPage } from '../../../lib/page';
import { SERVICES_KEY } from '../../../lib/query-keys';
import { ADMIN_SERVICES_KEY, AUDIT_LOG_KEY } from './admin-center-keys';

export const SERVICES_PAGE_SIZE = 10;

export function useAdminServices(params: { search: string; offset: number }) {
  return useQuery({
    queryKey: [...ADMIN_SERVICES_KEY, params],
    queryFn: () =>
      fetchPage<Service>(
        `${ADMIN_SERVICES_KEY[0]}${toQueryString({ search: params.search.trim(), limit: SERVICES_PAGE_SIZE, offset: params.offset })}`,
      ),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

const refresh = () =>
  Promise.all(
    [ADMIN_SERVICES_KEY, AUDIT_LOG_KEY, [SERVICES_KEY]].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );

export function useEditService() {
  return useMutation({
    mutationFn: ({ id, values }: { id: string; values: ServiceTextParsed }) =>
      apiJson<Service>('PATCH', `${ADMIN_SERVICES_KEY[0]}/${encodeURIComponent(id)}`, values),
    onSuccess: refresh,
  });
}

export function useHideService() {
  return useMutation({
    mutationFn: ({ id, hidden }: { id: string; hidden: boolean }) =>
      apiJson<Service>('PATCH', `${ADMIN_SERVICES_KEY[0]}/${encodeURIComponent(id)}/hide`, { hidden }),
    onSuccess: refresh,
  });
}
