/** The listing filters live in the page URL (issue 4), validated like the server does. */
import { PROPERTY_FILTER_TYPES, PROPERTY_STATUSES } from '../../core/enums';
import { emirateFromName, EMIRATE_NAMES } from '../../core/places';
import { PROPERTY_SORTS, type PropertySort } from '../../core/filter-options';

export interface PropertyFilters {
  status: (typeof PROPERTY_STATUSES)[number];
  type?: (typeof PROPERTY_FILTER_TYPES)[number];
  city?: string;
  minPrice?: number;
  maxPrice?: number;
  sort: PropertySort;
}

const oneOf = <T extends string>(values: readonly T[], v: string | null): T | undefined =>
  v !== null && (values as readonly string[]).includes(v) ? (v as T) : undefined;
const price = (v: string | null) => (v && /^\d{1,10}$/.test(v) ? Number(v) : undefined);

export function readPropertyFilters(params: URLSearchParams): PropertyFilters {
  const city = params.get('city');
  const emirate = city ? emirateFromName(city) : null;
  return {
    status: oneOf(PROPERTY_STATUSES, params.get('status')) ?? 'for_sale',
    type: oneOf(PROPERTY_FILTER_TYPES, params.get('type')),
    city: emirate ? EMIRATE_NAMES[emirate] : undefined,
    minPrice: price(params.get('minPrice')),
    maxPrice: price(params.get('maxPrice')),
    sort: oneOf(PROPERTY_SORTS, params.get('sort')) ?? 'newest',
  };
}

export function propertyParams(f: Partial<PropertyFilters>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(f)) {
    if (v === undefined || v === '' || (k === 'sort' && v === 'newest') || (k === 'status' && v === 'for_sale'))
      continue;
    out[k] = String(v);
  }
  return out;
}
