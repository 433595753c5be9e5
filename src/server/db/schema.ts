/**
 * The whole database. Migrations in /drizzle are generated
 * from this file by drizzle-kit; never edit a generated migration by hand.
 *
 * ON DELETE choices: a user's own content (cards, listings, conversations, messages) goes with
 * the user row; account deletion itself is a soft delete that anonymises the row, so
 * the other side of a conversation keeps its history and sees "Deleted user".
 */
import { getTableColumns, sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import {
  CARD_STATUSES,
  EMIRATES,
  GENDERS,
  INVESTMENT_INTERESTS,
  LANGUAGES,
  NATIONALITIES,
  PROPERTY_STATUSES,
  PROPERTY_TYPES,
  SERVICE_TYPES,
  USER_ROLES,
  type UiLanguage,
} from '../../core/enums';
import type { CardTranslations } from '../../core/schemas/card';
import type { PropertyTranslations } from '../../core/schemas/properties';
import { PERMIT_AUTHORITIES } from '../../core/permits';
import type { ServiceTranslations } from '../../core/schemas/services';

export const userRole = pgEnum('user_role', USER_ROLES);
export const language = pgEnum('language', LANGUAGES);
export const gender = pgEnum('gender', GENDERS);
export const cardStatus = pgEnum('card_status', CARD_STATUSES);
export const propertyType = pgEnum('property_type', PROPERTY_TYPES);
export const propertyStatus = pgEnum('property_status', PROPERTY_STATUSES);
export const permitAuthority = pgEnum('permit_authority', PERMIT_AUTHORITIES);
export const emirate = pgEnum('emirate', EMIRATES);
export const nationality = pgEnum('nationality', NATIONALITIES);
export const investmentInterest = pgEnum('investment_interest', INVESTMENT_INTERESTS);
export const serviceType = pgEnum('service_type', SERVICE_TYPES);

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

export type SocialLinks = {
  linkedin?: string;
  twitter?: string;
  instagram?: string;
  website?: string;
};

export type NotificationPrefs = {
  messages: boolean;
  inquiries: boolean;
  cardStatus: boolean;
  subscription: boolean;
};

// Triggers on users: users_cards_owner_sync copies a change of role, subscription, visibility,
// suspension or deletion onto the owner's cards (modules/cards/owner-copy.sql); users_list_version
// and users_list_version_truncate move the list version (platform/list-version.sql).
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: varchar('email', { length: 254 }).notNull(),
    /** Admin accounts sign in with a username at /admin-login. */
    username: varchar('username', { length: 64 }),
    passwordHash: text('password_hash'),
    firstName: varchar('first_name', { length: 100 }).notNull(),
    lastName: varchar('last_name', { length: 100 }).notNull(),
    phoneNumber: varchar('phone_number', { length: 32 }).notNull(),
    countryCode: varchar('country_code', { length: 8 }).notNull(),
    profileImageUrl: text('profile_image_url'),
    role: userRole('role').notNull().default('investor'),
    /** Whether the user picked a role on /role-selection (the stored default is investor). */
    roleChosen: boolean('role_chosen').notNull().default(false),
    isEmailVerified: boolean('is_email_verified').notNull().default(false),
    /** SHA-256 of the verification token; the token itself only travels in the e-mail. */
    emailVerificationToken: text('email_verification_token'),
    emailVerificationExpires: timestamp('email_verification_expires', { withTimezone: true }),
    subscriptionStatus: text('subscription_status').notNull().default('inactive'),
    subscriptionPeriodEnd: timestamp('subscription_period_end', { withTimezone: true }),
    /** When the renewal reminder for the current period was mailed (once per period). */
    subscriptionReminderSentAt: timestamp('subscription_reminder_sent_at', { withTimezone: true }),
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    phone: varchar('phone', { length: 32 }),
    company: varchar('company', { length: 200 }),
    position: varchar('position', { length: 200 }),
    bio: text('bio'),
    preferredLanguage: varchar('preferred_language', { length: 2 }).notNull().default('en'),
    cardVisibility: varchar('card_visibility', { length: 16 }).notNull().default('public'),
    notificationPrefs: jsonb('notification_prefs')
      .$type<NotificationPrefs>()
      .notNull()
      .default({ messages: true, inquiries: true, cardStatus: true, subscription: true }),
    /** AES-256-GCM ciphertext of the TOTP secret; see account/secret-box.ts. */
    totpSecret: text('totp_secret'),
    totpEnabled: boolean('totp_enabled').notNull().default(false),
    /** The last 30-second TOTP step accepted: each step's code works once. */
    totpLastStep: integer('totp_last_step'),
    /** An e-mail change waiting for its verification link. */
    pendingEmail: varchar('pending_email', { length: 254 }),
    /** SHA-256 of the e-mail change token; the token itself only travels in the e-mail. */
    pendingEmailToken: text('pending_email_token'),
    pendingEmailExpires: timestamp('pending_email_expires', { withTimezone: true }),
    /** SHA-256 hashes of unused recovery codes. */
    recoveryCodes: jsonb('recovery_codes').$type<string[]>(),
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_idx').on(t.username),
    index('users_role_idx').on(t.role),
    index('users_created_at_idx').on(t.createdAt),
    // The expiry job finds active subscriptions by period end; webhooks find the user.
    index('users_subscription_end_idx').on(t.subscriptionStatus, t.subscriptionPeriodEnd),
    index('users_stripe_subscription_idx').on(t.stripeSubscriptionId),
  ],
);

