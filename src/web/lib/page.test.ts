import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../core/limits';
import { nextOffset } from './page';

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
