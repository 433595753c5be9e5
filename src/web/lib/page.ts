/** Lists answer a JSON array and the total in X-Total-Count. */
import { LIMITS } from '../../core/limits';
import { apiRequest } from './api';

export interface Page<T> {
  items: T[];
  total: number;
}

/** True when the server stopped counting: there are at least this many (LIMITS.totalCountCap). */
export const isCapped = (total: number) => total >= LIMITS.totalCountCap;

export async function fetchPage<T>(url: string): Promise<Page<T>> {
  const res = await apiRequest('GET', url);
  const items = (await res.json()) as T[];
  const header = Number(res.headers.get('X-Total-Count'));
  return { items, total: Number.isFinite(header) ? header : items.length };
}

/** The offset of the next page, or undefined when everything is loaded. */
export function nextOffset<T>(pages: Page<T>[]): number | undefined {
  const loaded = pages.reduce((n, p) => n + p.items.length, 0);
  const total = pages[pages.length - 1]?.total ?? 0;
  const last = pages[pages.length - 1];
  return last && last.items.length > 0 && (loaded < total || isCapped(total)) ? loaded : undefined;
}
