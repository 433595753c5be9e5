/**
 * The words the smart search understands, from the product's own vocabularies:
 * roles, specializations, banks, languages, nationalities, emirates, areas, property types and
 * listing status, in English and Arabic. Each phrase sets one or more filters.
 */
import type {
  BrokerSpecialization,
  DeveloperProjectType,
  DirectoryRoleFilter,
  Language,
  LoanSpecialization,
  Nationality,
  PropertyType,
  UaeBank,
} from '../enums';
import { AREAS, EMIRATE_NAMES, type EmirateName } from '../places';

export type Specialization = BrokerSpecialization | LoanSpecialization | DeveloperProjectType;

/** The filters the parser can read from a query (GET /api/search answers these). */
export interface SearchFilters {
  role?: DirectoryRoleFilter;
  language?: Language;
  /** Readable emirate name, as the directory's and the listings' `city` filter take it. */
  city?: EmirateName;
  /** Canonical area name (places.ts), the directory's `location` filter. */
  area?: string;
  specialization?: Specialization;
  bank?: UaeBank;
  nationality?: Nationality;
  verified?: boolean;
  /** Asked for a woman or a man (cards that state a gender). */
  gender?: 'male' | 'female';
  propertyType?: PropertyType;
  bedrooms?: number;
  status?: 'for_sale' | 'for_rent';
  minPrice?: number;
  maxPrice?: number;
  /** Words not understood, searched as free text. */
  text?: string;
}

type Entry = [Partial<SearchFilters>, string[]];

const roles: Entry[] = [
  [
    { role: 'broker' },
    [
      'broker',
      'agent',
      'realtor',
      'real estate agent',
      'real estate broker',
      'property agent',
      'property consultant',
      'property broker',
      'estate agent',
      'بروكر',
      'وسيط',
      'وسيط عقاري',
      'سمسار',
      'وكيل عقاري',
      'مسوق عقاري',
      'مستشار عقاري',
    ],
  ],
  [
    { role: 'banking_broker' },
    [
      'banking broker',
      'mortgage broker',
      'mortgage advisor',
      'mortgage adviser',
      'mortgage consultant',
      'mortgage specialist',
      'mortgage',
      'mortgages',
      'loan advisor',
      'finance advisor',
      'financial advisor',
      'banker',
      'bank agent',
      'وسيط تمويل',
      'وسيط بنكي',
      'مستشار تمويل',
      'مستشار رهن',
      'رهن عقاري',
      'تمويل عقاري',
      'مصرفي',
      'بنكي',
    ],
  ],
  [
    { role: 'developer' },
    ['developer', 'property developer', 'real estate developer', 'مطور', 'مطور عقاري', 'مطورين', 'شركه تطوير'],
  ],
  [{ role: 'investor' }, ['investor', 'مستثمر', 'مستثمرين']],
];

const specializations: Entry[] = [
  [{ specialization: 'residential_sales' }, ['residential sales', 'مبيعات سكنيه']],
  [{ specialization: 'residential_leasing' }, ['residential leasing', 'leasing', 'تاجير سكني']],
  [{ specialization: 'commercial_sales' }, ['commercial sales', 'مبيعات تجاريه']],
  [{ specialization: 'commercial_leasing' }, ['commercial leasing', 'تاجير تجاري']],
  [
    { specialization: 'off_plan_projects' },
    ['off plan', 'offplan', 'off plan projects', 'new launches', 'على الخارطه', 'قيد الانشاء', 'مشاريع على الخارطه'],
  ],
  [
    { specialization: 'investment_advisory' },
    [
      'investment advisory',
      'investment advisor',
      'investment adviser',
      'investment consultant',
      'استشارات استثماريه',
      'مستشار استثمار',
    ],
  ],
  [
    { specialization: 'property_management' },
    ['property management', 'property manager', 'ادارة عقارات', 'ادارة العقارات', 'اداره عقارات', 'اداره العقارات'],
  ],
  [
    { specialization: 'home_loans' },
    ['home loan', 'home finance', 'house loan', 'mortgage loan', 'قرض سكني', 'تمويل سكني', 'قرض عقاري'],
  ],
  [{ specialization: 'personal_loans' }, ['personal loan', 'قرض شخصي', 'تمويل شخصي']],
  [
    { specialization: 'business_loans' },
    ['business loan', 'sme loan', 'corporate loan', 'قرض تجاري', 'تمويل شركات', 'تمويل الشركات'],
  ],
  [
    { specialization: 'car_loans' },
    ['car loan', 'auto loan', 'vehicle loan', 'قرض سياره', 'تمويل سيارات', 'تمويل سياره'],
  ],
  [{ specialization: 'investment_loans' }, ['investment loan', 'قرض استثماري', 'تمويل استثماري']],
  [{ specialization: 'all_loans' }, ['all loans', 'جميع القروض']],
  [{ specialization: 'luxury_developments' }, ['luxury developments', 'luxury developer', 'مشاريع فاخره']],
  [{ specialization: 'affordable_housing' }, ['affordable housing', 'اسكان ميسور']],
  [{ specialization: 'mixed_use' }, ['mixed use', 'متعدد الاستخدامات']],
  [{ specialization: 'commercial_offices' }, ['commercial offices', 'مكاتب تجاريه']],
  [{ specialization: 'retail_spaces' }, ['retail spaces', 'مساحات تجزئه']],
];

