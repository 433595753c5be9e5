/**
 * Demo business cards: a card for almost every demo user, of every role, with content
 * written by the built-in composer from realistic facts (areas across the emirates, languages,
 * banks, specializations, licence numbers), a drawn portrait each (DiceBear Notionists, CC0 art:
 * see seed/portraits.ts and docs/demo-assets.md), a few pending cards and one
 * rejected card with its reason. A second wave of professionals joins so the directory holds
 * well over 60 approved public cards (the directory's paging and its seed test rely on that).
 */
import type {
  BrokerSpecialization,
  DeveloperProjectType,
  Emirate,
  InvestmentInterest,
  InvestorBudget,
  Language,
  LoanSpecialization,
  Nationality,
  ProfessionalRole,
  UaeBank,
} from '../../../core/enums';
import { DEMO_AREAS } from '../../../core/places';
import { toE164 } from '../../../core/phone';
import { avatarPath } from '../../modules/cards/avatar';
import { composeCardContent } from '../../platform/ai/composer';
import { eq } from 'drizzle-orm';
import { businessCards, type User, users } from '../schema';
import type { SeedStep } from './index';
import { renderPortrait } from './portraits';
import { createRandom, type Random } from './random';
import { demoEmail } from './users';

type Profile = { nationality: Nationality; languages: Language[]; arabicName?: string };

/** Nationality and languages of each demo person, by "First Last". */
const PROFILES: Record<string, Profile> = {
  'Ahmed Al Mansoori': { nationality: 'uae', languages: ['arabic', 'english'] },
  'Fatima Al Hashimi': { nationality: 'uae', languages: ['arabic', 'english', 'french'] },
  'Omar Khalid': { nationality: 'jordanian', languages: ['arabic', 'english'] },
  'Sara Haddad': { nationality: 'lebanese', languages: ['arabic', 'english', 'french'] },
  'Rahul Mehta': { nationality: 'indian', languages: ['english', 'hindi'] },
  'Priya Nair': { nationality: 'indian', languages: ['english', 'hindi', 'tamil'] },
  'James Whitfield': { nationality: 'british', languages: ['english'] },
  'Emily Carter': { nationality: 'american', languages: ['english', 'spanish'] },
  'Yousef Al Suwaidi': { nationality: 'uae', languages: ['arabic', 'english'] },
  'Mariam Al Falasi': { nationality: 'uae', languages: ['arabic', 'english'], arabicName: 'مريم الفلاسي' },
  'Hassan Raza': { nationality: 'pakistani', languages: ['english', 'urdu', 'hindi'] },
  'Ayesha Siddiqui': { nationality: 'pakistani', languages: ['english', 'urdu'] },
  'Karim Nassar': { nationality: 'egyptian', languages: ['arabic', 'english'] },
  'Layla Aboud': { nationality: 'syrian', languages: ['arabic', 'english', 'french'] },
  'Mohammed Al Ketbi': { nationality: 'uae', languages: ['arabic', 'english'] },
  'Noura Al Shamsi': { nationality: 'uae', languages: ['arabic', 'english'], arabicName: 'نورة الشامسي' },
  'Daniel Fischer': { nationality: 'other', languages: ['german', 'english'] },
  'Olga Ivanova': { nationality: 'other', languages: ['russian', 'english'] },
  'Tariq Mahmoud': { nationality: 'palestinian', languages: ['arabic', 'english'] },
  'Huda Saleh': { nationality: 'sudanese', languages: ['arabic', 'english'] },
  'Vikram Iyer': { nationality: 'indian', languages: ['english', 'tamil', 'hindi'] },
  'Ana Reyes': { nationality: 'filipino', languages: ['english', 'spanish'] },
  'Khalifa Al Nuaimi': { nationality: 'uae', languages: ['arabic', 'english'], arabicName: 'خليفة النعيمي' },
  'Reem Al Marzouqi': { nationality: 'uae', languages: ['arabic', 'english'] },
  'Samir Haddad': { nationality: 'lebanese', languages: ['arabic', 'french', 'english'] },
  'Rania Youssef': { nationality: 'egyptian', languages: ['arabic', 'english'], arabicName: 'رانيا يوسف' },
  'Li Wei': { nationality: 'other', languages: ['chinese', 'english'] },
  'Sophie Laurent': { nationality: 'other', languages: ['french', 'english'] },
  'Faisal Qureshi': { nationality: 'pakistani', languages: ['urdu', 'english', 'arabic'] },
  'Hind Al Zaabi': { nationality: 'uae', languages: ['arabic', 'english'] },
  'Arjun Kapoor': { nationality: 'indian', languages: ['english', 'hindi'] },
  'Nadia Farouk': { nationality: 'egyptian', languages: ['arabic', 'english'] },
  'Rashid Al Mazrouei': { nationality: 'uae', languages: ['arabic', 'english'] },
  'Amal Darwish': { nationality: 'palestinian', languages: ['arabic', 'english'] },
  'George Haddad': { nationality: 'lebanese', languages: ['english', 'arabic', 'french'] },
  'Carlos Mendez': { nationality: 'other', languages: ['spanish', 'english'] },
  'Shaikha Al Dhaheri': { nationality: 'uae', languages: ['arabic', 'english'], arabicName: 'شيخة الظاهري' },
  'Imran Sheikh': { nationality: 'indian', languages: ['english', 'hindi', 'urdu'] },
  'Dina Kassem': { nationality: 'lebanese', languages: ['arabic', 'english', 'french'] },
  'Majid Al Rumaithi': { nationality: 'uae', languages: ['arabic', 'english'] },
  'Lucy Bennett': { nationality: 'british', languages: ['english'] },
  'Zayed Al Blooshi': { nationality: 'uae', languages: ['arabic', 'english'] },
  'Meera Pillai': { nationality: 'indian', languages: ['english', 'tamil'] },
  'Bilal Chaudhry': { nationality: 'pakistani', languages: ['english', 'urdu'] },
  'Salma Bakr': { nationality: 'sudanese', languages: ['arabic', 'english'] },
  'Thomas Okafor': { nationality: 'other', languages: ['english', 'french'] },
  'Alia Al Qasimi': { nationality: 'uae', languages: ['arabic', 'english'] },
  'Nikolai Petrov': { nationality: 'other', languages: ['russian', 'english', 'german'] },
};

