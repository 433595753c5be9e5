/**
 * The professional services catalogue: the
 * filters of GET /api/services, the "become a provider" form and the entry as answered.
 */
import { z } from 'zod';
import { SERVICE_CATEGORIES, SERVICE_PRICE_TIERS, SERVICE_TYPES } from '../enums';
import { SERVICE_TAB_KEYS } from '../filter-options';
import { LIMITS } from '../limits';
import { httpUrl, text } from './common';
import { optionalPhoneField } from './phone';
import { optionalQueryEnum, queryText, SEARCH_TEXT_MAX } from './directory';
import { UPLOAD_URL_RE } from './properties';

export { SERVICE_TAB_KEYS, SERVICE_TABS, type ServiceTab } from '../filter-options';

export const serviceQuerySchema = z.object({
  search: queryText(SEARCH_TEXT_MAX, 'Search'),
  category: optionalQueryEnum(SERVICE_CATEGORIES, 'category'),
  tab: optionalQueryEnum(SERVICE_TAB_KEYS, 'tab'),
  priceTier: z.preprocess(
    (v) => (v === '' || v === 'all' ? undefined : v),
    z.enum(SERVICE_PRICE_TIERS, { error: 'Unknown price range' }).optional(),
  ),
  limit: z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).default(LIMITS.pageSizeMax),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type ServiceQuery = z.output<typeof serviceQuerySchema>;

export const SERVICE_LIMITS = { nameMax: 200, featuresMax: 10, featureMax: 80, perUser: 20 } as const;

const optionalText = (max: number, label: string) =>
  text().trim().max(max, `${label} must be at most ${max} characters`).nullable().optional();

/** A service's feature list, the same rules in either language. */
const featureList = z
  .array(
    text()
      .trim()
      .min(1)
      .max(SERVICE_LIMITS.featureMax, `Each feature must be at most ${SERVICE_LIMITS.featureMax} characters`),
  )
  .max(SERVICE_LIMITS.featuresMax, `At most ${SERVICE_LIMITS.featuresMax} features`)
  .optional();

/**
 * The Arabic text of an entry beside its English (platform content comes in both languages).
 * Every field is optional: what is missing shows in English.
 */
export const serviceTranslationSchema = z.object({
  name: optionalText(SERVICE_LIMITS.nameMax, 'Arabic service name'),
  provider: optionalText(SERVICE_LIMITS.nameMax, 'Arabic provider name'),
  description: optionalText(LIMITS.longTextMax, 'Arabic description'),
  features: featureList,
  priceLabel: optionalText(100, 'Arabic price'),
});
export const serviceTranslationsSchema = z.object({ ar: serviceTranslationSchema.optional() });
export type ServiceTranslations = z.output<typeof serviceTranslationsSchema>;

/** "Become a provider": a signed-in user submits a service (approved by default). */
export const serviceInputSchema = z.object({
  name: text({ error: 'Service name is required' })
    .trim()
    .min(3, 'Service name is required')
    .max(SERVICE_LIMITS.nameMax, `Service name must be at most ${SERVICE_LIMITS.nameMax} characters`),
  provider: text({ error: 'Provider is required' })
    .trim()
    .min(2, 'Provider is required')
    .max(SERVICE_LIMITS.nameMax, `Provider must be at most ${SERVICE_LIMITS.nameMax} characters`),
  serviceType: z.enum(SERVICE_TYPES, { error: 'Please choose a service type' }),
  category: z.enum(SERVICE_CATEGORIES, { error: 'Please choose a category' }),
  description: text({ error: 'Description is required' })
    .trim()
    .min(10, 'Description must be at least 10 characters')
    .max(LIMITS.longTextMax, `Description must be at most ${LIMITS.longTextMax} characters`),
  features: featureList,
  priceLabel: optionalText(100, 'Price'),
  priceTier: z.enum(SERVICE_PRICE_TIERS, { error: 'Please choose a price range' }).nullable().optional(),
  city: optionalText(100, 'City'),
  address: optionalText(500, 'Address'),
  imageUrl: z
    .union([z.literal(''), text().regex(UPLOAD_URL_RE, 'Images must be uploaded through the form')])
    .nullable()
    .optional(),
  contactInfo: z
    .object({
      phone: optionalPhoneField.transform((v) => v ?? undefined),
      email: z.union([z.literal(''), text().trim().email('Please enter a valid email address').max(254)]).optional(),
      website: z.union([z.literal(''), httpUrl]).optional(),
    })
    .optional(),
  translations: serviceTranslationsSchema.optional(),
});
export type ServiceInput = z.input<typeof serviceInputSchema>;
export type ServiceInputParsed = z.output<typeof serviceInputSchema>;

/**
 * The admin's edit of an entry's text (the admin edits both languages): the English fields as
 * the provider form has them, and the Arabic beside them. The whole text is sent each time; an
 * Arabic field left empty is removed (the entry then shows the English there).
 */
export const serviceTextSchema = serviceInputSchema
  .pick({ name: true, provider: true, description: true, features: true, priceLabel: true })
  .extend({ translations: serviceTranslationsSchema });
export type ServiceTextInput = z.input<typeof serviceTextSchema>;
export type ServiceTextParsed = z.output<typeof serviceTextSchema>;

export const serviceHideSchema = z.object({
  hidden: z.boolean({ error: 'hidden must be true or false' }),
});

export const serviceSchema = z.object({
  id: z.string(),
  name: z.string(),
  provider: z.string().nullable(),
  serviceType: z.enum(SERVICE_TYPES),
  category: z.string(),
  description: z.string().nullable(),
  features: z.array(z.string()),
  priceLabel: z.string().nullable(),
  priceTier: z.string().nullable(),
  imageUrl: z.string().nullable(),
  contactInfo: z.object({
    phone: z.string().optional(),
    email: z.string().optional(),
    website: z.string().optional(),
  }),
  address: z.string().nullable(),
  city: z.string().nullable(),
  isApproved: z.boolean(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  /** The same entry in Arabic, where the provider (or the catalogue) wrote it. */
  translations: z.object({
    ar: z
      .object({
        name: z.string().nullish(),
        provider: z.string().nullish(),
        description: z.string().nullish(),
        features: z.array(z.string()).optional(),
        priceLabel: z.string().nullish(),
      })
      .optional(),
  }),
});
export type Service = z.infer<typeof serviceSchema>;

/** The entry's text in a language: the Arabic where there is one, the English otherwise. */
export function localizedService(s: Service, language: string) {
  const ar = language.startsWith('ar') ? s.translations.ar : undefined;
  return {
    name: ar?.name || s.name,
    provider: ar?.provider || s.provider,
    description: ar?.description || s.description,
    features: ar?.features?.length ? ar.features : s.features,
    priceLabel: ar?.priceLabel || s.priceLabel,
  };
}
