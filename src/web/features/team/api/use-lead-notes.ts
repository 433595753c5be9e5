/** The notes of one team lead: GET and POST /api/brokerages/{id}/leads/{leadId}/notes. */
import { useMutation, useQuery } from '@tanstack/react-query';
import type { LeadNote } from '../../../../core/schemas/team';
import { apiJson, queryClient } from '../../../lib/api';
import { leadNotesKey, teamLeadsKey } from './keys';

export function useLeadNotes(brokerageId: string, leadId: string | null) {
  return useQuery({
    queryKey: leadNotesKey(brokerageId, leadId ?? ''),
    queryFn: () => apiJson<{ notes: LeadNote[] }>('GET', leadNotesKey(brokerageId, leadId ?? '')[0]),
    enabled: !!leadId,
  });
}

export function useAddLeadNote(brokerageId: string, leadId: string) {
  return useMutation({
    mutationFn: (body: string) => apiJson<LeadNote>('POST', leadNotesKey(brokerageId, leadId)[0], { body }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: leadNotesKey(brokerageId, leadId) }),
        queryClient.invalidateQueries({ queryKey: teamLeadsKey(brokerageId) }),
      ]),
  });
}