// Triggers on business_cards: business_cards_owner_copy fills owner_role and owner_listed_until
// from the owner when a card is inserted or moved (modules/cards/owner-copy.sql); business_cards_list_version,
// _list_version_update (not for view counters) and _list_version_truncate move the list version
// (platform/list-version.sql). search_doc and place_doc call modules/search/search-docs.sql.
export const businessCards = pgTable(
  'business_cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 100 }).notNull(),
    profession: varchar('profession', { length: 200 }).notNull(),
    company: varchar('company', { length: 200 }),
    /** Broker specialization or banking loan specialization. */
    roleTitle: varchar('role_title', { length: 100 }),
    phone: varchar('phone', { length: 32 }),
    countryCode: varchar('country_code', { length: 8 }).default('+971'),
    email: varchar('email', { length: 254 }),
    gender: gender('gender'),
    nationality: nationality('nationality'),
    age: integer('age'),
    yearsOfExperience: integer('years_of_experience'),
    languages: language('languages').array().notNull().default(sql`'{}'`),
    emirate: emirate('emirate').default('dubai'),
    /** Area within the emirate, e.g. Dubai Marina (the directory's location chips): the canonical name, or the text as typed when areaId is "other". */
    area: varchar('area', { length: 100 }),
    /** Canonical place id from src/core/places.ts ("dubai-marina"), "other", or null when no area is given. */
    areaId: varchar('area_id', { length: 48 }),
    officeAddress: text('office_address'),
    googleMapsLink: text('google_maps_link'),
    professionalBio: text('professional_bio'),
    salesPitch: text('sales_pitch'),
    valueProposition: text('value_proposition'),
    propertySpecialization: text('property_specialization').array().notNull().default(sql`'{}'`),
    bankName: varchar('bank_name', { length: 64 }),
    servicesOffered: text('services_offered').array().notNull().default(sql`'{}'`),
    financingSolutions: text('financing_solutions'),
    projectPortfolioLink: text('project_portfolio_link'),
    investmentBudgetRange: varchar('investment_budget_range', { length: 32 }),
    investmentInterests: investmentInterest('investment_interests').array().notNull().default(sql`'{}'`),
    investmentProfile: text('investment_profile'),
    regionsOfInterest: text('regions_of_interest').array().notNull().default(sql`'{}'`),
    description: text('description'),
    socialLinks: jsonb('social_links').$type<SocialLinks>().notNull().default({}),
    profileImageUrl: text('profile_image_url'),
    qrCode: text('qr_code'),
    vcardData: text('vcard_data'),
    /** Licence numbers: RERA BRN and ORN for brokers, practice card for banking brokers. */
    brnNumber: varchar('brn_number', { length: 20 }),
    ornNumber: varchar('orn_number', { length: 20 }),
    practiceCardNumber: varchar('practice_card_number', { length: 30 }),
    licenseVerified: boolean('license_verified').notNull().default(false),
    licenseVerifiedAt: timestamp('license_verified_at', { withTimezone: true }),
    status: cardStatus('status').notNull().default('pending'),
    rejectionReason: text('rejection_reason'),
    isPublic: boolean('is_public').notNull().default(false),
    aiGenerated: boolean('ai_generated').notNull().default(false),
    /** The language the card's text columns are written in ('en' or 'ar'). */
    primaryLanguage: varchar('primary_language', { length: 2 }).$type<UiLanguage>().notNull().default('en'),
    /** The card's text in its other language (core/card-text.ts): only the fields written. */
    translations: jsonb('translations').$type<CardTranslations>().notNull().default({}),
    viewCount: integer('view_count').notNull().default(0),
    vcardDownloads: integer('vcard_downloads').notNull().default(0),
    qrVisits: integer('qr_visits').notNull().default(0),
    /** Bumped by every change of content or review state; the admin's approve/reject names it. */
    version: integer('version').notNull().default(1),
    /** An owner's edit of a published card, waiting for review while the approved content stays public. */
    pendingRevision: jsonb('pending_revision').$type<Record<string, unknown>>(),
    ...timestamps,
    // Stored search text: the database computes it with the
    // IMMUTABLE wrappers of modules/search/search-docs.sql; search conditions
    // read it through src/server/db/query/search-columns.ts, where its trigram indexes apply.
    /**
     * Name, profession, company, bio, specialization, bank, languages, area, office, emirate,
     * nationality, and the name, profession, company, bio and office of each translation.
     */
    searchDoc: text('search_doc').generatedAlwaysAs(
      sql`bitaqa_card_doc((name)::text, (profession)::text, (company)::text, professional_bio, (role_title)::text, property_specialization, (bank_name)::text, languages, (area)::text, office_address, emirate, nationality, translations)`,
    ),
    /** Area and office address. */
    placeDoc: text('place_doc').generatedAlwaysAs(sql`bitaqa_place_doc((area)::text, office_address)`),
    /** The folded name, for typo-tolerant name matches. */
    nameDoc: text('name_doc').generatedAlwaysAs(sql`bitaqa_fold((name)::text)`),
    // The owner's side of the listing rules, copied from users by the database (triggers
    // business_cards_owner_copy and users_cards_owner_sync, modules/cards/owner-copy.sql): the directory's role filter and sort, and whether the owner
    // lets the card be listed, are then read from the card and its indexes, not from a join that
    // visits every card's owner. The app never writes them.
    /** The owner's role. */
    ownerRole: userRole('owner_role').notNull().default('investor'),
    /**
     * Until when the owner lets the card be listed: -infinity when the owner is deleted, suspended
     * or hides their card, or is on a paid role without a running subscription; the subscription's
     * end (or infinity when it has none) on a paid role; infinity otherwise.
     */
    // Read as text: ±infinity has no Date, and a whole card row read and written back (a copy, an
    // export) must stay valid.
    ownerListedUntil: timestamp('owner_listed_until', { withTimezone: true, mode: 'string' })
      .notNull()
      .default(sql`'-infinity'`),
    /** The directory's role order (brokers, banking brokers, developers, investors, the rest). */
    ownerRank: smallint('owner_rank').generatedAlwaysAs(
      sql`case owner_role when 'real_estate_broker' then 1 when 'banking_broker' then 2 when 'real_estate_developer' then 3 when 'investor' then 4 else 5 end`,
    ),
  },
  (t) => [
    index('business_cards_user_idx').on(t.userId),
    index('business_cards_languages_idx').using('gin', t.languages),
    index('business_cards_property_specialization_idx').using('gin', t.propertySpecialization),
    index('business_cards_search_doc_trgm_idx').using('gin', t.searchDoc.op('gin_trgm_ops')),
    index('business_cards_place_doc_trgm_idx').using('gin', t.placeDoc.op('gin_trgm_ops')),
    index('business_cards_name_doc_trgm_idx').using('gin', t.nameDoc.op('gin_trgm_ops')),
    index('business_cards_name_sort_idx').on(sql`bitaqa_fold((name)::text)`, t.id),
    index('business_cards_location_sort_idx').on(
      t.emirate,
      sql`bitaqa_fold((area)::text)`,
      sql`bitaqa_fold((name)::text)`,
      t.id,
    ),
    index('business_cards_public_idx').on(t.status, t.isPublic, t.createdAt),
    // The directory's newest-first pages: read in order, stop after the page.
    index('business_cards_listed_newest_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`status = 'approved' and is_public = true`),
    // The directory's equality filters over the listed cards, with the owner: any of them (in any
    // combination) is checked inside the index, so a count or a few matches read no card row
    // that does not match.
    index('business_cards_listed_filters_idx')
      .on(t.emirate, t.ownerRole, t.roleTitle, t.nationality, t.licenseVerified, t.ownerListedUntil, t.createdAt)
      .where(sql`status = 'approved' and is_public = true`),
    // A role filter in each sort order, and the role sort, read in order from the listed cards.
    index('business_cards_listed_role_newest_idx')
      .on(t.ownerRole, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`status = 'approved' and is_public = true`),
    index('business_cards_listed_role_name_idx')
      .on(t.ownerRole, sql`bitaqa_fold((name)::text)`, t.id)
      .where(sql`status = 'approved' and is_public = true`),
    index('business_cards_listed_role_location_idx')
      .on(t.ownerRole, t.emirate, sql`bitaqa_fold((area)::text)`, sql`bitaqa_fold((name)::text)`, t.id)
      .where(sql`status = 'approved' and is_public = true`),
    index('business_cards_listed_rank_idx')
      .on(t.ownerRank, sql`bitaqa_fold((name)::text)`, t.id)
      .where(sql`status = 'approved' and is_public = true`),
    check('business_cards_age_check', sql`${t.age} is null or ${t.age} between 18 and 100`),
    check(
      'business_cards_experience_check',
      sql`${t.yearsOfExperience} is null or ${t.yearsOfExperience} between 0 and 50`,
    ),
  ],
);

