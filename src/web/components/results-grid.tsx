/** A page of results in the three-column grid with "Load More" under it (directory, listings). */
import type { ReactNode } from 'react';
import { LoadMore } from './load-more';

export function ResultsGrid<T extends { id: string }>({
  items,
  total,
  render,
  list,
}: {
  items: T[];
  total: number;
  render: (item: T) => ReactNode;
  /** The infinite query the items come from. */
  list: { hasNextPage?: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> };
}) {
  return (
    <>
      <ul className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {items.map((item) => (
          <li key={item.id}>{render(item)}</li>
        ))}
      </ul>
      <LoadMore
        shown={items.length}
        total={total}
        hasMore={Boolean(list.hasNextPage)}
        loading={list.isFetchingNextPage}
        onLoad={() => void list.fetchNextPage()}
      />
    </>
  );
}
