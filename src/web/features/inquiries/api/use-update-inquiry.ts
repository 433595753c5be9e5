/** PATCH /api/inquiries/{id}: pending → contacted → closed. */
import { useMutation } from '@tanstack/react-query';
import type { InquiryStatus } from '../../../../core/enums';
import type { Inquiry } from '../../../../core/schemas/inquiry';
import { apiJson, queryClient } from '../../../lib/api';
import { INQUIRIES_KEY } from './keys';

export function useUpdateInquiry() {
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: InquiryStatus }) =>
      apiJson<Inquiry>('PATCH', `/api/inquiries/${encodeURIComponent(id)}`, { status }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: INQUIRIES_KEY }),
  });
}