/**
 * Every word that has been part of a card's folded name (`name_doc`), once: the vocabulary that
 * a misspelt search word is matched against ("voklova" → "volkova") before the cards are read.
 * A few thousand words, however many cards there are, so the nearest ones by trigram distance
 * come from a small index instead of every card's name. Kept by the database (the business_cards_name_words trigger,
 * modules/directory/name-words.sql, adds the words of a new or renamed card); the app only reads it. A word no card
 * has any more stays: it then matches no card, which the card search itself decides.
 */
export const cardNameWords = pgTable(
  'card_name_words',
  {
    word: text('word').primaryKey(),
  },
  (t) => [index('card_name_words_trgm_idx').using('gist', t.word.op('gist_trgm_ops'))],
);

/**
 * One row per counted event on a card: what the visitor did and where they came from.
 * Kept for the recent-activity list; the charts read card_daily_totals instead.
 */
export const cardEvents = pgTable(
  'card_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cardId: uuid('card_id')
      .notNull()
      .references(() => businessCards.id, { onDelete: 'cascade' }),
    action: varchar('action', { length: 20 }).notNull().default('view'),
    source: varchar('source', { length: 20 }).notNull().default('direct'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('card_events_card_idx').on(t.cardId, t.createdAt)],
);

/**
 * Daily totals of a card: one row per card and UAE day, a column per action and per
 * source of views, upserted by the statement that records the event. One row a day keeps a
 * 90-day team dashboard to a few thousand rows whatever the traffic. `userId` is the card's owner
 * (a card never changes hands), so a team's figures are read with the (user_id, day) index
 * without touching business_cards. `visitors`: each visitor once per card and day (decided by
 * card_daily_visitors).
 */
