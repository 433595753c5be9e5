/** Smart search and investor matching: GET /api/search and GET /api/recommendations. */
import { z } from 'zod';
import { text } from './common';
import { SEARCH_FILTER_KEYS } from '../filter-options';
import { LANGUAGES, NATIONALITIES, PROPERTY_TYPES, UAE_BANKS } from '../enums';
import { EMIRATE_NAME_LIST } from '../places';
import { SEARCH_QUERY_MAX } from '../search/parse';
import { DIRECTORY_ROLES, directoryCardSchema, SPECIALIZATIONS } from './directory';
import { propertySchema } from './properties';
import { serviceSchema } from './services';

export { SEARCH_FILTER_KEYS, type SearchFilterKey } from '../filter-options';

export const searchQuerySchema = z.object({
  q: text({ error: 'Type what you are looking for' })
    .trim()
    .min(1, 'Type what you are looking for')
    .max(SEARCH_QUERY_MAX, `Search must be at most ${SEARCH_QUERY_MAX} characters`),
  limit: z.coerce.number().int().min(1).max(24).default(12),
  /** "1": exact matches only, no relaxing when nothing matches. */
  exact: z.enum(['1', '0'], { error: 'exact must be 1 or 0' }).optional(),
  /** Comma-separated filter keys to drop (the removed chips), e.g. "area,maxPrice". */
  without: z.preprocess(
    (v) => (typeof v === 'string' && v !== '' ? v.split(',') : undefined),
    z
      .array(z.enum(SEARCH_FILTER_KEYS, { error: 'Unknown filter' }))
      .max(SEARCH_FILTER_KEYS.length)
      .optional(),
  ),
});

/** The filters the parser understood; each one is a removable chip on the results page. */
export const searchFiltersSchema = z.object({
  role: z.enum(DIRECTORY_ROLES).optional(),
  language: z.enum(LANGUAGES).optional(),
  city: z.enum(EMIRATE_NAME_LIST).optional(),
  area: z.string().optional(),
  specialization: z.enum(SPECIALIZATIONS).optional(),
  bank: z.enum(UAE_BANKS).optional(),
  nationality: z.enum(NATIONALITIES).optional(),
  verified: z.boolean().optional(),
  gender: z.enum(['male', 'female']).optional(),
  propertyType: z.enum(PROPERTY_TYPES).optional(),
  bedrooms: z.number().optional(),
  status: z.enum(['for_sale', 'for_rent']).optional(),
  minPrice: z.number().optional(),
  maxPrice: z.number().optional(),
  text: z.string().optional(),
});

/**
 * How a listing search that matched nothing was widened (the notice says it): the area to these
 * areas (itself and its neighbours) or to its city, the price 15 % either way, the bedrooms one
 * either way, the type to its family.
 */
export const widenedSchema = z.object({
  areas: z.array(z.string()).optional(),
  city: z.enum(EMIRATE_NAME_LIST).optional(),
  minPrice: z.number().optional(),
  maxPrice: z.number().optional(),
  minBedrooms: z.number().optional(),
  maxBedrooms: z.number().optional(),
  propertyTypes: z.array(z.enum(PROPERTY_TYPES)).optional(),
});
export type Widened = z.infer<typeof widenedSchema>;

export const searchResponseSchema = z.object({
  /** What the query was read as (the chips). */
  filters: searchFiltersSchema,
  /**
   * Never a dead end: when nothing matched `filters`, the filters relaxed (in order) to
   * find the closest results, and the filters those results match; [] and `filters` otherwise.
   */
  relaxed: z.array(z.enum(SEARCH_FILTER_KEYS)),
  shown: searchFiltersSchema,
  widened: widenedSchema,
  /** Where the filters came from: the built-in parser, or refined by the configured AI. */
  source: z.enum(['parser', 'ai']),
  professionals: z.array(directoryCardSchema),
  professionalsTotal: z.number(),
  properties: z.array(propertySchema),
  propertiesTotal: z.number(),
  /** Services whose text has every word of the query, synonyms in both languages included. */
  services: z.array(serviceSchema),
  servicesTotal: z.number(),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;

export const MATCH_REASON_CODES = ['region', 'budget', 'interest', 'specialization', 'language', 'city'] as const;
export type MatchReasonCode = (typeof MATCH_REASON_CODES)[number];

/** Why something was recommended: a code the web translates, and the value it matched. */
export const matchReasonSchema = z.object({ code: z.enum(MATCH_REASON_CODES), value: z.string() });
export type MatchReason = z.infer<typeof matchReasonSchema>;

export const recommendationsSchema = z.object({
  /** What the matching read from the investor's card. */
  profile: z.object({
    cardId: z.string(),
    budget: z.string().nullable(),
    minPrice: z.number().nullable(),
    maxPrice: z.number().nullable(),
    interests: z.array(z.string()),
    regions: z.array(z.string()),
  }),
  professionals: z.array(
    z.object({ card: directoryCardSchema, reason: z.string(), reasons: z.array(matchReasonSchema) }),
  ),
  properties: z.array(z.object({ property: propertySchema, reason: z.string(), reasons: z.array(matchReasonSchema) })),
});
export type Recommendations = z.infer<typeof recommendationsSchema>;
