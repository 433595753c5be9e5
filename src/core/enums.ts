/**
 * Every enumeration of the data model, in one place. Server (pgEnum, zod) and web (selects, labels)
 * both read these arrays; display labels live in the i18n resources under `enums.<name>.<value>`.
 */

export const USER_ROLES = [
  'visitor',
  'real_estate_broker',
  'banking_broker',
  'real_estate_developer',
  'investor',
  'admin',
] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** The four roles a user may choose for themselves (never admin). */
export const PROFESSIONAL_ROLES = [
  'real_estate_broker',
  'banking_broker',
  'real_estate_developer',
  'investor',
] as const;
export type ProfessionalRole = (typeof PROFESSIONAL_ROLES)[number];

/** Roles that pay the yearly subscription. */
export const PAID_ROLES: readonly UserRole[] = ['real_estate_broker', 'banking_broker'];

export const LANGUAGES = [
  'english',
  'arabic',
  'hindi',
  'tamil',
  'urdu',
  'french',
  'spanish',
  'chinese',
  'russian',
  'german',
] as const;
export type Language = (typeof LANGUAGES)[number];

/** Directory language filter options. */
export const DIRECTORY_LANGUAGES = LANGUAGES.slice(0, 7);

export const GENDERS = ['male', 'female', 'other'] as const;
export type Gender = (typeof GENDERS)[number];

export const CARD_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type CardStatus = (typeof CARD_STATUSES)[number];

export const PROPERTY_TYPES = ['apartment', 'villa', 'townhouse', 'penthouse', 'studio', 'office', 'retail'] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];
/** Property types offered in the listing filter: every type the listing form offers. */
export const PROPERTY_FILTER_TYPES = PROPERTY_TYPES;

export const PROPERTY_STATUSES = ['for_sale', 'for_rent', 'sold', 'rented'] as const;
export type PropertyStatus = (typeof PROPERTY_STATUSES)[number];
/**
 * A listing that can still be bought or rented. A sold or let unit must come down from every
 * public list, search and the sitemap; its own page stays reachable but says it is gone.
 */
export const AVAILABLE_PROPERTY_STATUSES = ['for_sale', 'for_rent'] as const satisfies readonly PropertyStatus[];
/** Sold or let: off the public lists, and not to be shared. */
export const isListingClosed = (status: PropertyStatus): boolean =>
  !(AVAILABLE_PROPERTY_STATUSES as readonly PropertyStatus[]).includes(status);

export const EMIRATES = [
  'dubai',
  'abu_dhabi',
  'sharjah',
  'ajman',
  'ras_al_khaimah',
  'fujairah',
  'umm_al_quwain',
] as const;
export type Emirate = (typeof EMIRATES)[number];

export const NATIONALITIES = [
  'uae',
  'indian',
  'pakistani',
  'egyptian',
  'lebanese',
  'syrian',
  'jordanian',
  'palestinian',
  'sudanese',
  'british',
  'american',
  'canadian',
  'australian',
  'filipino',
  'other',
] as const;
export type Nationality = (typeof NATIONALITIES)[number];

export const INVESTMENT_INTERESTS = [
  'real_estate',
  'banking',
  'technology',
  'healthcare',
  'education',
  'hospitality',
  'retail',
  'manufacturing',
  'startups',
] as const;
export type InvestmentInterest = (typeof INVESTMENT_INTERESTS)[number];

export const SERVICE_TYPES = ['company', 'lawyer', 'it_service_provider'] as const;
export type ServiceType = (typeof SERVICE_TYPES)[number];

/** Broker specialization, stored in business_cards.roleTitle for real_estate_broker. */
export const BROKER_SPECIALIZATIONS = [
  'residential_sales',
  'residential_leasing',
  'commercial_sales',
  'commercial_leasing',
  'off_plan_projects',
  'investment_advisory',
  'property_management',
] as const;
export type BrokerSpecialization = (typeof BROKER_SPECIALIZATIONS)[number];

/** Banking loan specialization, stored in business_cards.roleTitle for banking_broker. */
export const LOAN_SPECIALIZATIONS = [
  'home_loans',
  'personal_loans',
  'business_loans',
  'car_loans',
  'investment_loans',
  'all_loans',
] as const;
export type LoanSpecialization = (typeof LOAN_SPECIALIZATIONS)[number];