const banks: Entry[] = [
  [{ bank: 'emirates_nbd' }, ['emirates nbd', 'enbd', 'الامارات دبي الوطني', 'بنك الامارات دبي الوطني']],
  [{ bank: 'first_abu_dhabi_bank' }, ['first abu dhabi bank', 'fab', 'بنك ابوظبي الاول', 'بنك ابو ظبي الاول']],
  [{ bank: 'adcb' }, ['adcb', 'abu dhabi commercial bank', 'بنك ابوظبي التجاري', 'بنك ابو ظبي التجاري']],
  [{ bank: 'dubai_islamic_bank' }, ['dubai islamic bank', 'dib', 'بنك دبي الاسلامي']],
  [
    { bank: 'emirates_islamic_bank' },
    ['emirates islamic', 'emirates islamic bank', 'الامارات الاسلامي', 'مصرف الامارات الاسلامي'],
  ],
  [{ bank: 'mashreq_bank' }, ['mashreq', 'mashreq bank', 'المشرق', 'بنك المشرق']],
  [{ bank: 'rakbank' }, ['rakbank', 'rak bank', 'بنك راس الخيمه', 'بنك راس الخيمه الوطني']],
  [{ bank: 'ajman_bank' }, ['ajman bank', 'مصرف عجمان', 'بنك عجمان']],
  [{ bank: 'union_national_bank' }, ['union national bank', 'unb', 'بنك الاتحاد الوطني']],
  [{ bank: 'sharjah_islamic_bank' }, ['sharjah islamic bank', 'sib', 'مصرف الشارقه الاسلامي']],
  [{ bank: 'noor_bank' }, ['noor bank', 'بنك نور']],
  [{ bank: 'cbd_commercial_bank' }, ['cbd', 'commercial bank of dubai', 'بنك دبي التجاري']],
  [{ bank: 'invest_bank' }, ['invest bank', 'investbank', 'بنك الاستثمار']],
  [{ bank: 'hsbc_uae' }, ['hsbc', 'اتش اس بي سي']],
  [{ bank: 'standard_chartered_uae' }, ['standard chartered', 'ستاندرد تشارترد']],
  [{ bank: 'citibank_uae' }, ['citibank', 'citi', 'سيتي بنك']],
  [{ bank: 'uab_united_arab_bank' }, ['united arab bank', 'uab', 'البنك العربي المتحد']],
  [{ bank: 'arab_bank_uae' }, ['arab bank', 'البنك العربي']],
  [{ bank: 'bank_of_baroda_uae' }, ['bank of baroda', 'baroda']],
  [{ bank: 'icici_bank_uae' }, ['icici', 'icici bank']],
  [{ bank: 'axis_bank_uae' }, ['axis bank']],
  [{ bank: 'habib_bank_uae' }, ['habib bank', 'hbl']],
  [{ bank: 'national_bank_of_fujairah' }, ['national bank of fujairah', 'nbf', 'بنك الفجيره الوطني']],
  [{ bank: 'al_hilal_bank' }, ['al hilal', 'al hilal bank', 'مصرف الهلال']],
  [{ bank: 'warba_bank_uae' }, ['warba', 'warba bank']],
  [{ bank: 'al_masraf_arab_bank' }, ['al masraf', 'المصرف']],
  [{ bank: 'finance_house' }, ['finance house', 'دار التمويل']],
  [{ bank: 'development_bank_of_singapore' }, ['dbs', 'development bank of singapore']],
  [
    { bank: 'abu_dhabi_islamic_bank' },
    ['adib', 'abu dhabi islamic bank', 'مصرف ابوظبي الاسلامي', 'مصرف ابو ظبي الاسلامي'],
  ],
  [{ bank: 'al_ahli_bank_of_kuwait_uae' }, ['al ahli bank of kuwait', 'abk']],
];