/**
 * The Arabic names of demo people whose cards are written in English first: their cards carry an
 * Arabic side, so an Arabic visitor reads them in Arabic (names not listed stay as written).
 */
const ARABIC_NAMES: Record<string, string> = {
  'Ahmed Al Mansoori': 'أحمد المنصوري',
  'Fatima Al Hashimi': 'فاطمة الهاشمي',
  'Omar Khalid': 'عمر خالد',
  'Sara Haddad': 'سارة حداد',
  'Yousef Al Suwaidi': 'يوسف السويدي',
  'Karim Nassar': 'كريم نصار',
  'Layla Aboud': 'ليلى عبود',
  'Mohammed Al Ketbi': 'محمد الكتبي',
  'Tariq Mahmoud': 'طارق محمود',
  'Huda Saleh': 'هدى صالح',
  'Reem Al Marzouqi': 'ريم المرزوقي',
  'Samir Haddad': 'سمير حداد',
  'Hind Al Zaabi': 'هند الزعابي',
  'Nadia Farouk': 'نادية فاروق',
  'Rashid Al Mazrouei': 'راشد المزروعي',
  'Amal Darwish': 'أمل درويش',
  'George Haddad': 'جورج حداد',
  'Dina Kassem': 'دينا قاسم',
  'Majid Al Rumaithi': 'ماجد الرميثي',
  'Zayed Al Blooshi': 'زايد البلوشي',
  'Salma Bakr': 'سلمى بكر',
  'Alia Al Qasimi': 'علياء القاسمي',
  'Saeed Al Habtoor': 'سعيد الحبتور',
};

