/**
 * The notes of one team lead: GET (a keyset page at a time, oldest first) and POST
 * /api/brokerages/{id}/leads/{leadId}/notes.
 */
import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import type { LeadNote, LeadNoteList } from '../../../../core/schemas/team';
import { apiJson, queryClient, toQueryString } from '../../../lib/api';
import { leadNotesKey, teamLeadsKey } from './keys';

export function useLeadNotes(brokerageId: string, leadId: string | null) {
  return useInfiniteQuery({
    queryKey: leadNotesKey(brokerageId, leadId ?? ''),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      apiJson<LeadNoteList>(
        'GET',
        `${leadNotesKey(brokerageId, leadId ?? '')[0]}${toQueryString({ cursor: pageParam })}`,
      ),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
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