export const cardDailyTotals = pgTable(
  'card_daily_totals',
  {
    cardId: uuid('card_id')
      .notNull()
      .references(() => businessCards.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The day in the UAE (UTC+4), see core/analytics.ts. */
    day: date('day', { mode: 'string' }).notNull(),
    visitors: integer('visitors').notNull().default(0),
    views: integer('views').notNull().default(0),
    contactSaves: integer('contact_saves').notNull().default(0),
    calls: integer('calls').notNull().default(0),
    whatsappClicks: integer('whatsapp_clicks').notNull().default(0),
    emailClicks: integer('email_clicks').notNull().default(0),
    shares: integer('shares').notNull().default(0),
    leads: integer('leads').notNull().default(0),
    /** Views by source. */
    fromDirect: integer('from_direct').notNull().default(0),
    fromQr: integer('from_qr').notNull().default(0),
    fromNfc: integer('from_nfc').notNull().default(0),
    fromBackground: integer('from_background').notNull().default(0),
    fromDirectory: integer('from_directory').notNull().default(0),
    fromSearch: integer('from_search').notNull().default(0),
    fromWhatsapp: integer('from_whatsapp').notNull().default(0),
    fromLinkedin: integer('from_linkedin').notNull().default(0),
    fromEmail: integer('from_email').notNull().default(0),
    fromX: integer('from_x').notNull().default(0),
    fromFacebook: integer('from_facebook').notNull().default(0),
    fromTelegram: integer('from_telegram').notNull().default(0),
    fromOther: integer('from_other').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.cardId, t.day] }), index('card_daily_totals_user_day_idx').on(t.userId, t.day)],
);

/**
 * Today's (and yesterday's) visitors per card, as salted hashes: only to tell a new visitor from
 * a returning one. Rows older than yesterday are deleted with their day's salt.
 */
export const cardDailyVisitors = pgTable(
  'card_daily_visitors',
  {
    cardId: uuid('card_id')
      .notNull()
      .references(() => businessCards.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    visitorHash: varchar('visitor_hash', { length: 32 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.cardId, t.day, t.visitorHash] }), index('card_daily_visitors_day_idx').on(t.day)],
);

/** One random salt per day for the visitor hashes, shared by every process; old ones are deleted. */
export const analyticsSalts = pgTable('analytics_salts', {
  day: date('day', { mode: 'string' }).primaryKey(),
  salt: varchar('salt', { length: 64 }).notNull(),
});

// Triggers on properties: properties_list_version and properties_list_version_truncate move the
// list version (platform/list-version.sql). search_doc and place_doc call
// modules/search/search-docs.sql.
export const properties = pgTable(
  'properties',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 200 }).notNull(),
    /** Arabic beside the English: the demo listings carry it. */
    translations: jsonb('translations').$type<PropertyTranslations>().notNull().default({}),
    description: text('description'),
    propertyType: propertyType('property_type').notNull(),
    status: propertyStatus('status').notNull(),
    price: integer('price').notNull(),
    bedrooms: integer('bedrooms'),
    bathrooms: integer('bathrooms'),
    area: integer('area'),
    address: text('address'),
    city: varchar('city', { length: 100 }),
    /** The canonical area name, or the text as typed when locationId is "other". */
    location: varchar('location', { length: 100 }),
    /** Canonical place id from src/core/places.ts, "other", or null when no location is given. */
    locationId: varchar('location_id', { length: 48 }),
    imageUrls: text('image_urls').array().notNull().default(sql`'{}'`),
    features: text('features').array().notNull().default(sql`'{}'`),
    /**
     * The advertising permit (core/permits.ts): Trakheesi in Dubai and Madhmoun in Abu Dhabi,
     * required there; optional elsewhere, with the issuing authority named.
     */
    permitNumber: varchar('permit_number', { length: 40 }),
    /**
     * The link in the regulator's QR of the permit, decoded from the lister's upload and checked
     * against the emirate's regulator domain and the permit number (core/permit-qr.ts). Pages and
     * images re-draw the code from it; the uploaded picture is not kept.
     */
    permitQrLink: text('permit_qr_link'),
    /** Follows from the emirate; null while the listing has no permit. */
    permitAuthority: permitAuthority('permit_authority'),
    /** The issuing authority's name, for a permit outside Dubai and Abu Dhabi. */
    permitAuthorityName: varchar('permit_authority_name', { length: 100 }),
    /**
     * The permit's last day (UAE time). The public queries compare it with today, so a listing
     * leaves the market the day after without a job; null on listings from before it was asked.
     */
    permitExpiresOn: date('permit_expires_on', { mode: 'string' }),
    /** The expiry date the owner's 7-day notice was sent for: one e-mail per listing and expiry date. */
    permitNoticeFor: date('permit_notice_for', { mode: 'string' }),
    isApproved: boolean('is_approved').notNull().default(false),
    rejectionReason: text('rejection_reason'),
    /** See business_cards.version. */
    version: integer('version').notNull().default(1),
    /** An owner's edit of an approved listing, waiting for review while the approved one stays listed. */
    pendingRevision: jsonb('pending_revision').$type<Record<string, unknown>>(),
    ...timestamps,
    /** Title, location, address, city, description, features (stored search text, as on cards). */
    searchDoc: text('search_doc').generatedAlwaysAs(
      sql`bitaqa_property_doc((title)::text, (location)::text, address, (city)::text, description, features)`,
    ),
    /** Location and address. */
    placeDoc: text('place_doc').generatedAlwaysAs(sql`bitaqa_place_doc((location)::text, address)`),
  },
  (t) => [
    index('properties_user_idx').on(t.userId),
    index('properties_city_idx').on(t.isApproved, t.status, t.city, t.createdAt),
    index('properties_area_idx').on(t.isApproved, t.status, t.area.desc()),
    index('properties_search_doc_trgm_idx').using('gin', t.searchDoc.op('gin_trgm_ops')),
    index('properties_place_doc_trgm_idx').using('gin', t.placeDoc.op('gin_trgm_ops')),
    index('properties_listing_idx').on(t.isApproved, t.status, t.createdAt),
    index('properties_price_idx').on(t.isApproved, t.status, t.price),
    // The listings' newest-first pages, per status: read in order, stop after the page.
    // The permit's expiry last in each: the "not expired today" test is checked in the index too.
    index('properties_listed_newest_idx')
      .on(t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst(), t.permitExpiresOn)
      .where(sql`is_approved = true`),
    // The listings' filters (status always; type, city, bedrooms and price in any combination)
    // checked inside the index, so a count or a few matches read no listing that does not match.
    index('properties_listed_filters_idx')
      .on(t.status, t.city, t.propertyType, t.bedrooms, t.price, t.userId, t.permitExpiresOn)
      .where(sql`is_approved = true`),
    // Bedrooms without a city: the filter index above would be read through for the whole status.
    index('properties_listed_bedrooms_idx')
      .on(t.status, t.bedrooms, t.price, t.permitExpiresOn)
      .where(sql`is_approved = true`),
    // The 7-day notices: listings whose permit ends within the week, read by date.
    index('properties_permit_expiry_idx')
      .on(t.permitExpiresOn)
      .where(sql`is_approved = true and permit_expires_on is not null`),
    check('properties_price_check', sql`${t.price} >= 0`),
  ],
);

