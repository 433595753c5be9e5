/** GET /api/places: area autocomplete over the canonical list in places.ts. */
import { z } from 'zod';
import { EMIRATES } from '../enums';
import { EMIRATE_NAME_LIST } from '../places';
import { optionalQueryEnum, queryText } from './directory';

export const PLACES_LIMIT_MAX = 20;

export const placesQuerySchema = z.object({
  q: queryText(60, 'Search'),
  emirate: optionalQueryEnum(EMIRATES, 'emirate'),
  limit: z.coerce.number().int().min(1).max(PLACES_LIMIT_MAX).default(8),
});

export const placeViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  nameAr: z.string(),
  emirate: z.enum(EMIRATES),
  city: z.enum(EMIRATE_NAME_LIST),
});
export type PlaceView = z.infer<typeof placeViewSchema>;

export const placesResponseSchema = z.object({ places: z.array(placeViewSchema) });
