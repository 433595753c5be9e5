/**
 * The directory's filters live in the page URL (a filtered view can be shared and
 * survives reload). Values that are not valid are dropped rather than sent to the server.
 */
import { LANGUAGES, NATIONALITIES, UAE_BANKS } from '../../core/enums';
import { emirateFromName, EMIRATE_NAMES } from '../../core/places';
import { DIRECTORY_ROLES, DIRECTORY_SORTS, type DirectorySort, SPECIALIZATIONS } from '../../core/filter-options';
import type { SearchFilters } from '../../core/search/parse';

export interface DirectoryFilters {
  role?: (typeof DIRECTORY_ROLES)[number];
  language?: (typeof LANGUAGES)[number];
  city?: string;
  location?: string;
  search?: string;
  nationality?: (typeof NATIONALITIES)[number];
  specialization?: (typeof SPECIALIZATIONS)[number];
  bank?: (typeof UAE_BANKS)[number];
  verified?: 'true';
  /** A brokerage's slug (its page links here). */
  brokerage?: string;
  sort: DirectorySort;
}

/** The filter keys shown as chips, in order. */
export const CHIP_KEYS = [
  'role',
  'language',
  'city',
  'location',
  'specialization',
  'bank',
  'nationality',
  'verified',
  'brokerage',
  'search',
] as const;
export type ChipKey = (typeof CHIP_KEYS)[number];

const oneOf = <T extends string>(values: readonly T[], v: string | null): T | undefined =>
  v !== null && (values as readonly string[]).includes(v) ? (v as T) : undefined;
const text = (v: string | null, max: number) => (v?.trim() ? v.trim().slice(0, max) : undefined);

export function readDirectoryFilters(params: URLSearchParams): DirectoryFilters {
  const city = params.get('city');
  const emirate = city ? emirateFromName(city) : null;
  return {
    role: oneOf(DIRECTORY_ROLES, params.get('role')),
    language: oneOf(LANGUAGES, params.get('language')),
    city: emirate ? EMIRATE_NAMES[emirate] : undefined,
    location: text(params.get('location'), 100),
    search: text(params.get('search'), 200),
    nationality: oneOf(NATIONALITIES, params.get('nationality')),
    specialization: oneOf(SPECIALIZATIONS, params.get('specialization')),
    bank: oneOf(UAE_BANKS, params.get('bank')),
    verified: params.get('verified') === 'true' ? 'true' : undefined,
    brokerage: /^[a-z0-9-]{1,80}$/.test(params.get('brokerage') ?? '')
      ? (params.get('brokerage') as string)
      : undefined,
    sort: oneOf(DIRECTORY_SORTS, params.get('sort')) ?? 'newest',
  };
}

export function hasFilters(f: DirectoryFilters): boolean {
  return CHIP_KEYS.some((k) => f[k] !== undefined);
}

/** How many filters are set (the sort is not a filter): the phone's "Filters (n)" button. */
export function activeFilterCount(f: DirectoryFilters): number {
  return CHIP_KEYS.filter((k) => f[k] !== undefined).length;
}

/** The URL of a filter set (only set values; "newest" is the default sort). */
export function directoryParams(
  f: Partial<DirectoryFilters>,
  extra: Record<string, string> = {},
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(f)) {
    if (v === undefined || v === '' || (k === 'sort' && v === 'newest')) continue;
    out[k] = String(v);
  }
  return { ...out, ...extra };
}

/** What the smart search box read, as directory filters (listing-only filters are left out). */
export function filtersFromSearch(f: SearchFilters): Partial<DirectoryFilters> {
  return {
    role: f.role,
    language: f.language,
    city: f.city,
    location: f.area,
    specialization: f.specialization,
    bank: f.bank,
    nationality: f.nationality,
    verified: f.verified ? 'true' : undefined,
    search: f.text,
  };
}
