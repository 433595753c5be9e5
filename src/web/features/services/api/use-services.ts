/** The services catalogue and "become a provider". */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Service, ServiceInputParsed, ServiceQuery } from '../../../../core/schemas/services';
import { apiJson, toQueryString } from '../../../lib/api';
import { SERVICES_KEY } from '../../../lib/query-keys';
import { fetchPage } from '../../../lib/page';

export type ServiceParams = Partial<Omit<ServiceQuery, 'limit' | 'offset'>>;

export function useServices(params: ServiceParams) {
  return useQuery({
    queryKey: [SERVICES_KEY, params],
    queryFn: () => fetchPage<Service>(`${SERVICES_KEY}${toQueryString(params)}`),
  });
}

export function useCreateService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: ServiceInputParsed) => apiJson<Service>('POST', SERVICES_KEY, values),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [SERVICES_KEY] }),
  });
}
