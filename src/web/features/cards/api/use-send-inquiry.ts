/** POST /api/business-cards/{id}/inquiries: the public contact form (open to visitors). */
import { useMutation } from '@tanstack/react-query';
import type { InquiryCreateInput } from '../../../../core/schemas/inquiry';
import { apiJson } from '../../../lib/api';

export function useSendInquiry(cardId: string) {
  return useMutation({
    mutationFn: (input: InquiryCreateInput) =>
      apiJson<{ message: string }>('POST', `/api/business-cards/${encodeURIComponent(cardId)}/inquiries`, input),
  });
}
