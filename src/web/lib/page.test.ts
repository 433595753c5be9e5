import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../core/limits';
import { firstTotal, nextCursor, nextOffset } from './page';

const page = (n: number, total: number) => ({ items: Array.from({ length: n }, (_, i) => i), total });

describe('Load More paging', () => {
  it('asks for the next page until everything counted is loaded', () => {
    expect(nextOffset([page(12, 30)])).toBe(12);
    expect(nextOffset([page(12, 30), page(12, 30), page(6, 30)])).toBeUndefined();
  });

  it('keeps paging past a capped total until the server returns an empty page', () => {
    const cap = LIMITS.totalCountCap;
    const pages = Array.from({ length: Math.ceil(cap / 12) }, () => page(12, cap));
    expect(nextOffset(pages)).toBe(pages.length * 12);
    expect(nextOffset([...pages, page(0, cap)])).toBeUndefined();
  });
});

describe('Load More by cursor', () => {
  it('follows the last page cursor and stops when a page has none, the total from the first page', () => {
    const pages = [
      { items: [1, 2], total: 5, next: 'a' },
      { items: [3, 4], total: 2, next: 'b' },
    ];
    expect(nextCursor(pages)).toBe('b');
    expect(nextCursor([...pages, { items: [5], total: 1 }])).toBeUndefined();
    expect(firstTotal(pages)).toBe(5);
    expect(firstTotal(undefined)).toBe(0);
  });
});
