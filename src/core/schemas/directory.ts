/**
 * The professional directory (spec §2, §7; issue 4): the query of GET /api/business-cards/public
 * and the card it answers. The web keeps the same query in the page URL.
 */
import { z } from 'zod';
import {
  BROKER_SPECIALIZATIONS,
  DEVELOPER_PROJECT_TYPES,
  DIRECTORY_ROLE_FILTERS,
  EMIRATES,
  GENDERS,
  INVESTMENT_INTERESTS,
  LANGUAGES,
  LOAN_SPECIALIZATIONS,
  NATIONALITIES,
  UAE_BANKS,
  USER_ROLES,
} from '../enums';
import { LIMITS } from '../limits';
import { emirateFromName } from '../places';
import { pagination } from './common';

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

export const SEARCH_TEXT_MAX = 200;

/** A query parameter where '' means "not set" (a cleared select or input). */
export const unset = (v: unknown) => (v === '' ? undefined : v);

export const optionalQueryEnum = <const T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z.preprocess(unset, z.enum(values, { error: `Unknown ${label}` }).optional());

export const queryText = (max: number, label: string) =>
  z.preprocess(unset, z.string().trim().max(max, `${label} must be at most ${max} characters`).optional());

/** "Dubai", "abu dhabi", "abu_dhabi" → the emirate code. */
export const cityParam = z.preprocess(
  unset,
  z
    .string()
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

export const directoryQuerySchema = pagination.extend({
  role: optionalQueryEnum(DIRECTORY_ROLES, 'role'),
  language: optionalQueryEnum(LANGUAGES, 'language'),
  city: cityParam,
  search: queryText(SEARCH_TEXT_MAX, 'Search'),
  location: queryText(LIMITS.nameMax, 'Location'),
  nationality: optionalQueryEnum(NATIONALITIES, 'nationality'),
  specialization: optionalQueryEnum(SPECIALIZATIONS, 'specialization'),
  bank: optionalQueryEnum(UAE_BANKS, 'bank'),
  verified: booleanParam,
  sort: z.preprocess(unset, z.enum(DIRECTORY_SORTS, { error: 'Unknown sort' }).default('newest')),
});
export type DirectoryQuery = z.output<typeof directoryQuerySchema>;
export type DirectoryQueryInput = z.input<typeof directoryQuerySchema>;

/** A directory result: the public face of an approved card (spec §3 "Directory results"). */
export const directoryCardSchema = z.object({
  id: z.string(),
  userId: z.string(),
  name: z.string(),
  profession: z.string(),
  company: z.string().nullable(),
  roleTitle: z.string().nullable(),
  phone: z.string().nullable(),
  countryCode: z.string().nullable(),
  email: z.string().nullable(),
  gender: z.enum(GENDERS).nullable(),
  nationality: z.enum(NATIONALITIES).nullable(),
  yearsOfExperience: z.number().nullable(),
  languages: z.array(z.enum(LANGUAGES)),
  emirate: z.enum(EMIRATES).nullable(),
  area: z.string().nullable(),
  officeAddress: z.string().nullable(),
  professionalBio: z.string().nullable(),
  propertySpecialization: z.array(z.string()),
  bankName: z.string().nullable(),
  servicesOffered: z.array(z.string()),
  investmentBudgetRange: z.string().nullable(),
  investmentInterests: z.array(z.enum(INVESTMENT_INTERESTS)),
  regionsOfInterest: z.array(z.string()),
  profileImageUrl: z.string().nullable(),
  brnNumber: z.string().nullable(),
  licenseVerified: z.boolean(),
  aiGenerated: z.boolean(),
  createdAt: z.string(),
  /** The emirate as people read it ("Abu Dhabi"). */
  city: z.string().nullable(),
  user: z.object({
    id: z.string(),
    role: z.enum(USER_ROLES),
    profileImageUrl: z.string().nullable(),
  }),
});
export type DirectoryCard = z.infer<typeof directoryCardSchema>;