export const businessServices = pgTable(
  'business_services',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: varchar('name', { length: 200 }).notNull(),
    serviceType: serviceType('service_type').notNull(),
    category: varchar('category', { length: 64 }).notNull(),
    description: text('description'),
    contactInfo: jsonb('contact_info')
      .$type<{ phone?: string; email?: string; website?: string }>()
      .notNull()
      .default({}),
    address: text('address'),
    city: varchar('city', { length: 100 }),
    provider: varchar('provider', { length: 200 }),
    features: text('features').array().notNull().default(sql`'{}'`),
    priceLabel: varchar('price_label', { length: 100 }),
    priceTier: varchar('price_tier', { length: 16 }),
    rating: integer('rating_x10'),
    reviews: integer('reviews').notNull().default(0),
    imageUrl: text('image_url'),
    /** The entry's Arabic text beside the English columns. */
    translations: jsonb('translations').$type<ServiceTranslations>().notNull().default({}),
    isApproved: boolean('is_approved').notNull().default(true),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('business_services_category_idx').on(t.isApproved, t.category)],
);

// Trigger conversations_add_members: each new conversation gets its two conversation_members rows
// in the same statement (modules/messaging/triggers.sql).
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    participant1Id: uuid('participant1_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    participant2Id: uuid('participant2_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    // One conversation per pair, whichever side started it.
    uniqueIndex('conversations_pair_idx').on(
      sql`least(${t.participant1Id}, ${t.participant2Id})`,
      sql`greatest(${t.participant1Id}, ${t.participant2Id})`,
    ),
    index('conversations_p1_idx').on(t.participant1Id, t.lastMessageAt),
    index('conversations_p2_idx').on(t.participant2Id, t.lastMessageAt),
    check('conversations_distinct_check', sql`${t.participant1Id} <> ${t.participant2Id}`),
  ],
);

// Triggers messages_update_members_on_insert, _on_update and _on_delete: a message sent, read or
// deleted moves its conversation_members rows' order and unread counts
// (modules/messaging/triggers.sql).
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    isRead: boolean('is_read').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    index('messages_conversation_idx').on(t.conversationId, t.createdAt),
    index('messages_unread_idx').on(t.conversationId, t.senderId).where(sql`${t.isRead} = false`),
    index('messages_created_at_idx').on(t.createdAt),
  ],
);

/**
 * Each participant's view of a conversation: the list's order and the unread count
 * are read from here, O(page) however many conversations a user has. Triggers keep it in step,
 * in the same statement as the conversation, the message or the read receipt
 * (modules/messaging/triggers.sql; docs/decisions/010-conversation-members.md). Its own triggers
 * conversation_members_unread_added, _changed and _removed keep user_unread the sum of its counts.
 */
export const conversationMembers = pgTable(
  'conversation_members',
  {
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Time of the newest message; null until the first one. */
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    /** The list's order: the newest message's time, or the conversation's creation. */
    activityAt: timestamp('activity_at', { withTimezone: true }).notNull(),
    /** Messages from the other participant this member has not read. */
    unreadCount: integer('unread_count').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.userId] }),
    index('conversation_members_list_idx').on(t.userId, t.activityAt.desc(), t.conversationId.desc()),
    index('conversation_members_unread_idx').on(t.userId, t.unreadCount).where(sql`${t.unreadCount} > 0`),
  ],
);

/**
 * Each user's unread messages across all conversations (the badge reads one row, not one
 * per conversation). Kept by the triggers on conversation_members (modules/messaging/triggers.sql)
 * in the same statement as the member rows, whoever changes them.
 */