/** The demo companies' Arabic names. */
const COMPANIES_AR: Record<string, string> = {
  'Marina Gate Realty': 'مارينا جيت العقارية',
  'Palm Crest Properties': 'بالم كريست للعقارات',
  'Creekside Homes Real Estate': 'كريك سايد هومز للعقارات',
  'Desert Rose Properties': 'وردة الصحراء للعقارات',
  'Skyline Avenue Realty': 'سكاي لاين أفينيو العقارية',
  'Gulf Horizon Real Estate': 'أفق الخليج للعقارات',
  'Oasis Key Properties': 'مفتاح الواحة للعقارات',
  'Al Waha Real Estate': 'الواحة للعقارات',
  'Bluewater Estates': 'بلو ووتر العقارية',
  'Golden Sands Realty': 'الرمال الذهبية العقارية',
  'Azure Crescent Developments': 'الهلال اللازوردي للتطوير',
  'Sandstone Development Co.': 'ساندستون للتطوير',
  'Al Noor Developers': 'النور للتطوير العقاري',
  'Meridian Bay Properties': 'ميريديان باي للعقارات',
  'Falcon Ridge Developments': 'فالكون ريدج للتطوير',
  'Dune Capital Partners': 'ديون كابيتال بارتنرز',
  'Crescent Family Office': 'مكتب الهلال العائلي',
  'Harbour Point Ventures': 'هاربر بوينت للاستثمار',
};

/** The brokers' services in Arabic. */
const SERVICES_AR: Record<string, string> = {
  Valuations: 'التقييم العقاري',
  Viewings: 'المعاينات',
  'Mortgage referrals': 'الإحالة للتمويل العقاري',
  'Golden Visa guidance': 'إرشاد الإقامة الذهبية',
  Snagging: 'فحص العيوب قبل الاستلام',
  'Tenancy contracts': 'عقود الإيجار',
  'Property handover': 'تسليم العقار',
};

type Extra = { first: string; last: string; gender: 'male' | 'female'; role: ProfessionalRole } & Profile;

/** The second wave: professionals who joined for the directory (all with approved cards). */
const EXTRA_PEOPLE: Extra[] = [
  {
    first: 'Saeed',
    last: 'Al Habtoor',
    gender: 'male',
    role: 'real_estate_broker',
    nationality: 'uae',
    languages: ['arabic', 'english'],
  },
  {
    first: 'Jessica',
    last: 'Moore',
    gender: 'female',
    role: 'real_estate_broker',
    nationality: 'australian',
    languages: ['english'],
  },
  {
    first: 'Ravi',
    last: 'Shankar',
    gender: 'male',
    role: 'real_estate_broker',
    nationality: 'indian',
    languages: ['english', 'hindi', 'tamil'],
  },
  {
    first: 'Lina',
    last: 'Hamdan',
    gender: 'female',
    role: 'real_estate_broker',
    nationality: 'jordanian',
    languages: ['arabic', 'english'],
    arabicName: 'لينا حمدان',
  },
  {
    first: 'Marco',
    last: 'Rossi',
    gender: 'male',
    role: 'real_estate_broker',
    nationality: 'other',
    languages: ['english', 'spanish', 'french'],
  },
  {
    first: 'Usman',
    last: 'Tariq',
    gender: 'male',
    role: 'real_estate_broker',
    nationality: 'pakistani',
    languages: ['urdu', 'english', 'hindi'],
  },
  {
    first: 'Joanna',
    last: 'Santos',
    gender: 'female',
    role: 'real_estate_broker',
    nationality: 'filipino',
    languages: ['english'],
  },
  {
    first: 'Hamad',
    last: 'Al Shehhi',
    gender: 'male',
    role: 'real_estate_broker',
    nationality: 'uae',
    languages: ['arabic', 'english'],
  },
  {
    first: 'Elena',
    last: 'Volkova',
    gender: 'female',
    role: 'real_estate_broker',
    nationality: 'other',
    languages: ['russian', 'english'],
  },
  {
    first: 'Kevin',
    last: "O'Brien",
    gender: 'male',
    role: 'real_estate_broker',
    nationality: 'canadian',
    languages: ['english', 'french'],
  },
  {
    first: 'Maha',
    last: 'Al Ameri',
    gender: 'female',
    role: 'real_estate_broker',
    nationality: 'uae',
    languages: ['arabic', 'english'],
  },
  {
    first: 'Ali',
    last: 'Hussain',
    gender: 'male',
    role: 'banking_broker',
    nationality: 'indian',
    languages: ['english', 'hindi', 'urdu'],
  },
  {
    first: 'Sana',
    last: 'Malik',
    gender: 'female',
    role: 'banking_broker',
    nationality: 'pakistani',
    languages: ['english', 'urdu'],
  },
  {
    first: 'Walid',
    last: 'Mansour',
    gender: 'male',
    role: 'banking_broker',
    nationality: 'egyptian',
    languages: ['arabic', 'english'],
    arabicName: 'وليد منصور',
  },
  {
    first: 'Grace',
    last: 'Lim',
    gender: 'female',
    role: 'banking_broker',
    nationality: 'other',
    languages: ['english', 'chinese'],
  },
  {
    first: 'Abdullah',
    last: 'Al Marri',
    gender: 'male',
    role: 'banking_broker',
    nationality: 'uae',
    languages: ['arabic', 'english'],
  },
  {
    first: 'Hiba',
    last: 'Khoury',
    gender: 'female',
    role: 'real_estate_developer',
    nationality: 'lebanese',
    languages: ['arabic', 'english', 'french'],
  },
  {
    first: 'Stefan',
    last: 'Weber',
    gender: 'male',
    role: 'real_estate_developer',
    nationality: 'other',
    languages: ['german', 'english'],
  },
  {
    first: 'Obaid',
    last: 'Al Kaabi',
    gender: 'male',
    role: 'real_estate_developer',
    nationality: 'uae',
    languages: ['arabic', 'english'],
  },
  {
    first: 'Anjali',
    last: 'Rao',
    gender: 'female',
    role: 'real_estate_developer',
    nationality: 'indian',
    languages: ['english', 'hindi'],
  },
  {
    first: 'Victor',
    last: 'Chen',
    gender: 'male',
    role: 'investor',
    nationality: 'other',
    languages: ['chinese', 'english'],
  },
  {
    first: 'Fahad',
    last: 'Al Otaiba',
    gender: 'male',
    role: 'investor',
    nationality: 'uae',
    languages: ['arabic', 'english'],
  },
  {
    first: 'Isabelle',
    last: 'Dubois',
    gender: 'female',
    role: 'investor',
    nationality: 'other',
    languages: ['french', 'english'],
  },
  {
    first: 'Dmitri',
    last: 'Sokolov',
    gender: 'male',
    role: 'investor',
    nationality: 'other',
    languages: ['russian', 'english'],
  },
];

