/**
 * The paid AI refiner behind a cache and a per-client budget: the same
 * query is refined once an hour, and one client's cache misses are capped per minute; past the
 * cap the offline parser's answer stands, so search keeps working without spending more.
 */
import { LRUCache } from 'lru-cache';
import type { SearchFilters } from '../../../core/search/parse';
import type { Limiter } from '../rate-limit';
import type { SearchRefiner } from './search-refiner';

const CACHE_MAX = 2000;
const CACHE_TTL_MS = 60 * 60 * 1000;

export function cachedRefiner(inner: SearchRefiner, budget: { limiter: Limiter; points: number }): SearchRefiner {
  // The wrapper object lets "the model added nothing" (null) be cached too.
  const cache = new LRUCache<string, { filters: SearchFilters | null }>({ max: CACHE_MAX, ttl: CACHE_TTL_MS });
  return {
    async refine(query, parsed, client) {
      const key = JSON.stringify([query.trim().toLowerCase().replace(/\s+/g, ' '), parsed]);
      const hit = cache.get(key);
      if (hit) return hit.filters;
      if (client && (await budget.limiter.count(client)) > budget.points) return null;
      const filters = await inner.refine(query, parsed, client);
      cache.set(key, { filters });
      return filters;
    },
  };
}
