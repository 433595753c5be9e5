/**
 * Property listings: the listing query, the listing
 * form (shared by the web form and POST/PATCH /api/properties) and the listing as answered.
 */
import { z } from 'zod';
import { PROPERTY_STATUSES, PROPERTY_TYPES, USER_ROLES } from '../enums';
import { PRICE_MAX, PROPERTY_LIMITS, PROPERTY_SORTS } from '../filter-options';
import { LIMITS } from '../limits';
import { EMIRATE_NAME_LIST } from '../places';
import {
  OTHER_PERMIT_RE,
  PERMIT_AUTHORITIES,
  PERMIT_AUTHORITY_NAME_MAX,
  PERMIT_MESSAGES,
  permitIssues,
} from '../permits';
import { keysetPagination, pagination, placeIdField, reviewedVersionRequired, text } from './common';
import { cityParam, optionalQueryEnum, queryText, SEARCH_TEXT_MAX, unset } from './directory';

export { PRICE_MAX, PROPERTY_LIMITS, PROPERTY_SORTS, type PropertySort } from '../filter-options';

const priceParam = (label: string) =>
  z.preprocess(
    unset,
    z.coerce
      .number({ error: `${label} must be a number` })
      .int(`${label} must be a whole number of dirhams`)
      .min(0, `${label} cannot be negative`)
      .max(PRICE_MAX, `${label} is too large`)
      .optional(),
  );

export const propertyQuerySchema = keysetPagination
  .extend({
    status: z.preprocess(unset, z.enum(PROPERTY_STATUSES, { error: 'Unknown status' }).default('for_sale')),
    type: optionalQueryEnum(PROPERTY_TYPES, 'property type'),
    city: cityParam,
    minPrice: priceParam('Minimum price'),
    maxPrice: priceParam('Maximum price'),
    bedrooms: z.preprocess(
      unset,
      z.coerce.number().int('Bedrooms must be a whole number').min(0).max(PROPERTY_LIMITS.roomsMax).optional(),
    ),
    location: queryText(LIMITS.nameMax, 'Location'),
    search: queryText(SEARCH_TEXT_MAX, 'Search'),
    sort: z.preprocess(unset, z.enum(PROPERTY_SORTS, { error: 'Unknown sort' }).default('newest')),
  })
  .refine((q) => q.minPrice === undefined || q.maxPrice === undefined || q.minPrice <= q.maxPrice, {
    message: 'Minimum price must not be above the maximum price',
    path: ['minPrice'],
  });
export type PropertyQuery = z.output<typeof propertyQuerySchema>;
export type PropertyQueryInput = z.input<typeof propertyQuerySchema>;

/** Photos must be ours: uploaded through POST /api/uploads/images. */
export const UPLOAD_URL_RE = /^\/api\/uploads\/[a-f0-9]{32,64}\.webp$/;

/** The widest permit number any emirate takes (core/permits.ts checks each emirate's own format). */
export const PERMIT_RE = OTHER_PERMIT_RE;

const optionalCount = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(0, `${label} cannot be negative`)
    .max(PROPERTY_LIMITS.roomsMax, `${label} must be at most ${PROPERTY_LIMITS.roomsMax}`)
    .nullable()
    .optional();

const optionalText = (max: number, label: string) =>
  text().trim().max(max, `${label} must be at most ${max} characters`).nullable().optional();

/** The listing fields; the permit rules of its emirate are checked on the whole listing. */
export const propertyFields = z.object({
  title: text({ error: 'Title is required' })
    .trim()
    .min(PROPERTY_LIMITS.titleMin, `Title must be at least ${PROPERTY_LIMITS.titleMin} characters`)
    .max(PROPERTY_LIMITS.titleMax, `Title must be at most ${PROPERTY_LIMITS.titleMax} characters`),
  description: optionalText(LIMITS.longTextMax, 'Description'),
  propertyType: z.enum(PROPERTY_TYPES, { error: 'Please choose a property type' }),
  status: z.enum(PROPERTY_STATUSES, { error: 'Please choose for sale or for rent' }),
  price: z
    .number({ error: 'Price is required' })
    .int('Price must be a whole number of dirhams')
    .min(1, 'Price must be at least AED 1')
    .max(PRICE_MAX, 'Price is too large'),
  bedrooms: optionalCount('Bedrooms'),
  bathrooms: optionalCount('Bathrooms'),
  area: z
    .number({ error: 'Area must be a number' })
    .int('Area must be a whole number of square feet')
    .min(1, 'Area must be at least 1 sq ft')
    .max(PROPERTY_LIMITS.areaMax, 'Area is too large')
    .nullable()
    .optional(),
  address: optionalText(500, 'Address'),
  city: z.enum(EMIRATE_NAME_LIST, { error: 'Please choose a city' }),
  location: optionalText(LIMITS.nameMax, 'Location'),
  /** Canonical place id (GET /api/places) or "other" to keep `location` as typed. */
  locationId: placeIdField,
  features: z
    .array(
      text()
        .trim()
        .min(1, 'A feature cannot be empty')
        .max(PROPERTY_LIMITS.featureMax, `Each feature must be at most ${PROPERTY_LIMITS.featureMax} characters`),
    )
    .max(PROPERTY_LIMITS.featuresMax, `At most ${PROPERTY_LIMITS.featuresMax} features`)
    .optional(),
  imageUrls: z
    .array(text().regex(UPLOAD_URL_RE, 'Photos must be uploaded through the listing form'))
    .max(PROPERTY_LIMITS.photosMax, `At most ${PROPERTY_LIMITS.photosMax} photos`)
    .optional(),
  permitNumber: z
    .union([z.literal(''), text().trim().regex(PERMIT_RE, PERMIT_MESSAGES.otherFormat)])
    .nullable()
    .optional(),
  /** Other emirates only: who issued the permit (Dubai's and Abu Dhabi's follow from the emirate). */
  permitAuthorityName: z
    .union([z.literal(''), text().trim().max(PERMIT_AUTHORITY_NAME_MAX, PERMIT_MESSAGES.authorityNameMax)])
    .nullable()
    .optional(),
  /** The permit's last day (YYYY-MM-DD, UAE time); the listing leaves the market the day after. */
  permitExpiresOn: z
    .union([z.literal(''), text().trim().max(10, PERMIT_MESSAGES.expiryFormat)])
    .nullable()
    .optional(),
});

