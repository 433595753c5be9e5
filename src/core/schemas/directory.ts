/**
 * The professional directory: the query of GET /api/business-cards/public
 * and the card it answers. The web keeps the same query in the page URL.
 */
import { z } from 'zod';
import { cardSchema } from './card';
import { DIRECTORY_ROLES, DIRECTORY_SORTS, SPECIALIZATIONS } from '../filter-options';
import { LANGUAGES, NATIONALITIES, UAE_BANKS, USER_ROLES } from '../enums';
import { LIMITS } from '../limits';
import { emirateFromName } from '../places';
import { keysetPagination, text } from './common';

export { DIRECTORY_ROLES, DIRECTORY_SORTS, type DirectorySort, SPECIALIZATIONS } from '../filter-options';

export const SEARCH_TEXT_MAX = 200;

/** A query parameter where '' means "not set" (a cleared select or input). */
export const unset = (v: unknown) => (v === '' ? undefined : v);

export const optionalQueryEnum = <const T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z.preprocess(unset, z.enum(values, { error: `Unknown ${label}` }).optional());

export const queryText = (max: number, label: string) =>
  z.preprocess(unset, text().trim().max(max, `${label} must be at most ${max} characters`).optional());

/** "Dubai", "abu dhabi", "abu_dhabi" → the emirate code. */
export const cityParam = z.preprocess(
  unset,
  text()
    .max(40)
    .transform((v, ctx) => {
      const emirate = emirateFromName(v);
      if (!emirate) {
        ctx.addIssue({ code: 'custom', message: 'Unknown city' });
        return z.NEVER;
      }
      return emirate;
    })
    .optional(),
);

export const booleanParam = z.preprocess(
  unset,
  z
    .enum(['true', 'false', '1', '0'], { error: 'Must be true or false' })
    .transform((v) => v === 'true' || v === '1')
    .optional(),
);

export const directoryQuerySchema = keysetPagination.extend({
  role: optionalQueryEnum(DIRECTORY_ROLES, 'role'),
  language: optionalQueryEnum(LANGUAGES, 'language'),
  city: cityParam,
  search: queryText(SEARCH_TEXT_MAX, 'Search'),
  location: queryText(LIMITS.nameMax, 'Location'),
  nationality: optionalQueryEnum(NATIONALITIES, 'nationality'),
  specialization: optionalQueryEnum(SPECIALIZATIONS, 'specialization'),
  bank: optionalQueryEnum(UAE_BANKS, 'bank'),
  verified: booleanParam,
  /** Only members of this brokerage (by its slug). */
  brokerage: z.preprocess(
    unset,
    text()
      .trim()
      .toLowerCase()
      .regex(/^[a-z0-9-]{1,80}$/, 'Unknown brokerage')
      .optional(),
  ),
  sort: z.preprocess(unset, z.enum(DIRECTORY_SORTS, { error: 'Unknown sort' }).default('newest')),
});
export type DirectoryQuery = z.output<typeof directoryQuerySchema>;
export type DirectoryQueryInput = z.input<typeof directoryQuerySchema>;

/** A directory result: the public face of an approved card. */
/** Fields of the card (cardSchema) that a directory result shows. */
/** The card fields a directory entry shows (the server picks them from the card view). */
export const DIRECTORY_CARD_FIELDS = {
  id: true,
  userId: true,
  name: true,
  profession: true,
  company: true,
  roleTitle: true,
  phone: true,
  countryCode: true,
  email: true,
  gender: true,
  nationality: true,
  yearsOfExperience: true,
  languages: true,
  emirate: true,
  area: true,
  officeAddress: true,
  professionalBio: true,
  propertySpecialization: true,
  bankName: true,
  servicesOffered: true,
  investmentBudgetRange: true,
  investmentInterests: true,
  regionsOfInterest: true,
  profileImageUrl: true,
  brnNumber: true,
  licenseVerified: true,
  aiGenerated: true,
  createdAt: true,
} as const;

export const directoryCardSchema = cardSchema.pick(DIRECTORY_CARD_FIELDS).extend({
  /** The emirate as people read it ("Abu Dhabi"). */
  city: z.string().nullable(),
  user: z.object({
    id: z.string(),
    role: z.enum(USER_ROLES),
    profileImageUrl: z.string().nullable(),
  }),
});
export type DirectoryCard = z.infer<typeof directoryCardSchema>;