const languages: Entry[] = [
  [{ language: 'english' }, ['english', 'انجليزي', 'انجليزيه', 'انكليزي', 'الانجليزيه', 'الانكليزيه']],
  [{ language: 'arabic' }, ['arabic', 'عربي', 'عربيه', 'العربيه']],
  [{ language: 'hindi' }, ['hindi', 'الهنديه']],
  [{ language: 'tamil' }, ['tamil', 'تاميل', 'التاميليه']],
  [{ language: 'urdu' }, ['urdu', 'اردو', 'الاورديه']],
  [{ language: 'french' }, ['french', 'فرنسي', 'الفرنسيه']],
  [{ language: 'spanish' }, ['spanish', 'اسباني', 'الاسبانيه']],
  [{ language: 'chinese' }, ['chinese', 'mandarin', 'صيني', 'الصينيه']],
  [{ language: 'russian' }, ['russian', 'روسي', 'الروسيه']],
  [{ language: 'german' }, ['german', 'الماني', 'الالمانيه']],
];

const nationalities: Entry[] = [
  [{ nationality: 'uae' }, ['emirati', 'uae national', 'اماراتي', 'مواطن']],
  [{ nationality: 'indian' }, ['indian', 'هندي']],
  [{ nationality: 'pakistani' }, ['pakistani', 'باكستاني']],
  [{ nationality: 'egyptian' }, ['egyptian', 'مصري']],
  [{ nationality: 'lebanese' }, ['lebanese', 'لبناني']],
  [{ nationality: 'syrian' }, ['syrian', 'سوري']],
  [{ nationality: 'jordanian' }, ['jordanian', 'اردني']],
  [{ nationality: 'palestinian' }, ['palestinian', 'فلسطيني']],
  [{ nationality: 'sudanese' }, ['sudanese', 'سوداني']],
  [{ nationality: 'british' }, ['british', 'uk', 'بريطاني']],
  [{ nationality: 'american' }, ['american', 'امريكي']],
  [{ nationality: 'canadian' }, ['canadian', 'كندي']],
  [{ nationality: 'australian' }, ['australian', 'استرالي']],
  [{ nationality: 'filipino' }, ['filipino', 'filipina', 'فلبيني']],
];

const cities: Entry[] = [
  [{ city: EMIRATE_NAMES.dubai }, ['dubai', 'دبي']],
  [{ city: EMIRATE_NAMES.abu_dhabi }, ['abu dhabi', 'abudhabi', 'ابوظبي', 'ابو ظبي']],
  [{ city: EMIRATE_NAMES.sharjah }, ['sharjah', 'الشارقه', 'شارقه']],
  [{ city: EMIRATE_NAMES.ajman }, ['ajman', 'عجمان']],
  [{ city: EMIRATE_NAMES.ras_al_khaimah }, ['ras al khaimah', 'rak', 'راس الخيمه']],
  [{ city: EMIRATE_NAMES.fujairah }, ['fujairah', 'الفجيره', 'فجيره']],
  [{ city: EMIRATE_NAMES.umm_al_quwain }, ['umm al quwain', 'uaq', 'ام القيوين']],
];

const areas: Entry[] = AREAS.map((a) => [{ area: a.name }, [...new Set([a.name, a.ar, ...a.aliases])]]);

const propertyTypes: Entry[] = [
  [{ propertyType: 'apartment' }, ['apartment', 'apt', 'flat', 'condo', 'شقه', 'شقق']],
  [{ propertyType: 'villa' }, ['villa', 'house', 'فيلا', 'فيلل', 'فلل', 'فله', 'بيت', 'منزل']],
  [{ propertyType: 'townhouse' }, ['townhouse', 'town house', 'تاون هاوس', 'تاونهاوس']],
  [{ propertyType: 'penthouse' }, ['penthouse', 'بنتهاوس', 'بنت هاوس']],
  [{ propertyType: 'studio' }, ['studio', 'استوديو', 'ستوديو']],
  [{ propertyType: 'office' }, ['office', 'office space', 'مكتب', 'مكاتب']],
  [{ propertyType: 'retail' }, ['retail', 'shop', 'store', 'showroom', 'محل', 'محلات', 'متجر']],
];

