/** Invitations: list, invite by e-mail and withdraw (owner, manager); preview and answer a link. */
import { useMutation, useQuery } from '@tanstack/react-query';
import type { Invitation, InvitationInput, InvitationPreview, MyBrokerage } from '../../../../core/schemas/brokerages';
import { apiJson, apiRequest, queryClient } from '../../../lib/api';
import { MY_BROKERAGE_KEY, invitationKey, invitationsKey } from './keys';

const base = (id: string) => `/api/brokerages/${encodeURIComponent(id)}/invitations`;

export function useInvitations(id: string, enabled: boolean) {
  return useQuery({
    queryKey: invitationsKey(id),
    queryFn: () => apiJson<Invitation[]>('GET', base(id)),
    enabled,
    staleTime: 0,
  });
}

export function useInvite(id: string) {
  return useMutation({
    mutationFn: (input: InvitationInput) => apiJson<Invitation>('POST', base(id), input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationsKey(id) }),
  });
}

export function useRevokeInvitation(id: string) {
  return useMutation({
    mutationFn: (invitationId: string) => apiRequest('DELETE', `${base(id)}/${encodeURIComponent(invitationId)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitationsKey(id) }),
  });
}

export function useInvitationPreview(token: string) {
  return useQuery({
    queryKey: invitationKey(token),
    queryFn: () => apiJson<InvitationPreview>('GET', `/api/brokerages/invitations/${encodeURIComponent(token)}`),
    retry: false,
  });
}

export function useAnswerInvitation(token: string) {
  return useMutation({
    mutationFn: async (answer: 'accept' | 'decline') => {
      const url = `/api/brokerages/invitations/${encodeURIComponent(token)}/${answer}`;
      if (answer === 'accept') return apiJson<MyBrokerage>('POST', url);
      await apiRequest('POST', url);
      return null;
    },
    onSuccess: (mine) => {
      if (mine) queryClient.setQueryData(MY_BROKERAGE_KEY, mine);
    },
  });
}