export const userUnread = pgTable('user_unread', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  unreadCount: integer('unread_count').notNull().default(0),
});

export const inquiries = pgTable(
  'inquiries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessCardId: uuid('business_card_id')
      .notNull()
      .references(() => businessCards.id, { onDelete: 'cascade' }),
    inquirerName: varchar('inquirer_name', { length: 100 }).notNull(),
    /** Required for inquiries; a contact exchange may leave only a phone number. */
    inquirerEmail: varchar('inquirer_email', { length: 254 }),
    inquirerPhone: varchar('inquirer_phone', { length: 32 }),
    inquirerCompany: varchar('inquirer_company', { length: 100 }),
    inquiryType: varchar('inquiry_type', { length: 32 }).notNull(),
    message: text('message'),
    status: text('status').notNull().default('pending'),
    /** 'inquiry': the contact form; 'exchange': a visitor shared their details back. */
    source: varchar('source', { length: 16 }).notNull().default('inquiry'),
    /**
     * The brokerage the card's owner is a member of: the team's leads. Kept by the triggers on
     * brokerage_members (modules/team/leads.sql): a member who joins brings the leads their cards
     * already had, one who leaves takes them along.
     */
    brokerageId: uuid('brokerage_id').references(() => brokerages.id, { onDelete: 'set null' }),
    /** The member a team owner or manager assigned the lead to. */
    assignedToId: uuid('assigned_to_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('inquiries_card_idx').on(t.businessCardId, t.createdAt),
    // A team's leads newest first, keyset-paged on (created_at, id): read in order, stop after the page.
    index('inquiries_brokerage_newest_idx')
      .on(t.brokerageId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.brokerageId} is not null`),
    check('inquiries_source_check', sql`${t.source} in ('inquiry', 'exchange')`),
    check('inquiries_reachable_check', sql`${t.inquirerEmail} is not null or ${t.inquirerPhone} is not null`),
    check('inquiries_inquiry_email_check', sql`${t.source} <> 'inquiry' or ${t.inquirerEmail} is not null`),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: varchar('provider', { length: 16 }).notNull(),
    providerRef: text('provider_ref').notNull(),
    amountAed: integer('amount_aed').notNull(),
    status: varchar('status', { length: 16 }).notNull(),
    /** A brokerage's seat payment: paid by `userId` for the members in `seatUserIds`. */
    brokerageId: uuid('brokerage_id').references(() => brokerages.id, { onDelete: 'set null' }),
    seatUserIds: uuid('seat_user_ids').array(),
    periodStart: timestamp('period_start', { withTimezone: true }),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('payments_provider_ref_idx').on(t.provider, t.providerRef),
    index('payments_user_idx').on(t.userId),
  ],
);

/** Payment-provider events already applied, so a replayed webhook changes nothing. */
export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
});

export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: varchar('action', { length: 64 }).notNull(),
    entityType: varchar('entity_type', { length: 32 }).notNull(),
    entityId: text('entity_id'),
    /** The API key a change came through (/api/v1); null for the app and admin pages. */
    apiKeyId: uuid('api_key_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    // An entity's history (profile activity shows a card's status changes).
    index('audit_log_entity_idx').on(t.entityType, t.entityId, t.createdAt),
  ],
);

/**
 * Password reset links: only the SHA-256 of the token is stored, the token itself
 * travels in the e-mail. Valid one hour, used once (`usedAt`).
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('password_reset_tokens_hash_idx').on(t.tokenHash),
    index('password_reset_tokens_user_idx').on(t.userId),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    sid: varchar('sid', { length: 128 }).primaryKey(),
    sess: jsonb('sess').notNull(),
    expire: timestamp('expire', { precision: 6, withTimezone: true }).notNull(),
    /** Copied from sess.userId so a user's sessions can be ended together. */
    userId: uuid('user_id'),
  },
  (t) => [index('sessions_expire_idx').on(t.expire), index('sessions_user_idx').on(t.userId)],
);

/**
 * Rate-limit counters shared by every app process, in the shape
 * rate-limiter-flexible's RateLimiterDrizzle reads and writes; see platform/rate-limit.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    points: integer('points').notNull().default(0),
    expire: timestamp('expire', { withTimezone: true }),
  },
  (t) => [index('rate_limits_expire_idx').on(t.expire)],
);

/**
 * E-mail waiting to be sent, so none is lost: written in the same
 * transaction as the change that causes it, sent by the outbox worker (platform/mail/outbox).
 * A row is claimed with a lease (`locked_until`) so one process sends it; a crashed process's
 * claim expires and another retries. Sent rows are kept for a day, then swept.
 */
/**
 * Tax invoices: one per successful payment, numbered INV-<year>-<seq> without gaps
 * per year. Everything printed on the invoice is a snapshot taken when it was issued, so a later
 * change of the seller's configuration or the buyer's name never alters an issued invoice.
 * Money is in integer fils (1 AED = 100 fils). Kept when the user or payment row goes (tax
 * records outlive accounts): the references are then set null.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    year: integer('year').notNull(),
    seq: integer('seq').notNull(),
    number: varchar('number', { length: 32 }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    /** The invoice date as printed (Asia/Dubai calendar day). */
    issueDate: varchar('issue_date', { length: 10 }).notNull(),
    sellerName: text('seller_name').notNull(),
    sellerNameAr: text('seller_name_ar').notNull(),
    sellerAddress: text('seller_address').notNull(),
    sellerAddressAr: text('seller_address_ar').notNull(),
    sellerTrn: varchar('seller_trn', { length: 15 }).notNull(),
    buyerName: text('buyer_name').notNull(),
    buyerEmail: text('buyer_email').notNull(),
    description: text('description').notNull(),
    descriptionAr: text('description_ar').notNull(),
    currency: varchar('currency', { length: 3 }).notNull().default('AED'),
    /** VAT rate in basis points (500 = 5 %). */
    vatRateBp: integer('vat_rate_bp').notNull(),
    netFils: integer('net_fils').notNull(),
    vatFils: integer('vat_fils').notNull(),
    totalFils: integer('total_fils').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoices_year_seq_idx').on(t.year, t.seq),
    uniqueIndex('invoices_number_idx').on(t.number),
    uniqueIndex('invoices_payment_idx').on(t.paymentId),
    index('invoices_user_idx').on(t.userId, t.issuedAt),
    check('invoices_amounts_add_up', sql`${t.netFils} + ${t.vatFils} = ${t.totalFils}`),
  ],
);

/**
 * The last invoice number of each year. Incremented by an upsert inside the billing
 * transaction: the row stays locked until that transaction ends, so concurrent payments queue
 * for the next number and a rolled-back payment gives its number back (a sequence would not).
 */
export const invoiceCounters = pgTable('invoice_counters', {
  year: integer('year').primaryKey(),
  lastSeq: integer('last_seq').notNull(),
});

/** What the outbox worker attaches at send time, rendered from stored rows. */
export type MailAttachmentRef =
  | { type: 'invoicePdf'; invoiceId: string; lang: 'en' | 'ar' }
  /** The visitor of a contact exchange as a vCard. */
  | { type: 'leadVcard'; inquiryId: string; lang?: 'en' | 'ar' };

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    /** Which e-mail this is (template name), for logs and metrics. */
    kind: varchar('kind', { length: 64 }).notNull(),
    /** Attachments rendered when the message is sent, so the row stays small. */
    attachments: jsonb('attachments').$type<MailAttachmentRef[]>(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Given up after too many attempts (kept for the operator, counted in the metrics). */
    failedAt: timestamp('failed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('mail_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.sentAt} is null and ${t.failedAt} is null`),
    index('mail_outbox_sent_idx').on(t.sentAt),
  ],
);

