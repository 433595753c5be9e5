/** GET /api/subscription/invoices: the signed-in user's tax invoices, newest first. */
import { useQuery } from '@tanstack/react-query';
import type { InvoiceList } from '../../../../core/schemas/subscription';
import { apiJson } from '../../../lib/api';
import { INVOICES_KEY } from './keys';

export function useInvoices(enabled: boolean) {
  return useQuery({
    queryKey: INVOICES_KEY,
    queryFn: () => apiJson<InvoiceList>('GET', INVOICES_KEY[0]),
    enabled,
    staleTime: 0,
  });
}
