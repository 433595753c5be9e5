/**
 * Lists answer a JSON array and the total in X-Total-Count; the directory and the listings also
 * the next page's cursor in X-Next-Cursor (their pages after the first carry no total).
 */
import { LIMITS } from '../../core/limits';
import { apiRequest } from './api';

export interface Page<T> {
  items: T[];
  total: number;
  /** Where the next page starts (X-Next-Cursor), when the list has one. */
  next?: string;
}

/** True when the server stopped counting: there are at least this many (LIMITS.totalCountCap). */
export const isCapped = (total: number) => total >= LIMITS.totalCountCap;

export async function fetchPage<T>(url: string): Promise<Page<T>> {
  const res = await apiRequest('GET', url);
  const items = (await res.json()) as T[];
  const header = res.headers.get('X-Total-Count');
  const total = header === null ? Number.NaN : Number(header);
  const next = res.headers.get('X-Next-Cursor') ?? undefined;
  return { items, total: Number.isFinite(total) ? total : items.length, ...(next ? { next } : {}) };
}

/** The offset of the next page, or undefined when everything is loaded. */
export function nextOffset<T>(pages: Page<T>[]): number | undefined {
  const loaded = pages.reduce((n, p) => n + p.items.length, 0);
  const total = pages[pages.length - 1]?.total ?? 0;
  const last = pages[pages.length - 1];
  return last && last.items.length > 0 && (loaded < total || isCapped(total)) ? loaded : undefined;
}

/** The cursor of the next page (keyset lists), or undefined when everything is loaded. */
export function nextCursor<T>(pages: Page<T>[]): string | undefined {
  return pages[pages.length - 1]?.next;
}

/** The total of a keyset list: its first page tells it. */
export const firstTotal = <T>(pages: Page<T>[] | undefined): number => pages?.[0]?.total ?? 0;