const AGENCIES = [
  'Marina Gate Realty',
  'Palm Crest Properties',
  'Creekside Homes Real Estate',
  'Desert Rose Properties',
  'Skyline Avenue Realty',
  'Gulf Horizon Real Estate',
  'Oasis Key Properties',
  'Al Waha Real Estate',
  'Bluewater Estates',
  'Golden Sands Realty',
];
const DEVELOPERS = [
  'Azure Crescent Developments',
  'Sandstone Development Co.',
  'Al Noor Developers',
  'Meridian Bay Properties',
  'Falcon Ridge Developments',
];
const INVESTMENT_FIRMS = [
  'Private portfolio',
  'Dune Capital Partners',
  'Crescent Family Office',
  'Harbour Point Ventures',
];
const BANKS: UaeBank[] = [
  'emirates_nbd',
  'first_abu_dhabi_bank',
  'adcb',
  'dubai_islamic_bank',
  'mashreq_bank',
  'rakbank',
  'hsbc_uae',
  'standard_chartered_uae',
  'abu_dhabi_islamic_bank',
  'cbd_commercial_bank',
  'emirates_islamic_bank',
  'sharjah_islamic_bank',
];
const BROKER_SPECS: BrokerSpecialization[] = [
  'residential_sales',
  'off_plan_projects',
  'residential_leasing',
  'investment_advisory',
  'commercial_sales',
  'commercial_leasing',
  'property_management',
];
const LOAN_SPECS: LoanSpecialization[] = [
  'home_loans',
  'home_loans',
  'investment_loans',
  'business_loans',
  'all_loans',
  'personal_loans',
];
const PROJECT_TYPES: DeveloperProjectType[] = [
  'residential_apartments',
  'residential_villas',
  'commercial_offices',
  'retail_spaces',
  'mixed_use',
  'luxury_developments',
  'affordable_housing',
];
const BUDGETS: InvestorBudget[] = ['500k_1m', '1m_2m', '2m_5m', '5m_10m', '10m_plus', 'under_500k'];
const INTERESTS: InvestmentInterest[] = [
  'real_estate',
  'hospitality',
  'startups',
  'technology',
  'healthcare',
  'retail',
  'education',
];

