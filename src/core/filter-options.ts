/**
 * The options of the directory, properties, services and search filters, without zod: the list
 * pages import them from here so their first view does not download the schema code (the
 * directory and properties pages load faster). The schemas in core/schemas re-export them and
 * validate against the same lists.
 */
import {
  BROKER_SPECIALIZATIONS,
  DEVELOPER_PROJECT_TYPES,
  DIRECTORY_ROLE_FILTERS,
  LOAN_SPECIALIZATIONS,
  type SERVICE_CATEGORIES,
} from './enums';

export const SPECIALIZATIONS = [
  ...BROKER_SPECIALIZATIONS,
  ...LOAN_SPECIALIZATIONS,
  ...DEVELOPER_PROJECT_TYPES,
] as const;

export const DIRECTORY_ROLES = Object.keys(DIRECTORY_ROLE_FILTERS) as [
  keyof typeof DIRECTORY_ROLE_FILTERS,
  ...(keyof typeof DIRECTORY_ROLE_FILTERS)[],
];

export const DIRECTORY_SORTS = ['newest', 'name', 'role', 'location'] as const;
export type DirectorySort = (typeof DIRECTORY_SORTS)[number];

/** Prices are whole dirhams; the column is a 32-bit integer. */
export const PRICE_MAX = 2_000_000_000;

export const PROPERTY_LIMITS = {
  titleMin: 5,
  titleMax: 200,
  roomsMax: 50,
  areaMax: 1_000_000,
  featuresMax: 20,
  featureMax: 60,
  photosMax: 12,
  permitMax: 40,
  rejectReasonMax: 1000,
} as const;

export const PROPERTY_SORTS = ['newest', 'price_asc', 'price_desc', 'area'] as const;
export type PropertySort = (typeof PROPERTY_SORTS)[number];

/** The tabs of the services page and the category each one shows. */
export const SERVICE_TABS = {
  all: null,
  real_estate: 'Real Estate',
  banking: 'Banking & Finance',
  legal: 'Legal & Professional',
  technology: 'Technology & Marketing',
} as const satisfies Record<string, (typeof SERVICE_CATEGORIES)[number] | null>;
export type ServiceTab = keyof typeof SERVICE_TABS;
export const SERVICE_TAB_KEYS = Object.keys(SERVICE_TABS) as [ServiceTab, ...ServiceTab[]];

/** Filter keys a chip can remove from what the parser read. */
export const SEARCH_FILTER_KEYS = [
  'role',
  'language',
  'city',
  'area',
  'specialization',
  'bank',
  'nationality',
  'verified',
  'gender',
  'propertyType',
  'bedrooms',
  'status',
  'minPrice',
  'maxPrice',
  'text',
] as const;
export type SearchFilterKey = (typeof SEARCH_FILTER_KEYS)[number];
