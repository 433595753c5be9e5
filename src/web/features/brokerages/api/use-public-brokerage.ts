/** GET /api/brokerages/{slug}: the public brokerage with its listed brokers and listings. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PublicBrokerage } from '../../../../core/schemas/brokerages';
import { apiJson, toQueryString } from '../../../lib/api';
import { publicBrokerageKey } from './keys';

export function usePublicBrokerage(slug: string, q: { language?: string; specialization?: string }) {
  return useQuery({
    queryKey: publicBrokerageKey(slug, q),
    queryFn: () => apiJson<PublicBrokerage>('GET', `/api/brokerages/${encodeURIComponent(slug)}${toQueryString(q)}`),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