/** About two thirds in Dubai, the rest across the other emirates. */
function pickArea(rnd: Random): { area: string; areaId: string; emirate: Emirate } {
  const dubai = DEMO_AREAS.filter((a) => a.emirate === 'dubai');
  const elsewhere = DEMO_AREAS.filter((a) => a.emirate !== 'dubai');
  const a = rnd.next() < 0.65 ? rnd.pick(dubai) : rnd.pick(elsewhere);
  return { area: a.name, areaId: a.id, emirate: a.emirate };
}

const slug = (s: string) => s.toLowerCase().replace(/[^a-z]+/g, '');
const DAY = 24 * 3600 * 1000;

type Person = { user: User; gender: 'male' | 'female'; profile: Profile };

const FINANCING = {
  ar: 'تمويل عقاري للمقيمين وغير المقيمين، وتمويل إسلامي، وتحويل الرهن العقاري بأسعار أفضل.',
  en: 'Mortgages for residents and non-residents, Islamic home finance, buy-outs to a better rate and equity release.',
};
const INVESTMENT_PROFILE = {
  ar: 'يفضّل الأصول المدرّة للدخل والشراكات طويلة الأجل.',
  en: 'Prefers income-producing assets and long-term partnerships; co-invests with trusted partners.',
};

/** A stable number from a name, to seed the random sequence of a card's other language. */
function hashSeed(text: string): number {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
  return h || 1;
}

