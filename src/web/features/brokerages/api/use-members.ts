/** The team: GET members, PATCH a role (owner), DELETE a member (owner, manager), POST leave. */
import { useMutation, useQuery } from '@tanstack/react-query';
import type { BrokerageRole, Member } from '../../../../core/schemas/brokerages';
import { apiJson, apiRequest, queryClient } from '../../../lib/api';
import { MY_BROKERAGE_KEY, membersKey } from './keys';

const base = (id: string) => `/api/brokerages/${encodeURIComponent(id)}`;

export function useMembers(id: string) {
  return useQuery({
    queryKey: membersKey(id),
    queryFn: () => apiJson<Member[]>('GET', `${base(id)}/members`),
    staleTime: 0,
  });
}

export function useSetMemberRole(id: string) {
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: BrokerageRole }) =>
      apiJson<Member[]>('PATCH', `${base(id)}/members/${encodeURIComponent(userId)}`, { role }),
    onSuccess: (members) => {
      queryClient.setQueryData(membersKey(id), members);
      return queryClient.invalidateQueries({ queryKey: MY_BROKERAGE_KEY });
    },
  });
}

export function useRemoveMember(id: string) {
  return useMutation({
    mutationFn: (userId: string) => apiRequest('DELETE', `${base(id)}/members/${encodeURIComponent(userId)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: membersKey(id) }),
  });
}

export function useLeaveBrokerage(id: string) {
  return useMutation({
    mutationFn: () => apiRequest('POST', `${base(id)}/leave`),
    onSuccess: () => queryClient.setQueryData(MY_BROKERAGE_KEY, null),
  });
}

export function useDeleteBrokerage(id: string) {
  return useMutation({
    mutationFn: () => apiRequest('DELETE', base(id)),
    onSuccess: () => queryClient.setQueryData(MY_BROKERAGE_KEY, null),
  });
}