/**
 * One row whose version goes up when a transaction that changed a card, a listing or a user
 * commits (deferred triggers <table>_list_version on users, business_cards, properties,
 * brokerages, brokerage_members and brokerage_seats, once per transaction, and
 * <table>_list_version_truncate; a card's view counters do not count: platform/list-version.sql). The public lists are cached per process under this version, so a cached
 * page is never older than the last committed change, in any process.
 */
export const listVersion = pgTable(
  'list_version',
  {
    id: integer('id').primaryKey().default(1),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('list_version_one_row', sql`${t.id} = 1`)],
);

/**
 * Every stored object: the key in the object store (`<sha256>.webp`,
 * so one photo is stored once however often it is uploaded), its size and type, who uploaded it
 * first (null for files found in storage at start-up, or when the account is gone).
 *
 * What references an object is not copied here: it is read from the photo columns themselves
 * (cards, card revisions, listings, listing revisions, services, users; see
 * platform/storage/uploads.ts), so no code path that sets a photo can forget to record it.
 * `orphaned_at` is when an object was first seen with no reference; the sweep deletes it once
 * that is older than the grace period (an upload not yet attached to a card is not swept).
 */
export const uploads = pgTable(
  'uploads',
  {
    key: text('key').primaryKey(),
    size: integer('size').notNull(),
    contentType: varchar('content_type', { length: 100 }).notNull(),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    orphanedAt: timestamp('orphaned_at', { withTimezone: true }),
  },
  (t) => [
    index('uploads_owner_idx').on(t.ownerId),
    index('uploads_orphaned_idx').on(t.orphanedAt).where(sql`${t.orphanedAt} is not null`),
  ],
);

export const BROKERAGE_ROLES = ['owner', 'manager', 'member'] as const;

/**
 * A brokerage: a licensed office (RERA ORN) whose brokers share branding, leads and
 * analytics. Its ORN is verified by an admin the way card licences are.
 */
export const brokerages = pgTable(
  'brokerages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The public page's address: /brokerages/{slug}. */
    slug: varchar('slug', { length: 80 }).notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    nameAr: varchar('name_ar', { length: 200 }),
    ornNumber: varchar('orn_number', { length: 20 }).notNull(),
    tradeLicenceNumber: varchar('trade_licence_number', { length: 40 }).notNull(),
    logoUrl: text('logo_url'),
    /** Brand colours as #rrggbb. */
    primaryColor: varchar('primary_color', { length: 7 }),
    secondaryColor: varchar('secondary_color', { length: 7 }),
    officeAddress: text('office_address'),
    emirate: emirate('emirate').notNull().default('dubai'),
    ornVerified: boolean('orn_verified').notNull().default(false),
    ornVerifiedAt: timestamp('orn_verified_at', { withTimezone: true }),
    /** Card fields members may not change: company, officeAddress, ornNumber, colors. */
    lockedFields: text('locked_fields').array().notNull().default(sql`'{}'`),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('brokerages_slug_idx').on(t.slug),
    uniqueIndex('brokerages_orn_idx').on(sql`upper(${t.ornNumber})`),
    check('brokerages_primary_color_check', sql`${t.primaryColor} is null or ${t.primaryColor} ~ '^#[0-9a-f]{6}$'`),
    check(
      'brokerages_secondary_color_check',
      sql`${t.secondaryColor} is null or ${t.secondaryColor} ~ '^#[0-9a-f]{6}$'`,
    ),
  ],
);