function cardFor(person: Person, rnd: Random) {
  const { user, gender, profile } = person;
  const role = user.role as ProfessionalRole;
  const { area, areaId, emirate } = pickArea(rnd);
  const years = role === 'investor' ? rnd.int(3, 20) : rnd.int(2, 22);
  const arabic = !!profile.arabicName;
  const name = profile.arabicName ?? `${user.firstName} ${user.lastName}`;
  const base = {
    role,
    name,
    language: arabic ? ('ar' as const) : ('en' as const),
    gender,
    emirate,
    area,
    languages: profile.languages,
    yearsOfExperience: years,
  };
  let specifics: Partial<typeof businessCards.$inferInsert> = {};
  let company: string | undefined;
  let request: Parameters<typeof composeCardContent>[0];
  if (role === 'real_estate_broker') {
    company = rnd.pick(AGENCIES);
    const roleTitle = rnd.pick(BROKER_SPECS);
    request = { ...base, company, roleTitle };
    specifics = {
      roleTitle,
      brnNumber: String(rnd.int(10000, 99999)),
      ornNumber: String(rnd.int(1000, 29999)),
      servicesOffered: rnd.some(
        [
          'Valuations',
          'Viewings',
          'Mortgage referrals',
          'Golden Visa guidance',
          'Snagging',
          'Tenancy contracts',
          'Property handover',
        ],
        2,
        4,
      ),
    };
  } else if (role === 'banking_broker') {
    const bankName = rnd.pick(BANKS);
    const roleTitle = rnd.pick(LOAN_SPECS);
    request = { ...base, bankName, roleTitle };
    specifics = {
      roleTitle,
      bankName,
      practiceCardNumber: `MB${rnd.int(100000, 999999)}`,
      financingSolutions: FINANCING[arabic ? 'ar' : 'en'],
    };
  } else if (role === 'real_estate_developer') {
    company = rnd.pick(DEVELOPERS);
    const propertySpecialization = rnd.some(PROJECT_TYPES, 1, 3);
    request = { ...base, company, propertySpecialization };
    specifics = { propertySpecialization, projectPortfolioLink: `https://www.${slug(company)}.ae/projects` };
  } else {
    company = rnd.pick(INVESTMENT_FIRMS);
    const investmentBudgetRange = rnd.pick(BUDGETS);
    const investmentInterests = rnd.some(INTERESTS, 1, 3);
    request = {
      ...base,
      company: company === 'Private portfolio' ? undefined : company,
      investmentBudgetRange,
      investmentInterests,
    };
    specifics = {
      investmentBudgetRange,
      investmentInterests,
      regionsOfInterest: [
        area,
        ...rnd.some(['Dubai Hills', 'Business Bay', 'Saadiyat Island', 'Al Marjan Island', 'JVC'], 0, 2),
      ].filter((v, i, all) => all.indexOf(v) === i),
      investmentProfile: INVESTMENT_PROFILE[arabic ? 'ar' : 'en'],
    };
  }
  const content = composeCardContent(request, rnd.next);
  // The card's other language, composed from the same facts with a random sequence of its own,
  // so adding it changes nothing else the seed draws.
  const second = arabic ? ('en' as const) : ('ar' as const);
  const englishName = `${user.firstName} ${user.lastName}`;
  const otherName = arabic ? englishName : ARABIC_NAMES[englishName];
  const translated = composeCardContent(
    {
      ...request,
      // The bio names the person as that language writes the name.
      name: otherName ?? request.name,
      language: second,
      sourceText: { language: request.language, profession: content.profession },
    },
    createRandom(hashSeed(englishName)).next,
  );
  const ownCompany = company === 'Private portfolio' ? null : (company ?? content.suggestedCompany ?? null);
  const otherCompany = ownCompany
    ? second === 'ar'
      ? COMPANIES_AR[ownCompany]
      : Object.entries(COMPANIES_AR).find(([, ar]) => ar === ownCompany)?.[0]
    : (translated.suggestedCompany ?? undefined);
  const services = (specifics.servicesOffered ?? []) as string[];
  const otherText: Record<string, unknown> = {
    ...(otherName ? { name: otherName } : {}),
    profession: translated.profession,
    ...(otherCompany ? { company: otherCompany } : {}),
    professionalBio: translated.description,
    description: translated.description,
    ...(translated.salesPitch ? { salesPitch: translated.salesPitch } : {}),
    ...(translated.valueProposition ? { valueProposition: translated.valueProposition } : {}),
    ...(services.length && second === 'ar' ? { servicesOffered: services.map((v) => SERVICES_AR[v] ?? v) } : {}),
    ...(specifics.financingSolutions ? { financingSolutions: FINANCING[second] } : {}),
    ...(specifics.investmentProfile ? { investmentProfile: INVESTMENT_PROFILE[second] } : {}),
  };
  const image = user.profileImageUrl ?? avatarPath(`${user.firstName} ${user.lastName}`);
  const first = slug(user.firstName);
  const last = slug(user.lastName);
  return {
    userId: user.id,
    name,
    profession: content.profession,
    company: ownCompany,
    phone: toE164(user.phoneNumber, user.countryCode) ?? user.phoneNumber,
    countryCode: user.countryCode,
    email: user.email,
    gender,
    nationality: profile.nationality,
    age: Math.min(65, 24 + years + rnd.int(0, 8)),
    yearsOfExperience: years,
    languages: profile.languages,
    emirate,
    area,
    areaId,
    officeAddress: `${rnd.pick(['Office', 'Suite', 'Unit'])} ${rnd.int(101, 2408)}, ${rnd.pick(['Tower A', 'Business Centre', 'Plaza', 'Gate Building', 'Boulevard Tower'])}, ${area}`,
    googleMapsLink: `https://maps.google.com/?q=${encodeURIComponent(area)}`,
    professionalBio: content.description,
    description: content.description,
    salesPitch: content.salesPitch ?? null,
    valueProposition: content.valueProposition ?? null,
    socialLinks: {
      linkedin: `https://www.linkedin.com/in/${first}-${last}`,
      ...(rnd.next() < 0.5 ? { instagram: `https://www.instagram.com/${first}.${last}` } : {}),
      ...(company && company !== 'Private portfolio' && rnd.next() < 0.6
        ? { website: `https://www.${slug(company)}.ae` }
        : {}),
    },
    profileImageUrl: image,
    aiGenerated: rnd.next() < 0.7,
    ...specifics,
    primaryLanguage: arabic ? ('ar' as const) : ('en' as const),
    translations: { [second]: otherText },
  };
}

