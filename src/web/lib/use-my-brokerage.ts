/**
 * GET /api/brokerages/my: the signed-in user's brokerage and role, or null. Shared: the brokerage
 * pages and the settings that act for a brokerage (integrations, API keys) all ask it.
 */
import { useQuery } from '@tanstack/react-query';
import type { MyBrokerage } from '../../core/schemas/brokerages';
import { apiJson } from './api';

export const MY_BROKERAGE_KEY = ['/api/brokerages/my'] as const;

export function useMyBrokerage(enabled = true) {
  return useQuery({
    queryKey: MY_BROKERAGE_KEY,
    queryFn: () => apiJson<MyBrokerage>('GET', MY_BROKERAGE_KEY[0]),
    enabled,
    staleTime: 0,
  });
}