export const PERMIT_REQUIRED = PERMIT_MESSAGES.trakheesiRequired;

/** The emirate's permit rules on a whole listing (the expiry's date against today is the server's check). */
export const propertyInputSchema = propertyFields.superRefine((v, ctx) => {
  for (const issue of permitIssues(v)) ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
});
export type PropertyInput = z.input<typeof propertyInputSchema>;
export type PropertyInputParsed = z.output<typeof propertyInputSchema>;

/** PATCH: any subset of the fields; the permit rule is checked on the merged listing. */
export const propertyPatchSchema = propertyFields.partial();
export type PropertyPatch = z.output<typeof propertyPatchSchema>;

/** The version the admin reviewed; a listing changed since answers 409. */
export const propertyApproveSchema = z.object({
  version: reviewedVersionRequired,
  updatedAt: z.string().max(40).optional(),
});

export const propertyRejectSchema = z.object({
  version: z.number().int().min(1).optional(),
  updatedAt: z.string().max(40).optional(),
  reason: text({ error: 'Please give a reason' })
    .trim()
    .min(3, 'Please give a reason')
    .max(PROPERTY_LIMITS.rejectReasonMax, `Reason must be at most ${PROPERTY_LIMITS.rejectReasonMax} characters`),
});

export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

export const propertyOwnerSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  profileImageUrl: z.string().nullable(),
  role: z.enum(USER_ROLES),
});

/** A listing as the API answers it (its stored fields plus the owner and agent name). */
/**
 * Arabic beside the English of a listing: the demo listings carry it; an owner's listing
 * has none and shows as written.
 */
export const propertyTranslationsSchema = z.object({
  ar: z
    .object({ title: z.string(), description: z.string(), features: z.array(z.string()) })
    .partial()
    .optional(),
});
export type PropertyTranslations = z.output<typeof propertyTranslationsSchema>;

export const propertySchema = z.object({
  id: z.string(),
  userId: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  propertyType: z.enum(PROPERTY_TYPES),
  status: z.enum(PROPERTY_STATUSES),
  price: z.number(),
  bedrooms: z.number().nullable(),
  bathrooms: z.number().nullable(),
  area: z.number().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  location: z.string().nullable(),
  locationId: z.string().nullable(),
  imageUrls: z.array(z.string()),
  features: z.array(z.string()),
  permitNumber: z.string().nullable(),
  /** The regulator's link from the permit's QR (checked on upload); the web re-draws the code from it. */
  permitQrLink: z.string().nullable(),
  /** Whose permit: Trakheesi (Dubai), Madhmoun (Abu Dhabi) or another authority, named. */
  permitAuthority: z.enum(PERMIT_AUTHORITIES).nullable(),
  permitAuthorityName: z.string().nullable(),
  /** The permit's last day (YYYY-MM-DD); null on listings from before expiry dates were asked. */
  permitExpiresOn: z.string().nullable(),
  /**
   * Why the listing is off the market today (sold, let, or its permit expired), or null: an
   * off-market listing is in no list or search and is not shared.
   */
  offMarket: z.enum(['sold', 'rented', 'permit_expired']).nullable(),
  isApproved: z.boolean(),
  approvalStatus: z.enum(APPROVAL_STATUSES),
  /** Only for the owner and admins. */
  rejectionReason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Bumped by every change; approve/reject name the version the admin reviewed. */
  version: z.number(),
  /** Owner and admins only: an edit of the approved listing waiting for review (changed fields, new values). */
  pendingRevision: z.record(z.string(), z.unknown()).nullable(),
  owner: propertyOwnerSchema,
  firstName: z.string(),
  lastName: z.string(),
  profileImageUrl: z.string().nullable(),
  agentName: z.string(),
  translations: propertyTranslationsSchema,
});
export type Property = z.infer<typeof propertySchema>;

/** The listing page adds how to reach the owner, and the licences it is advertised under. */
export const propertyDetailSchema = propertySchema.extend({
  contact: z.object({
    phone: z.string().nullable(),
    email: z.string().nullable(),
    cardId: z.string().nullable(),
  }),
  /** The lister's broker registration number (BRN) and their brokerage's office number (ORN). */
  licences: z.object({ brn: z.string().nullable(), orn: z.string().nullable() }),
});
export type PropertyDetail = z.infer<typeof propertyDetailSchema>;

export const mineQuerySchema = pagination;

export const pendingPropertiesSchema = z.object({
  items: z.array(propertySchema),
  total: z.number(),
});

export const uploadedImageSchema = z.object({
  url: z.string(),
  width: z.number(),
  height: z.number(),
  bytes: z.number(),
});
export type UploadedImage = z.infer<typeof uploadedImageSchema>;
