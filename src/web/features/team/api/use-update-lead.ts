/** PATCH /api/brokerages/{id}/leads/{leadId}: assign and/or set the status. */
import { useMutation } from '@tanstack/react-query';
import type { TeamLead, TeamLeadUpdate } from '../../../../core/schemas/team';
import { apiJson, queryClient } from '../../../lib/api';
import { teamLeadsKey } from './keys';

export function useUpdateLead(brokerageId: string) {
  return useMutation({
    mutationFn: ({ id, ...change }: TeamLeadUpdate & { id: string }) =>
      apiJson<TeamLead>('PATCH', `/api/brokerages/${brokerageId}/leads/${id}`, change),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamLeadsKey(brokerageId) }),
  });
}
