/** GET /api/inquiries: the owner's leads across their cards, newest first, paged. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { InquiryStatus } from '../../../../core/enums';
import type { InquiryList } from '../../../../core/schemas/inquiry';
import { apiJson, toQueryString } from '../../../lib/api';
import { INQUIRIES_KEY } from './keys';

export const LEADS_PAGE_SIZE = 20;

export function useInquiries(params: { status?: InquiryStatus; offset: number }) {
  return useQuery({
    queryKey: [...INQUIRIES_KEY, params],
    queryFn: () =>
      apiJson<InquiryList>(
        'GET',
        `${INQUIRIES_KEY[0]}${toQueryString({ status: params.status, limit: LEADS_PAGE_SIZE, offset: params.offset })}`,
      ),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}
