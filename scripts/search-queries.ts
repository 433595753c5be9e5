/**
 * The relevance benchmark's queries (`npm run bench:search`): what people type, in
 * English and Arabic, with typos, transliterations and mixed languages, and what they want, on the
 * demo data. `want` is the intent written down by a person, never read from the search engine:
 * the relevant results are the demo cards, listings or services that satisfy every field of it.
 */
import type { DirectoryRoleFilter, Emirate, Language, UaeBank } from '../src/core/enums';

export interface PeopleWant {
  role?: DirectoryRoleFilter;
  language?: Language;
  emirate?: Emirate;
  area?: string;
  specialization?: string;
  bank?: UaeBank;
  nationality?: string;
  /** A person looked for by name (any of these names). */
  names?: string[];
  gender?: 'male' | 'female';
}

export interface ListingWant {
  type?: string;
  bedrooms?: number;
  emirate?: string;
  area?: string;
  maxPrice?: number;
  minPrice?: number;
  status?: 'for_sale' | 'for_rent';
  /** Any of these types (a near match: the type's family). */
  types?: string[];
}

/**
 * `services` asks the services page's search box; `smart-services` asks smart search, whose
 * answer carries services too; `directory` asks the directory's text box.
 */
export type Query =
  | { q: string; kind: 'people'; want: PeopleWant }
  | { q: string; kind: 'directory'; want: PeopleWant }
  | { q: string; kind: 'listings'; want: ListingWant }
  | { q: string; kind: 'services' | 'smart-services'; want: { names: string[] } };

const p = (q: string, want: PeopleWant): Query => ({ q, kind: 'people', want });
const l = (q: string, want: ListingWant): Query => ({ q, kind: 'listings', want });
const s = (q: string, ...names: string[]): Query => ({ q, kind: 'services', want: { names } });
const ss = (q: string, ...names: string[]): Query => ({ q, kind: 'smart-services', want: { names } });
const d = (q: string, want: PeopleWant): Query => ({ q, kind: 'directory', want });

/**
 * One swapped-letter query per demo person: two neighbouring letters of the longest word of the
 * name (5+ letters) exchanged, at a position that moves along the word from person to person so
 * the first, middle and last letters are all covered. Asked both in smart search and the
 * directory box. Generated from the cards the benchmark reads, never from the search's answers.
 */
export function swappedLetterQueries(names: string[]): Query[] {
  const out: Query[] = [];
  names.forEach((name, index) => {
    const words = name.split(/\s+/).filter((w) => /^\p{L}+$/u.test(w) && [...w].length >= 5);
    if (words.length === 0) return;
    const length = (w: string) => Array.from(w).length;
    const word = words.reduce((a, b) => (length(b) > length(a) ? b : a));
    const letters = [...word];
    const at = index % (letters.length - 1);
    if (letters[at].toLowerCase() === letters[at + 1].toLowerCase()) return;
    [letters[at], letters[at + 1]] = [letters[at + 1], letters[at]];
    const q = letters.join('');
    out.push(p(q, { names: [name] }), d(q, { names: [name] }));
  });
  return out;
}