const statuses: Entry[] = [
  [
    { status: 'for_rent' },
    [
      'for rent',
      'rent',
      'rental',
      'renting',
      'to rent',
      'for lease',
      'lease',
      'to let',
      'ايجار',
      'للايجار',
      'استيجار',
      'تاجير',
    ],
  ],
  [
    { status: 'for_sale' },
    ['for sale', 'sale', 'buy', 'buying', 'to buy', 'purchase', 'للبيع', 'بيع', 'شراء', 'تمليك'],
  ],
];

const genders: Entry[] = [
  [
    { gender: 'female' },
    ['female', 'woman', 'women', 'lady', 'ladies', 'امراه', 'نساء', 'سيده', 'سيدات', 'انثى', 'نسائي', 'مستشاره'],
  ],
  [{ gender: 'male' }, ['male', 'man', 'men', 'gentleman', 'رجل', 'رجال', 'ذكر']],
  // Arabic says the gender in the role word itself: وسيطة, سمسارة, مستشارة عقارية, وكيلة عقارية.
  [
    { role: 'broker', gender: 'female' },
    ['وسيطه', 'وسيطه عقاريه', 'سمساره', 'مستشاره عقاريه', 'وكيله عقاريه', 'مسوقه عقاريه'],
  ],
];

/**
 * The UAE golden visa through property: a purchase of AED 2 million or more, so a sale, never a
 * rental, from that price (a price the user gave wins).
 */
export const GOLDEN_VISA_MIN_PRICE = 2_000_000;
const goldenVisa: Entry[] = [
  [
    { status: 'for_sale', minPrice: GOLDEN_VISA_MIN_PRICE },
    [
      'golden visa',
      'golden visa eligible',
      'golden visa property',
      'الاقامه الذهبيه',
      'اقامه ذهبيه',
      'الفيزا الذهبيه',
      'فيزا ذهبيه',
      'التاشيره الذهبيه',
    ],
  ],
];

const flags: Entry[] = [
  [{ verified: true }, ['verified', 'licensed', 'rera', 'rera certified', 'rera licensed', 'موثق', 'مرخص', 'معتمد']],
];

/** Every phrase the parser matches, each with the filters it sets. */
export const VOCABULARY: readonly Entry[] = [
  ...roles,
  ...specializations,
  ...banks,
  ...languages,
  ...nationalities,
  ...cities,
  ...areas,
  ...propertyTypes,
  ...statuses,
  ...genders,
  ...goldenVisa,
  ...flags,
];

/** Words that carry no filter and are dropped from the free text. */
export const STOPWORDS = new Set([
  'a',
  'an',
  'the',
  'in',
  'at',
  'on',
  'near',
  'with',
  'for',
  'of',
  'and',
  'or',
  'who',
  'that',
  'is',
  'are',
  'me',
  'i',
  'my',
  'want',
  'need',
  'looking',
  'look',
  'find',
  'show',
  'search',
  'please',
  'to',
  'by',
  'from',
  'around',
  'speaks',
  'speak',
  'speaking',
  'speaker',
  'fluent',
  'some',
  'any',
  'someone',
  'somebody',
  'expert',
  'specialist',
  'specialised',
  'specialized',
  'specializing',
  'specialising',
  'property',
  'properties',
  'real',
  'estate',
  'home',
  'homes',
  'aed',
  'dhs',
  'dh',
  'dirham',
  'dirhams',
  'bedroom',
  'bedrooms',
  'bed',
  'beds',
  'br',
  'bhk',
  'area',
  'uae',
  'best',
  'good',
  'top',
  'which',
  'where',
  'can',
  'help',
  'advisor',
  'adviser',
  'consultant',
  'named',
  'called',
  'في',
  'من',
  'مع',
  'الى',
  'على',
  'عن',
  'او',
  'و',
  'ابحث',
  'اريد',
  'احتاج',
  'يتحدث',
  'يتكلم',
  'تتحدث',
  'متحدث',
  'يجيد',
  'عقار',
  'عقارات',
  'شخص',
  'خبير',
  'متخصص',
  'لغه',
  'منطقه',
  'في',
  'درهم',
  'دراهم',
  'غرف',
  'غرفه',
  'نوم',
  'الامارات',
]);
