/**
 * Business card payloads. The same schema validates the card form in the
 * browser and the request on the server; ownership and status rules live in the server's service.
 */
import { z } from 'zod';
import { withoutBidi } from './bidi';
import { cardBrokerageSchema } from './brokerage-brand';
import { optionalPhoneField } from './phone';
import {
  BROKER_SPECIALIZATIONS,
  CARD_STATUSES,
  COUNTRY_CODES,
  DEVELOPER_PROJECT_TYPES,
  EMIRATES,
  GENDERS,
  INVESTMENT_INTERESTS,
  INVESTOR_BUDGETS,
  LANGUAGES,
  LOAN_SPECIALIZATIONS,
  NATIONALITIES,
  PROFESSIONAL_ROLES,
  UAE_BANKS,
  UI_LANGUAGES,
  USER_ROLES,
} from '../enums';
import { LIMITS } from '../limits';
import { APPROVAL_NEEDS_VERSION, emailField, optionalHttpUrl, placeIdField, text } from './common';

/** A user may hold a few cards (one per role or company), not an unbounded number. */
export const MAX_CARDS_PER_USER = 10;
export const LIST_ITEM_MAX = 100;
export const OFFICE_ADDRESS_MAX = 500;

/** roleTitle holds the broker specialization or the banking loan specialization (lead's mapping). */
export const ROLE_TITLES = [...BROKER_SPECIALIZATIONS, ...LOAN_SPECIALIZATIONS] as const;

/** Optional enum where '' (an untouched select) means "none". */
const optionalEnum = <const T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z
    .enum(['', ...values] as const, { error: `Please choose a valid ${label}` })
    .optional()
    .nullable();

const optionalText = (max: number, label: string) =>
  text().trim().max(max, `${label} must be at most ${max} characters`).optional().nullable();

const enumList = <const T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z
    .array(z.enum(values, { error: `Please choose a valid ${label}` }))
    .max(values.length, `Too many ${label} values`)
    .optional();

const textList = (label: string) =>
  z
    .array(text().trim().min(1).max(LIST_ITEM_MAX, `Each ${label} entry must be at most ${LIST_ITEM_MAX} characters`))
    .max(LIMITS.listMax, `At most ${LIMITS.listMax} ${label} entries`)
    .optional();

