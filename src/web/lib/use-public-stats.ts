/**
 * The live counts behind every figure on a public page (GET /api/stats/public): a page shows a
 * figure only from these, rounded down with honestFigure, or leaves it out.
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { honestFigure } from '../../core/figures';
import type { PublicStats } from '../../core/schemas/stats';
import { apiJson } from './api';

export const PUBLIC_STATS_KEY = '/api/stats/public';

export function usePublicStats() {
  return useQuery({
    queryKey: [PUBLIC_STATS_KEY],
    queryFn: () => apiJson<PublicStats>('GET', PUBLIC_STATS_KEY),
    staleTime: 60_000,
  });
}

/** The rounded-down figure for one count, in the page's language; null while loading or when zero. */
export function usePublicFigure(key: keyof PublicStats): string | null {
  const { i18n } = useTranslation();
  const { data } = usePublicStats();
  if (!data) return null;
  return honestFigure(data[key], i18n.language === 'ar' ? 'ar-AE' : 'en-US');
}
