/** Create (POST), edit (PATCH) and delete a listing; each refreshes the owner's and public lists. */
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Property, PropertyInputParsed } from '../../../../core/schemas/properties';
import { apiJson } from '../../../lib/api';
import { PENDING_APPROVALS_KEY } from '../../../lib/query-keys';
import { MY_PROPERTIES_KEY, PROPERTIES_KEY, propertyKey } from '../../../lib/query-keys';

function refresh(queryClient: QueryClient, id?: string) {
  void queryClient.invalidateQueries({ queryKey: MY_PROPERTIES_KEY });
  void queryClient.invalidateQueries({ queryKey: [PROPERTIES_KEY] });
  void queryClient.invalidateQueries({ queryKey: PENDING_APPROVALS_KEY });
  if (id) void queryClient.invalidateQueries({ queryKey: propertyKey(id) });
}

export function useCreateProperty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: PropertyInputParsed) => apiJson<Property>('POST', PROPERTIES_KEY, values),
    onSuccess: (p) => refresh(queryClient, p.id),
  });
}

export function useUpdateProperty(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: Partial<PropertyInputParsed>) => apiJson<Property>('PATCH', `${PROPERTIES_KEY}/${id}`, values),
    onSuccess: () => refresh(queryClient, id),
  });
}

export function useDeleteProperty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiJson<void>('DELETE', `${PROPERTIES_KEY}/${id}`),
    onSuccess: (_v, id) => {
      queryClient.removeQueries({ queryKey: propertyKey(id) });
      refresh(queryClient);
    },
  });
}