/**
 * Who works for which brokerage, and as what. A user belongs to at most one brokerage.
 * Triggers brokerage_members_claim_leads and _release_leads keep inquiries.brokerage_id on the
 * leads of current members' cards (modules/team/leads.sql); brokerage_members_list_version (and
 * those of brokerages and brokerage_seats) move the list version (platform/list-version.sql).
 */
export const brokerageMembers = pgTable(
  'brokerage_members',
  {
    brokerageId: uuid('brokerage_id')
      .notNull()
      .references(() => brokerages.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: varchar('role', { length: 16, enum: BROKERAGE_ROLES }).notNull().default('member'),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.brokerageId, t.userId] }),
    uniqueIndex('brokerage_members_user_idx').on(t.userId),
    index('brokerage_members_role_idx').on(t.brokerageId, t.role),
    check('brokerage_members_role_check', sql`${t.role} in ('owner', 'manager', 'member')`),
  ],
);

/**
 * An invitation by e-mail: only the SHA-256 of the token is stored, the token itself
 * travels in the e-mail. Single use (`acceptedAt`), expiring, revocable.
 */
export const brokerageInvitations = pgTable(
  'brokerage_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    brokerageId: uuid('brokerage_id')
      .notNull()
      .references(() => brokerages.id, { onDelete: 'cascade' }),
    email: varchar('email', { length: 254 }).notNull(),
    role: varchar('role', { length: 16, enum: BROKERAGE_ROLES }).notNull().default('member'),
    tokenHash: text('token_hash').notNull(),
    invitedById: uuid('invited_by_id').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedById: uuid('accepted_by_id').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('brokerage_invitations_token_idx').on(t.tokenHash),
    index('brokerage_invitations_brokerage_idx').on(t.brokerageId, t.createdAt),
    check('brokerage_invitations_role_check', sql`${t.role} in ('manager', 'member')`),
  ],
);

/**
 * A subscription seat a brokerage paid for one member: the member is a paid broker
 * while `periodEnd` is ahead. At renewal a seat may go to another member.
 */
export const brokerageSeats = pgTable(
  'brokerage_seats',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    brokerageId: uuid('brokerage_id')
      .notNull()
      .references(() => brokerages.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('brokerage_seats_brokerage_idx').on(t.brokerageId, t.periodEnd),
    index('brokerage_seats_user_idx').on(t.userId, t.periodEnd),
  ],
);

/** A note on a team lead, by the owner, a manager or the assigned member. */
export const leadNotes = pgTable(
  'lead_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    inquiryId: uuid('inquiry_id')
      .notNull()
      .references(() => inquiries.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('lead_notes_inquiry_idx').on(t.inquiryId, t.createdAt)],
);

/**
 * Answers kept for requests sent with an Idempotency-Key (see platform/idempotency.ts): a client
 * that retries a create (an offline capture sent again after a lost answer) gets the first answer
 * back instead of a second row. Keyed per user, so two people's keys never meet; a row is only
 * honoured for 24 hours. `status` is null while the first request is still being handled.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: varchar('key', { length: 255 }).notNull(),
    requestHash: varchar('request_hash', { length: 64 }).notNull(),
    status: integer('status'),
    response: jsonb('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

export type User = typeof users.$inferSelect;
export type Brokerage = typeof brokerages.$inferSelect;
export type BrokerageMember = typeof brokerageMembers.$inferSelect;
export type Invoice = typeof invoices.$inferSelect;
/** A card row as the app reads it: everything but the stored search text and the copied owner columns, which only SQL conditions use. */
export type BusinessCard = Omit<
  typeof businessCards.$inferSelect,
  'searchDoc' | 'placeDoc' | 'nameDoc' | 'ownerRole' | 'ownerListedUntil' | 'ownerRank'
>;
const {
  searchDoc: _cardSearchDoc,
  placeDoc: _cardPlaceDoc,
  nameDoc: _cardNameDoc,
  ownerRole: _cardOwnerRole,
  ownerListedUntil: _cardOwnerListedUntil,
  ownerRank: _cardOwnerRank,
  ...cardRowColumns
} = getTableColumns(businessCards);
/** The columns of a BusinessCard, for selects that read whole card rows (the directory's pages). */
export const cardColumns = cardRowColumns;
export type Property = typeof properties.$inferSelect;
export type BusinessService = typeof businessServices.$inferSelect;
export type Conversation = typeof conversations.$inferSelect;
export type Message = typeof messages.$inferSelect;
export type ConversationMember = typeof conversationMembers.$inferSelect;
export type Inquiry = typeof inquiries.$inferSelect;
export type OutboxMail = typeof mailOutbox.$inferSelect;
export type Upload = typeof uploads.$inferSelect;

// Tables owned by a module, declared beside it; listed here so drizzle-kit sees the whole database.
export * from '../modules/registers/schema';
export * from '../modules/contacts/schema';
export * from '../modules/webhooks/schema';
export * from '../modules/api-keys/schema';
export * from '../modules/hubspot/schema';