const optionalInt = (min: number, max: number, label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be between ${min} and ${max}`)
    .max(max, `${label} must be between ${min} and ${max}`)
    .optional()
    .nullable();

const shaped = (re: RegExp, message: string) =>
  z
    .union([z.literal(''), text().trim().regex(re, message)])
    .optional()
    .nullable();

/**
 * Our own image paths only: a photo uploaded through /api/uploads/images or a
 * generated avatar. An external URL is a tracking pixel; another same-site path (e.g.
 * /api/logout) would run as the viewer.
 */
export const OWN_IMAGE_URL_RE = /^\/api\/(?:uploads\/[a-f0-9]{32,64}\.webp|avatars\/[A-Za-z0-9._~%-]+\.svg)$/;
export const IMAGE_UPLOAD_MESSAGE = 'Upload a photo here; links to other sites are not accepted';

/** An image field: empty, or one of our own image paths. */
export const imageUrl = z
  .union([z.literal(''), text().trim().max(LIMITS.urlMax).regex(OWN_IMAGE_URL_RE, IMAGE_UPLOAD_MESSAGE)])
  .optional()
  .nullable();

export const socialLinksSchema = z.object({
  linkedin: optionalHttpUrl,
  twitter: optionalHttpUrl,
  instagram: optionalHttpUrl,
  website: optionalHttpUrl,
});
export type SocialLinksInput = z.infer<typeof socialLinksSchema>;

export const LICENSE_PATTERNS = {
  /** RERA Broker Registration Number: digits only. */
  brn: /^\d{3,10}$/,
  /** RERA Office Registration Number: digits only. */
  orn: /^\d{3,10}$/,
  /** Mortgage broker practice card: letters and digits. */
  practiceCard: /^[A-Za-z0-9]{4,30}$/,
} as const;

/**
 * The card's text in one language: the same fields and limits as the card's own, all optional
 * (an empty field means "not written in this language"; the card shows the other language there).
 */
export const cardTextSchema = z.object({
  name: withoutBidi(text().trim().max(LIMITS.nameMax, `Name must be at most ${LIMITS.nameMax} characters`))
    .optional()
    .nullable(),
  profession: withoutBidi(
    text().trim().max(LIMITS.shortTextMax, `Profession must be at most ${LIMITS.shortTextMax} characters`),
  )
    .optional()
    .nullable(),
  company: optionalText(LIMITS.shortTextMax, 'Company'),
  officeAddress: optionalText(OFFICE_ADDRESS_MAX, 'Office address'),
  professionalBio: optionalText(LIMITS.longTextMax, 'Professional bio'),
  salesPitch: optionalText(LIMITS.longTextMax, 'Sales pitch'),
  valueProposition: optionalText(LIMITS.longTextMax, 'Value proposition'),
  servicesOffered: textList('service'),
  financingSolutions: optionalText(LIMITS.longTextMax, 'Financing solutions'),
  investmentProfile: optionalText(LIMITS.longTextMax, 'Investment profile'),
  description: optionalText(LIMITS.longTextMax, 'Description'),
});
export type CardTextInput = z.input<typeof cardTextSchema>;

/**
 * The card in its other language. The card's own fields are in `primaryLanguage`; this holds the
 * other one (a key equal to the primary language is ignored: those are the card's own fields).
 */
export const cardTranslationsSchema = z.object({
  en: cardTextSchema.optional(),
  ar: cardTextSchema.optional(),
});
export type CardTranslationsInput = z.input<typeof cardTranslationsSchema>;

/** A stored translation: only the fields written, never blanks. */
export const storedCardTextSchema = z.object({
  name: z.string().optional(),
  profession: z.string().optional(),
  company: z.string().optional(),
  officeAddress: z.string().optional(),
  professionalBio: z.string().optional(),
  salesPitch: z.string().optional(),
  valueProposition: z.string().optional(),
  servicesOffered: z.array(z.string()).optional(),
  financingSolutions: z.string().optional(),
  investmentProfile: z.string().optional(),
  description: z.string().optional(),
});
export type StoredCardText = z.infer<typeof storedCardTextSchema>;
export const storedCardTranslationsSchema = z.object({
  en: storedCardTextSchema.optional(),
  ar: storedCardTextSchema.optional(),
});
export type CardTranslations = z.infer<typeof storedCardTranslationsSchema>;

/** The card payload of the create and edit forms (only name and profession are enforced). */
export const cardInputSchema = z.object({
  name: withoutBidi(
    text({ error: 'Name is required' })
      .trim()
      .min(1, 'Name is required')
      .max(LIMITS.nameMax, `Name must be at most ${LIMITS.nameMax} characters`),
  ),
  profession: withoutBidi(
    text({ error: 'Profession is required' })
      .trim()
      .min(1, 'Profession is required')
      .max(LIMITS.shortTextMax, `Profession must be at most ${LIMITS.shortTextMax} characters`),
  ),
  company: optionalText(LIMITS.shortTextMax, 'Company'),
  roleTitle: optionalEnum(ROLE_TITLES, 'specialization'),
  /** Stored in E.164; the country code beside it follows from the number. */
  phone: optionalPhoneField,
  countryCode: optionalEnum(COUNTRY_CODES, 'country code'),
  email: z
    .union([z.literal(''), emailField])
    .optional()
    .nullable(),
  gender: optionalEnum(GENDERS, 'gender'),
  nationality: optionalEnum(NATIONALITIES, 'nationality'),
  age: optionalInt(LIMITS.ageMin, LIMITS.ageMax, 'Age'),
  yearsOfExperience: optionalInt(LIMITS.experienceMin, LIMITS.experienceMax, 'Years of experience'),
  languages: enumList(LANGUAGES, 'language'),
  emirate: optionalEnum(EMIRATES, 'emirate'),
  area: optionalText(LIMITS.nameMax, 'Area'),
  /** Canonical place id (GET /api/places) or "other" to keep `area` as typed; without it `area` must name a known place. */
  areaId: placeIdField,
  officeAddress: optionalText(OFFICE_ADDRESS_MAX, 'Office address'),
  googleMapsLink: optionalHttpUrl,
  professionalBio: optionalText(LIMITS.longTextMax, 'Professional bio'),
  salesPitch: optionalText(LIMITS.longTextMax, 'Sales pitch'),
  valueProposition: optionalText(LIMITS.longTextMax, 'Value proposition'),
  propertySpecialization: enumList(DEVELOPER_PROJECT_TYPES, 'project type'),
  bankName: optionalEnum(UAE_BANKS, 'bank'),
  servicesOffered: textList('service'),
  financingSolutions: optionalText(LIMITS.longTextMax, 'Financing solutions'),
  projectPortfolioLink: optionalHttpUrl,
  investmentBudgetRange: optionalEnum(INVESTOR_BUDGETS, 'budget range'),
  investmentInterests: enumList(INVESTMENT_INTERESTS, 'investment interest'),
  investmentProfile: optionalText(LIMITS.longTextMax, 'Investment profile'),
  regionsOfInterest: textList('region'),
  description: optionalText(LIMITS.longTextMax, 'Description'),
  socialLinks: socialLinksSchema.optional(),
  profileImageUrl: imageUrl,
  brnNumber: shaped(LICENSE_PATTERNS.brn, 'BRN must be 3 to 10 digits'),
  ornNumber: shaped(LICENSE_PATTERNS.orn, 'ORN must be 3 to 10 digits'),
  practiceCardNumber: shaped(LICENSE_PATTERNS.practiceCard, 'Practice card number must be 4 to 30 letters or digits'),
  aiGenerated: z.boolean().optional(),
  /**
   * The language the fields above are written in. Left out, the server keeps the card's (or, for
   * a card in one language, reads it from the script of the name, profession and company).
   */
  primaryLanguage: z.enum(UI_LANGUAGES, { error: 'Language must be en or ar' }).optional(),
  /** The same text in the other language. */
  translations: cardTranslationsSchema.optional(),
  // A `userId` in the body is stripped like any unknown key: the owner is the session's user.
});
export type CardInput = z.input<typeof cardInputSchema>;
export type CardInputParsed = z.output<typeof cardInputSchema>;

export const cardUserSchema = z.object({
  id: z.string(),
  role: z.enum(USER_ROLES),
  profileImageUrl: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
});

export const cardStatsSchema = z.object({
  views: z.number(),
  vcardDownloads: z.number(),
  qrVisits: z.number(),
});

/** A card as the API answers it. `stats` and `rejectionReason` only reach the owner and admins. */
export const cardSchema = z.object({
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
  age: z.number().nullable(),
  yearsOfExperience: z.number().nullable(),
  languages: z.array(z.enum(LANGUAGES)),
  emirate: z.enum(EMIRATES).nullable(),
  area: z.string().nullable(),
  areaId: z.string().nullable(),
  officeAddress: z.string().nullable(),
  googleMapsLink: z.string().nullable(),
  professionalBio: z.string().nullable(),
  salesPitch: z.string().nullable(),
  valueProposition: z.string().nullable(),
  propertySpecialization: z.array(z.string()),
  bankName: z.string().nullable(),
  servicesOffered: z.array(z.string()),
  financingSolutions: z.string().nullable(),
  projectPortfolioLink: z.string().nullable(),
  investmentBudgetRange: z.string().nullable(),
  investmentInterests: z.array(z.enum(INVESTMENT_INTERESTS)),
  investmentProfile: z.string().nullable(),
  regionsOfInterest: z.array(z.string()),
  description: z.string().nullable(),
  socialLinks: z.object({
    linkedin: z.string().optional(),
    twitter: z.string().optional(),
    instagram: z.string().optional(),
    website: z.string().optional(),
  }),
  profileImageUrl: z.string().nullable(),
  brnNumber: z.string().nullable(),
  ornNumber: z.string().nullable(),
  practiceCardNumber: z.string().nullable(),
  licenseVerified: z.boolean(),
  /**
   * How the licence was verified when the regulator's register confirmed it: the licence's end,
   * the day of the check and the register's names (its Arabic name shows where the card has none).
   * Absent when the badge is an admin's manual check or there is none.
   */
  licence: z
    .object({
      source: z.literal('register'),
      validUntil: z.string().nullable(),
      checkedAt: z.string(),
      registerNameEn: z.string().nullable(),
      registerNameAr: z.string().nullable(),
    })
    .nullable()
    .optional(),
  status: z.enum(CARD_STATUSES),
  rejectionReason: z.string().nullable(),
  isPublic: z.boolean(),
  aiGenerated: z.boolean(),
  /** The language of the card's own text fields ("en" or "ar"). */
  primaryLanguage: z.enum(UI_LANGUAGES),
  /** The card's text in its other language, where written (see cardText in core/card-text). */
  translations: storedCardTranslationsSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Bumped by every change; approve/reject name the version the admin reviewed. */
  version: z.number(),
  /**
   * Owner and admins only: an edit of the published card waiting for review, as the changed fields
   * with their new values (the card's other fields are the live, approved content).
   */
  pendingRevision: z.record(z.string(), z.unknown()).nullable(),
  user: cardUserSchema,
  stats: cardStatsSchema.optional(),
  /** The brokerage the owner works for: its brand on the card; null for independents. */
  brokerage: cardBrokerageSchema.nullable().optional(),
});
export type Card = z.infer<typeof cardSchema>;

/** What the admin reviewed: a decision on content that changed since answers 409. */
export const reviewedVersionFields = {
  version: z.number().int().min(1).optional(),
  updatedAt: z.string().max(40).optional(),
};

/** Admin decision on a card: status, optionally isPublic, and a reason on rejection. */
export const cardStatusUpdateSchema = z
  .object({
    status: z.enum(['approved', 'rejected'], { error: 'Status must be approved or rejected' }),
    ...reviewedVersionFields,
    isPublic: z.boolean().optional(),
    reason: text().trim().max(1000, 'Reason must be at most 1000 characters').optional().nullable(),
  })
  .refine((b) => b.status !== 'approved' || b.version !== undefined, {
    path: ['version'],
    message: APPROVAL_NEEDS_VERSION,
  });
export type CardStatusUpdate = z.infer<typeof cardStatusUpdateSchema>;

export const cardLicenseUpdateSchema = z.object({ verified: z.boolean({ error: 'verified must be true or false' }) });

/**
 * The view the public card page reports, with its `?src=` (qr, directory, search, a
 * share channel…). An unknown or overlong mark is a direct visit, never a 400 that breaks the page.
 */
export const cardViewSchema = z.object({ src: z.string().max(40).optional().catch(undefined) });

export const cardQrSchema = z.object({
  url: z.string(),
  svg: z.string(),
  dataUrl: z.string(),
});
export type CardQr = z.infer<typeof cardQrSchema>;

export const pendingPropertySchema = z.object({
  id: z.string(),
  title: z.string(),
  price: z.number(),
  createdAt: z.string(),
  owner: z.object({ id: z.string(), firstName: z.string(), lastName: z.string() }),
});

export const pendingApprovalsSchema = z.object({
  businessCards: z.array(cardSchema),
  properties: z.array(pendingPropertySchema),
  totals: z.object({ businessCards: z.number(), properties: z.number() }),
});
export type PendingApprovals = z.infer<typeof pendingApprovalsSchema>;

// ——— AI generation ———

export const AI_NAME_REQUIRED = 'Please enter your name before generating AI content.';
export const AI_ROLE_REQUIRED = 'Role Required: please choose your professional role before generating AI content.';

export const aiGenerateRequestSchema = z.object({
  role: z.enum(PROFESSIONAL_ROLES, { error: AI_ROLE_REQUIRED }),
  name: text({ error: AI_NAME_REQUIRED }).trim().min(1, AI_NAME_REQUIRED).max(LIMITS.nameMax),
  company: optionalText(LIMITS.shortTextMax, 'Company'),
  language: z.enum(UI_LANGUAGES).optional(),
  roleTitle: optionalEnum(ROLE_TITLES, 'specialization'),
  bankName: optionalEnum(UAE_BANKS, 'bank'),
  propertySpecialization: enumList(DEVELOPER_PROJECT_TYPES, 'project type'),
  emirate: optionalEnum(EMIRATES, 'emirate'),
  area: optionalText(LIMITS.nameMax, 'Area'),
  languages: enumList(LANGUAGES, 'language'),
  yearsOfExperience: optionalInt(LIMITS.experienceMin, LIMITS.experienceMax, 'Years of experience'),
  investmentBudgetRange: optionalEnum(INVESTOR_BUDGETS, 'budget range'),
  investmentInterests: enumList(INVESTMENT_INTERESTS, 'investment interest'),
  nationality: optionalEnum(NATIONALITIES, 'nationality'),
  /** Lets the Arabic text use the right grammatical gender. */
  gender: optionalEnum(GENDERS, 'gender'),
  /**
   * What the card already says in its other language: the answer (in `language`) translates it
   * rather than inventing new text, and a known job title is carried over as the same title.
   */
  sourceText: z
    .object({
      language: z.enum(UI_LANGUAGES),
      profession: optionalText(LIMITS.shortTextMax, 'Profession'),
      professionalBio: optionalText(LIMITS.longTextMax, 'Professional bio'),
      salesPitch: optionalText(LIMITS.longTextMax, 'Sales pitch'),
      valueProposition: optionalText(LIMITS.longTextMax, 'Value proposition'),
    })
    .optional(),
});
export type AiGenerateRequest = z.output<typeof aiGenerateRequestSchema>;

export const aiGenerateResponseSchema = z.object({
  profession: z.string(),
  description: z.string(),
  suggestedCompany: z.string().optional(),
  salesPitch: z.string().optional(),
  valueProposition: z.string().optional(),
  language: z.enum(UI_LANGUAGES),
  /** Which provider wrote it: the configured model or the built-in composer. */
  source: z.enum(['ai', 'composer']),
});
export type AiGenerateResponse = z.infer<typeof aiGenerateResponseSchema>;
