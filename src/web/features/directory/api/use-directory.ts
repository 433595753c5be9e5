/** The directory list with Load More. */
import { useInfiniteQuery } from '@tanstack/react-query';
import { LIMITS } from '../../../../core/limits';
import type { DirectoryCard, DirectoryQueryInput } from '../../../../core/schemas/directory';
import { toQueryString } from '../../../lib/api';
import { DIRECTORY_KEY } from '../../../lib/query-keys';
import { fetchPage, nextCursor } from '../../../lib/page';

export type DirectoryParams = Omit<DirectoryQueryInput, 'limit' | 'offset' | 'after'>;

export function useDirectory(params: DirectoryParams, enabled = true) {
  return useInfiniteQuery({
    queryKey: [DIRECTORY_KEY, params],
    queryFn: ({ pageParam }) =>
      fetchPage<DirectoryCard>(
        `${DIRECTORY_KEY}${toQueryString({ ...(params as Record<string, string | undefined>), limit: LIMITS.pageSizeDefault, after: pageParam })}`,
      ),
    // The next page starts after the last card of the one before (X-Next-Cursor).
    initialPageParam: '' as string,
    getNextPageParam: (_last, pages) => nextCursor(pages),
    enabled,
  });
}