/** Developer project types, stored in business_cards.propertySpecialization. */
export const DEVELOPER_PROJECT_TYPES = [
  'residential_apartments',
  'residential_villas',
  'commercial_offices',
  'retail_spaces',
  'mixed_use',
  'luxury_developments',
  'affordable_housing',
] as const;
export type DeveloperProjectType = (typeof DEVELOPER_PROJECT_TYPES)[number];

export const INVESTOR_BUDGETS = ['under_500k', '500k_1m', '1m_2m', '2m_5m', '5m_10m', '10m_plus'] as const;
export type InvestorBudget = (typeof INVESTOR_BUDGETS)[number];

/** All 33 values of the schema's uae_bank list. */
export const UAE_BANKS = [
  'emirates_nbd',
  'first_abu_dhabi_bank',
  'adcb',
  'dubai_islamic_bank',
  'emirates_islamic_bank',
  'mashreq_bank',
  'rakbank',
  'ajman_bank',
  'union_national_bank',
  'sharjah_islamic_bank',
  'noor_bank',
  'cbd_commercial_bank',
  'invest_bank',
  'hsbc_uae',
  'standard_chartered_uae',
  'citibank_uae',
  'uab_united_arab_bank',
  'arab_bank_uae',
  'bank_of_baroda_uae',
  'icici_bank_uae',
  'axis_bank_uae',
  'habib_bank_uae',
  'national_bank_of_fujairah',
  'al_hilal_bank',
  'warba_bank_uae',
  'al_masraf_arab_bank',
  'finance_house',
  'development_bank_of_singapore',
  'abu_dhabi_islamic_bank',
  'ajman_bank_islamic',
  'al_ahli_bank_of_kuwait_uae',
  'salaam_african_bank',
  'financial_institution',
] as const;
export type UaeBank = (typeof UAE_BANKS)[number];

export const COUNTRY_CODES = ['+971', '+1', '+44', '+91', '+92', '+20', '+961', '+966', '+965', '+974'] as const;
export type CountryCode = (typeof COUNTRY_CODES)[number];

/** Directory role filter values and the user role each one stands for. */
export const DIRECTORY_ROLE_FILTERS = {
  broker: 'real_estate_broker',
  banking_broker: 'banking_broker',
  developer: 'real_estate_developer',
  investor: 'investor',
} as const satisfies Record<string, UserRole>;
export type DirectoryRoleFilter = keyof typeof DIRECTORY_ROLE_FILTERS;

/** Directory cities and the emirate each one matches. */
export const DIRECTORY_CITIES = {
  Dubai: 'dubai',
  'Abu Dhabi': 'abu_dhabi',
  Sharjah: 'sharjah',
  Ajman: 'ajman',
} as const satisfies Record<string, Emirate>;

/** Property filter cities. */
export const PROPERTY_CITIES = ['Dubai', 'Abu Dhabi', 'Sharjah'] as const;

/** Quick-pick location chips. */
export const LOCATION_CHIPS = [
  'Dubai Marina',
  'Downtown Dubai',
  'JBR',
  'Business Bay',
  'DIFC',
  'Jumeirah',
  'Palm Jumeirah',
  'Emirates Hills',
  'Dubai Hills',
  'Arabian Ranches',
] as const;

export const INQUIRY_TYPES = ['buying', 'selling', 'renting', 'financing', 'partnership', 'other'] as const;
export type InquiryType = (typeof INQUIRY_TYPES)[number];

/**
 * Lead statuses. `pending` is stored for a new lead and shown as "New" (the stored value was
 * kept when the label changed); `qualified` came with team leads.
 */
export const INQUIRY_STATUSES = ['pending', 'contacted', 'qualified', 'closed'] as const;
export type InquiryStatus = (typeof INQUIRY_STATUSES)[number];

export const CARD_VISIBILITIES = ['public', 'private', 'connections'] as const;
export type CardVisibility = (typeof CARD_VISIBILITIES)[number];

export const SERVICE_CATEGORIES = [
  'Real Estate',
  'Banking & Finance',
  'Legal & Professional',
  'Technology & Marketing',
] as const;
export type ServiceCategory = (typeof SERVICE_CATEGORIES)[number];

export const SERVICE_PRICE_TIERS = ['budget', 'mid', 'premium'] as const;
export type ServicePriceTier = (typeof SERVICE_PRICE_TIERS)[number];

export const UI_LANGUAGES = ['en', 'ar'] as const;
export type UiLanguage = (typeof UI_LANGUAGES)[number];