export const QUERIES: Query[] = [
  // Roles, languages and places, in English.
  p('Arabic-speaking off-plan broker in Dubai Marina', {
    role: 'broker',
    language: 'arabic',
    specialization: 'off_plan_projects',
    emirate: 'dubai',
  }),
  p('Arabic speaking broker in Dubai Marina', { role: 'broker', language: 'arabic', emirate: 'dubai' }),
  p('broker in Dubai Marina', { role: 'broker', area: 'Dubai Marina' }),
  p('real estate agent in JBR', { role: 'broker', area: 'JBR' }),
  p('property consultant Palm Jumeirah', { role: 'broker', area: 'Palm Jumeirah' }),
  p('broker in Mirdif', { role: 'broker', area: 'Mirdif' }),
  p('off plan specialist Dubai', { role: 'broker', specialization: 'off_plan_projects', emirate: 'dubai' }),
  p('off-plan broker who speaks Hindi', { role: 'broker', specialization: 'off_plan_projects', language: 'hindi' }),
  p('commercial leasing agent in Sharjah', {
    role: 'broker',
    specialization: 'commercial_leasing',
    emirate: 'sharjah',
  }),
  p('commercial leasing in Ras Al Khaimah', {
    role: 'broker',
    specialization: 'commercial_leasing',
    emirate: 'ras_al_khaimah',
  }),
  p('residential leasing broker Dubai', { role: 'broker', specialization: 'residential_leasing', emirate: 'dubai' }),
  p('rental consultant Damac Hills', { role: 'broker', area: 'Damac Hills' }),
  p('investment advisory broker', { role: 'broker', specialization: 'investment_advisory' }),
  p('investment consultant in Downtown Dubai', { role: 'broker', area: 'Downtown Dubai' }),
  p('residential sales Abu Dhabi', { role: 'broker', specialization: 'residential_sales', emirate: 'abu_dhabi' }),
  p('commercial sales broker Ajman', { role: 'broker', specialization: 'commercial_sales', emirate: 'ajman' }),
  p('French speaking broker', { role: 'broker', language: 'french' }),
  p('Russian speaking broker', { role: 'broker', language: 'russian' }),
  p('Urdu speaking agent', { role: 'broker', language: 'urdu' }),
  p('Tamil speaking broker in Dubai', { role: 'broker', language: 'tamil', emirate: 'dubai' }),
  p('Spanish speaking property consultant', { role: 'broker', language: 'spanish' }),
  p('German speaking leasing specialist', { role: 'broker', language: 'german' }),
  p('Emirati broker', { role: 'broker', nationality: 'uae' }),
  p('Lebanese broker', { role: 'broker', nationality: 'lebanese' }),
  p('Pakistani real estate agent', { role: 'broker', nationality: 'pakistani' }),
  p('Indian broker in Business Bay', { role: 'broker', nationality: 'indian', area: 'Business Bay' }),
  p('broker in Abu Dhabi', { role: 'broker', emirate: 'abu_dhabi' }),
  p('broker in Al Marjan Island', { role: 'broker', area: 'Al Marjan Island' }),
  p('Arabic speaking broker in JVC', { role: 'broker', language: 'arabic', area: 'JVC' }),
  p('broker in Jumeirah Village Circle', { role: 'broker', area: 'JVC' }),
  // Mortgages and banks.
  p('mortgage advisor', { role: 'banking_broker' }),
  p('mortgage broker Dubai', { role: 'banking_broker', emirate: 'dubai' }),
  p('home loan advisor who speaks Arabic', {
    role: 'banking_broker',
    specialization: 'home_loans',
    language: 'arabic',
  }),
  p('home loans Emirates NBD', { role: 'banking_broker', bank: 'emirates_nbd' }),
  p('mortgage advisor Dubai Islamic Bank', { role: 'banking_broker', bank: 'dubai_islamic_bank' }),
  p('ADCB loans', { role: 'banking_broker', bank: 'adcb' }),
  p('First Abu Dhabi Bank mortgage', { role: 'banking_broker', bank: 'first_abu_dhabi_bank' }),
  p('FAB business loans', { role: 'banking_broker', bank: 'first_abu_dhabi_bank', specialization: 'business_loans' }),
  p('HSBC mortgage consultant', { role: 'banking_broker', bank: 'hsbc_uae' }),
  p('Mashreq personal loan', { role: 'banking_broker', bank: 'mashreq_bank' }),
  p('business loan advisor Sharjah', { role: 'banking_broker', specialization: 'business_loans', emirate: 'sharjah' }),
  p('personal loans consultant', { role: 'banking_broker', specialization: 'personal_loans' }),
  p('investment loan advisor', { role: 'banking_broker', specialization: 'investment_loans' }),
  p('Chinese speaking mortgage advisor', { role: 'banking_broker', language: 'chinese' }),
  p('mortgage advisor in Ajman', { role: 'banking_broker', emirate: 'ajman' }),
  // Developers and investors.
  p('developer in Dubai', { role: 'developer', emirate: 'dubai' }),
  p('property developer Abu Dhabi', { role: 'developer', emirate: 'abu_dhabi' }),
  p('developers in Ajman', { role: 'developer', emirate: 'ajman' }),
  p('investor in Abu Dhabi', { role: 'investor', emirate: 'abu_dhabi' }),
  p('Russian investor', { role: 'investor', language: 'russian' }),
  p('Emirati investors', { role: 'investor', nationality: 'uae' }),
  // Names: exact, typos, swapped letters, transliterations.
  p('Elena Volkova', { names: ['Elena Volkova'] }),
  p('Voklova', { names: ['Elena Volkova'] }),
  p('Mansuri', { names: ['Ahmed Al Mansoori'] }),
  p('Ahmad Al Mansouri', { names: ['Ahmed Al Mansoori'] }),
  p('Mohammed Al Ketbi', { names: ['Mohammed Al Ketbi'] }),
  p('Muhammad Al Kitbi', { names: ['Mohammed Al Ketbi'] }),
  p('Fatima Hashimi', { names: ['Fatima Al Hashimi'] }),
  p('Fatma Al Hashemi', { names: ['Fatima Al Hashimi'] }),
  p('Kevin OBrien', { names: ["Kevin O'Brien"] }),
  p('Ravi Shankar', { names: ['Ravi Shankar'] }),
  p('Ravi Shanker', { names: ['Ravi Shankar'] }),
  p('Daniel Fisher', { names: ['Daniel Fischer'] }),
  p('Yousef Al Suwaidi', { names: ['Yousef Al Suwaidi'] }),
  p('Yusuf Suwaidi', { names: ['Yousef Al Suwaidi'] }),
  p('Hassan Raza', { names: ['Hassan Raza'] }),
  p('Joanna Santos', { names: ['Joanna Santos'] }),
  p('Jessica Moor', { names: ['Jessica Moore'] }),
  p('Tarik Mahmood', { names: ['Tariq Mahmoud'] }),
  p('Haddad', { names: ['Samir Haddad', 'George Haddad', 'Sara Haddad'] }),
  // Arabic.
  p('وسيط عقاري في دبي مارينا', { role: 'broker', area: 'Dubai Marina' }),
  p('بروكر يتحدث العربية في دبي', { role: 'broker', language: 'arabic', emirate: 'dubai' }),
  p('وسيط عقاري في الشارقة', { role: 'broker', emirate: 'sharjah' }),
  p('مستشار تمويل عقاري', { role: 'banking_broker' }),
  p('مستشار تمويل عقاري من بنك الإمارات دبي الوطني', { role: 'banking_broker', bank: 'emirates_nbd' }),
  p('قرض سكني بنك دبي الإسلامي', { role: 'banking_broker', bank: 'dubai_islamic_bank' }),
  p('مطور عقاري في أبوظبي', { role: 'developer', emirate: 'abu_dhabi' }),
  p('مستثمر في دبي', { role: 'investor', emirate: 'dubai' }),
  p('وسيط على الخارطة', { role: 'broker', specialization: 'off_plan_projects' }),
  p('تأجير تجاري رأس الخيمة', { role: 'broker', specialization: 'commercial_leasing', emirate: 'ras_al_khaimah' }),
  p('محمد الكتبي', { names: ['Mohammed Al Ketbi'] }),
  p('مريم الفلاسي', { names: ['مريم الفلاسي'] }),
  p('مريم', { names: ['مريم الفلاسي'] }),
  p('نوره الشامسي', { names: ['نورة الشامسي'] }),
  p('وليد منصور', { names: ['وليد منصور'] }),
  p('لينا حمدان', { names: ['لينا حمدان'] }),
  p('رانيا', { names: ['رانيا يوسف'] }),
  // Mixed languages.
  p('broker في دبي مارينا', { role: 'broker', area: 'Dubai Marina' }),
  p('mortgage advisor في دبي', { role: 'banking_broker', emirate: 'dubai' }),
  p('وسيط Downtown Dubai', { role: 'broker', area: 'Downtown Dubai' }),
  // Listings.
  l('apartment in Dubai Marina', { type: 'apartment', area: 'Dubai Marina' }),
  l('2 bedroom apartment in Dubai Marina', { type: 'apartment', bedrooms: 2, area: 'Dubai Marina' }),
  l('villa in Palm Jumeirah', { type: 'villa', area: 'Palm Jumeirah' }),
  l('villa in Dubai under 10M', { type: 'villa', emirate: 'Dubai', maxPrice: 10_000_000 }),
  l('villa in Dubai over 15M', { type: 'villa', emirate: 'Dubai', minPrice: 15_000_000 }),
  l('studio for sale', { type: 'studio' }),
  l('studio under 500K', { type: 'studio', maxPrice: 500_000 }),
  l('penthouse Downtown Dubai', { type: 'penthouse', area: 'Downtown Dubai' }),
  l('townhouse in Saadiyat Island', { type: 'townhouse', area: 'Saadiyat Island' }),
  l('3 bedroom apartment Abu Dhabi', { type: 'apartment', bedrooms: 3, emirate: 'Abu Dhabi' }),
  l('1 bed apartment Yas Island', { type: 'apartment', bedrooms: 1, area: 'Yas Island' }),
  l('retail shop for sale', { type: 'retail' }),
  l('office in DIFC', { type: 'office', area: 'DIFC' }),
  l('apartment in Sharjah', { type: 'apartment', emirate: 'Sharjah' }),
  l('villa Ras Al Khaimah', { type: 'villa', emirate: 'Ras Al Khaimah' }),
  l('4 bedroom villa Dubai Hills', { type: 'villa', bedrooms: 4, area: 'Dubai Hills' }),
  l('شقة في دبي مارينا', { type: 'apartment', area: 'Dubai Marina' }),
  l('فيلا في نخلة جميرا', { type: 'villa', area: 'Palm Jumeirah' }),
  l('فيلا في دبي', { type: 'villa', emirate: 'Dubai' }),
  l('استوديو في عجمان', { type: 'studio', emirate: 'Ajman' }),
  l('شقة غرفتين في وسط مدينة دبي', { type: 'apartment', bedrooms: 2, area: 'Downtown Dubai' }),
  l('apartment JLT', { type: 'apartment', area: 'JLT' }),
  // Services, with synonyms in both languages.
  s('mortgage', 'Mortgage Advisory'),
  s('home loan', 'Mortgage Advisory'),
  s('lawyer', 'Real Estate Legal Counsel'),
  s('legal counsel', 'Real Estate Legal Counsel'),
  s('محامي', 'Real Estate Legal Counsel'),
  s('مستشار قانوني', 'Real Estate Legal Counsel'),
  s('تمويل عقاري', 'Mortgage Advisory'),
  s('snagging', 'Handover Snagging Inspection'),
  s('golden visa', 'Golden Visa Applications'),
  s('الإقامة الذهبية', 'Golden Visa Applications'),
  s('photographer', 'Listing Photography and 3D Tours'),
  s('valuation', 'Property Valuation Reports'),
  s('تقييم عقار', 'Property Valuation Reports'),
  s('website', 'Website for Brokers'),
  s('RERA licence', 'Brokerage Licensing and RERA Compliance'),
  s('property management', 'Property Management'),
  s('conveyancing', 'Conveyancing and Transfer'),
  s('bank account for my company', 'Business Banking Setup'),
  // Names with a swapped, wrong, missing or extra letter, in smart search and the directory box.
  p('Mnasoori', { names: ['Ahmed Al Mansoori'] }),
  p('Duobis', { names: ['Isabelle Dubois'] }),
  d('Voklova', { names: ['Elena Volkova'] }),
  d('Mnasoori', { names: ['Ahmed Al Mansoori'] }),
  d('Duobis', { names: ['Isabelle Dubois'] }),
  d('Volkovva', { names: ['Elena Volkova'] }),
  d('Volkoa', { names: ['Elena Volkova'] }),
  // Listing searches with no exact match show the near ones (area to the city, price
  // within 15 %, bedrooms ±1, type to its family), judged on that near intent.
  l('2 bed apartment in JVC under 1.2m', { type: 'apartment', emirate: 'Dubai', maxPrice: 1_380_000 }),
  l('penthouse palm jumeirah', { types: ['penthouse', 'apartment', 'villa'], emirate: 'Dubai' }),
  l('office in business bay', { types: ['office', 'retail'], emirate: 'Dubai' }),
  // Rent vs sale, "golden visa" (a sale of AED 2M or more), Arabic rentals, and the
  // gender with the area (what the query must not ignore; no female Hindi-speaking broker works
  // in Downtown in the demo data).
  l('golden visa property under 2 million', { status: 'for_sale', maxPrice: 2_300_000 }),
  l('golden visa villa', { type: 'villa', status: 'for_sale', minPrice: 2_000_000 }),
  l('شقة للإيجار في الخليج التجاري', { type: 'apartment', status: 'for_rent', area: 'Business Bay' }),
  l('apartment for rent in Business Bay', { type: 'apartment', status: 'for_rent', area: 'Business Bay' }),
  p('female broker Hindi Downtown', { role: 'broker', gender: 'female', area: 'Downtown Dubai' }),
  p('female broker', { role: 'broker', gender: 'female' }),
  // Services in smart search, with synonyms in both languages.
  ss('محامي عقارات', 'Real Estate Legal Counsel'),
  ss('real estate lawyer', 'Real Estate Legal Counsel'),
  ss('mortgage advisor', 'Mortgage Advisory'),
  ss('golden visa', 'Golden Visa Applications'),
  ss('تقييم عقار', 'Property Valuation Reports'),
];
