/** The listings with Load More, one listing, and the owner's own. */
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { LIMITS } from '../../../../core/limits';
import type { Property, PropertyDetail, PropertyQueryInput } from '../../../../core/schemas/properties';
import { apiJson, toQueryString } from '../../../lib/api';
import { MY_PROPERTIES_KEY, PROPERTIES_KEY, propertyKey } from '../../../lib/query-keys';
import { fetchPage, nextCursor } from '../../../lib/page';

export type PropertyParams = Omit<PropertyQueryInput, 'limit' | 'offset' | 'after'>;

/** `enabled: false` holds the request (a count for filters still being typed). */
export function useProperties(params: PropertyParams, options: { enabled?: boolean } = {}) {
  return useInfiniteQuery({
    enabled: options.enabled ?? true,
    queryKey: [PROPERTIES_KEY, params],
    queryFn: ({ pageParam }) =>
      fetchPage<Property>(
        `${PROPERTIES_KEY}${toQueryString({ ...(params as Record<string, string | number | undefined>), limit: LIMITS.pageSizeDefault, after: pageParam })}`,
      ),
    // The next page starts after the last card of the one before (X-Next-Cursor).
    initialPageParam: '' as string,
    getNextPageParam: (_last, pages) => nextCursor(pages),
  });
}

/** The newest approved listings (landing page). */
export function useFeaturedProperties(count: number) {
  return useQuery({
    queryKey: [PROPERTIES_KEY, { featured: count }],
    queryFn: () => apiJson<Property[]>('GET', `${PROPERTIES_KEY}?limit=${count}`),
  });
}

export function useProperty(id: string | undefined) {
  return useQuery({
    queryKey: propertyKey(id ?? ''),
    queryFn: () => apiJson<PropertyDetail>('GET', `${PROPERTIES_KEY}/${id}`),
    enabled: Boolean(id),
    staleTime: 0,
  });
}

export function useMyProperties(enabled = true) {
  return useQuery({
    queryKey: MY_PROPERTIES_KEY,
    queryFn: () => apiJson<Property[]>('GET', `/api/properties/mine?limit=${LIMITS.pageSizeMax}`),
    enabled,
    staleTime: 0,
  });
}