export const seedCards: SeedStep = async (ctx, state) => {
  const { db } = ctx;
  const { rnd } = state;
  const passwordHash = state.users[0]?.user.passwordHash ?? null;
  const now = Date.now();

  const extraRows = EXTRA_PEOPLE.map((p) => {
    const paid = p.role === 'real_estate_broker' || p.role === 'banking_broker';
    const mobile = `5${rnd.pick(['0', '2', '4', '5', '6', '8'])} ${rnd.int(100, 999)} ${rnd.int(1000, 9999)}`;
    const joined = new Date(now - rnd.int(1, 200) * DAY);
    return {
      email: demoEmail(p),
      passwordHash,
      firstName: p.first,
      lastName: p.last,
      phoneNumber: mobile,
      countryCode: '+971',
      phone: toE164(`+971 ${mobile}`) ?? `+971 ${mobile}`,
      role: p.role,
      roleChosen: true,
      isEmailVerified: true,
      subscriptionStatus: paid ? 'active' : 'inactive',
      subscriptionPeriodEnd: paid ? new Date(joined.getTime() + 365 * DAY) : null,
      preferredLanguage: p.arabicName ? 'ar' : 'en',
      createdAt: joined,
      updatedAt: joined,
    };
  });
  const extras = await db.insert(users).values(extraRows).returning();
  state.users.push(...extras.map((user, i) => ({ user, gender: EXTRA_PEOPLE[i].gender })));

  // Every demo person gets a drawn portrait (seed/portraits.ts), stored as their own upload.
  // Drawn side by side: sharp renders on its own threads while the next SVG is built.
  const portraits = await Promise.all(
    state.users.map(({ user, gender }) =>
      renderPortrait(ctx.uploads, { id: user.id, name: `${user.firstName} ${user.lastName}`, gender }),
    ),
  );
  for (const [i, { user }] of state.users.entries()) {
    const url = portraits[i];
    user.profileImageUrl = url;
    await db.update(users).set({ profileImageUrl: url, updatedAt: user.updatedAt }).where(eq(users.id, user.id));
  }

  const people: Person[] = state.users.map(({ user, gender }, i) => {
    const key = `${user.firstName} ${user.lastName}`;
    const extra =
      i >= state.users.length - extras.length ? EXTRA_PEOPLE[i - (state.users.length - extras.length)] : undefined;
    return { user, gender, profile: PROFILES[key] ?? extra ?? { nationality: 'other', languages: ['english'] } };
  });

  // Three demo users have not made a card yet; two cards wait for review and one was rejected.
  const withoutCard = new Set([
    'olga.ivanova@demo.bitaqa.ae',
    'thomas.okafor@demo.bitaqa.ae',
    'meera.pillai@demo.bitaqa.ae',
  ]);
  const pending = new Set(['emily.carter@demo.bitaqa.ae', 'nadia.farouk@demo.bitaqa.ae']);
  const rejected = 'bilal.chaudhry@demo.bitaqa.ae';

  const rows = people
    .filter((p) => !withoutCard.has(p.user.email))
    .map((person) => {
      const values = cardFor(person, rnd);
      const email = person.user.email;
      const createdAt = new Date(
        Math.min(now - DAY / 2, person.user.createdAt.getTime() + rnd.int(0, 10) * DAY + rnd.int(1, 600) * 60_000),
      );
      const isBroker = person.user.role === 'real_estate_broker' || person.user.role === 'banking_broker';
      if (email === rejected) {
        return {
          ...values,
          brnNumber: null,
          status: 'rejected' as const,
          isPublic: false,
          rejectionReason: 'Please add your RERA BRN and a clear profession title, then resubmit.',
          createdAt,
          updatedAt: createdAt,
        };
      }
      if (pending.has(email))
        return { ...values, status: 'pending' as const, isPublic: false, createdAt, updatedAt: createdAt };
      const verified = isBroker && rnd.next() < 0.55;
      return {
        ...values,
        status: 'approved' as const,
        isPublic: true,
        licenseVerified: verified,
        licenseVerifiedAt: verified ? new Date(createdAt.getTime() + DAY) : null,
        createdAt,
        updatedAt: createdAt,
      };
    });
  await db.insert(businessCards).values(rows);
  // Their analytics history comes from the analytics step (seed/analytics.ts).
};
