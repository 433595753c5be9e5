/** The listing filters live in the page URL, validated like the server does. */
import { PROPERTY_FILTER_TYPES, PROPERTY_STATUSES } from '../../core/enums';
import { AREAS, emirateFromName, EMIRATE_NAMES } from '../../core/places';
import { PROPERTY_SORTS, type PropertySort } from '../../core/filter-options';

export interface PropertyFilters {
  status: (typeof PROPERTY_STATUSES)[number];
  type?: (typeof PROPERTY_FILTER_TYPES)[number];
  city?: string;
  minPrice?: number;
  maxPrice?: number;
  /** Exactly this many bedrooms (0: studio). */
  bedrooms?: number;
  /** The community (a canonical area name). */
  location?: string;
  sort: PropertySort;
}

/** The bedroom choices of the filter: studio to seven. */
export const BEDROOM_CHOICES = [0, 1, 2, 3, 4, 5, 6, 7] as const;

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
    bedrooms: BEDROOM_CHOICES.find((b) => String(b) === params.get('bedrooms')),
    location: AREAS.find((a) => a.name === params.get('location'))?.name,
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
