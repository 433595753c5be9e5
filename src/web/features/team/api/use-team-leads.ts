/** GET /api/brokerages/{id}/leads: the team's leads, newest first, one keyset page at a time. */
import { useInfiniteQuery } from '@tanstack/react-query';
import type { InquiryStatus } from '../../../../core/enums';
import type { TeamLeadList } from '../../../../core/schemas/team';
import { apiJson, toQueryString } from '../../../lib/api';
import { teamLeadsKey } from './keys';

export interface TeamLeadFilters {
  status?: InquiryStatus;
  /** A member's id, or `none`. */
  assignedTo?: string;
}

export function useTeamLeads(brokerageId: string, filters: TeamLeadFilters) {
  return useInfiniteQuery({
    queryKey: [...teamLeadsKey(brokerageId), filters],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      apiJson<TeamLeadList>(
        'GET',
        `${teamLeadsKey(brokerageId)[0]}${toQueryString({ ...filters, cursor: pageParam })}`,
      ),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 0,
  });
}
