/** English copy of the built-in composer (see composer.ts). */
import type { CardContent } from './types';
import type { ComposeFacts, Picker } from './composer';
import { joinList } from './labels';

type Line = (f: ComposeFacts) => string;

interface Profile {
  titles: string[];
  /** Who the person serves, used inside sentences. */
  clients: string[];
  expertise: Line[];
  pitch: Line[];
  value: Line[];
}

const where = (f: ComposeFacts) => f.place ?? 'the UAE';
const at = (f: ComposeFacts, org = f.company) => (org ? ` at ${org}` : '');

const BROKER: Record<string, Profile> = {
  residential_sales: {
    titles: ['Residential Sales Consultant', 'Property Consultant – Residential Sales', 'Residential Sales Specialist'],
    clients: [
      'buyers and sellers of apartments, villas and townhouses',
      'families and end users buying their next home',
    ],
    expertise: [
      (f) =>
        `From pricing a home against recent transactions in ${where(f)} to negotiating the offer and guiding the transfer at the trustee office, every step is handled personally.`,
      (f) =>
        `Knows the buildings, communities and service charges of ${where(f)} in detail, and matches each buyer with homes that fit their budget and plans.`,
      () =>
        'Prepares accurate valuations, markets listings with professional photography and keeps sellers updated after every viewing.',
    ],
    pitch: [
      (f) =>
        `Looking to buy or sell a home in ${where(f)}? Get an honest valuation and a shortlist that fits your budget within 24 hours.`,
      () => 'Tell me what home you are looking for, and I will bring you options worth viewing — no time wasted.',
    ],
    value: [
      () => 'Transparent advice, realistic pricing and a smooth transfer from offer to keys.',
      () => 'Market data, not guesswork: every recommendation backed by recent sales.',
    ],
  },
  residential_leasing: {
    titles: ['Leasing Consultant', 'Residential Leasing Specialist', 'Rental Property Consultant'],
    clients: ['tenants and landlords', 'professionals relocating to the UAE and the landlords who house them'],
    expertise: [
      (f) =>
        `Finds tenants the right home in ${where(f)} quickly and handles Ejari registration, cheques and move-in details.`,
      () => 'Helps landlords set the right rent, screen tenants and renew leases without vacancies.',
      () => 'Is well versed in RERA rental rules and the rental index, so every contract is fair and compliant.',
    ],
    pitch: [
      (f) =>
        `Moving to ${where(f)}? Share your budget and move-in date and receive a curated list of available homes today.`,
      () => 'Landlords: let your property to a verified tenant with minimal vacancy time.',
    ],
    value: [
      () => 'Fast, compliant leasing with Ejari and contracts handled end to end.',
      () => 'Reliable tenants for landlords and stress-free moves for tenants.',
    ],
  },
  commercial_sales: {
    titles: ['Commercial Property Consultant', 'Commercial Sales Specialist', 'Commercial Real Estate Advisor'],
    clients: ['companies and investors buying offices, retail units and warehouses'],
    expertise: [
      (f) =>
        `Advises on offices, retail units and warehouses in ${where(f)}, with yield and service-charge analysis for every option.`,
      () => 'Works with business owners and investors on acquisitions, from site selection to the final transfer.',
    ],
    pitch: [
      () => 'Buying commercial space? Compare yields, service charges and locations side by side before you commit.',
    ],
    value: [() => 'Commercial deals backed by clear numbers: yield, occupancy and exit value.'],
  },
  commercial_leasing: {
    titles: ['Commercial Leasing Consultant', 'Office & Retail Leasing Specialist'],
    clients: ['growing businesses looking for offices, shops and warehouses'],
    expertise: [
      (f) =>
        `Helps start-ups and established firms lease offices, showrooms and warehouses in ${where(f)} on terms that fit their growth plans.`,
      () => 'Negotiates rent-free periods, fit-out terms and break clauses on behalf of tenants and landlords.',
    ],
    pitch: [
      () =>
        'Need an office or shop that fits your team and your budget? Get a shortlist of spaces and terms this week.',
    ],
    value: [() => 'The right commercial space on the right terms, without the legwork.'],
  },
  off_plan_projects: {
    titles: ['Off-Plan Property Specialist', 'Off-Plan Sales Consultant', 'New Launches Advisor'],
    clients: ['investors and end users buying off-plan from leading developers'],
    expertise: [
      (f) =>
        `Tracks new launches across ${where(f)} and compares payment plans, handover dates and developer track records for each client.`,
      () =>
        'Offers early access to launches from established developers and explains escrow, payment plans and DLD registration clearly.',
      () =>
        'Guides buyers from expression of interest to handover, including snagging and post-handover payment plans.',
    ],
    pitch: [
      () =>
        'Get priority access to the best off-plan launches with flexible payment plans — before they reach the open market.',
      () => 'Buying off-plan? Compare the strongest launches, payment plans and expected returns in one conversation.',
    ],
    value: [
      () => 'Early launch access, honest developer comparisons and support all the way to handover.',
      () => 'Payment plans explained, risks made clear, returns projected realistically.',
    ],
  },
  investment_advisory: {
    titles: ['Real Estate Investment Advisor', 'Property Investment Consultant'],
    clients: ['local and international investors building property portfolios'],
    expertise: [
      (f) =>
        `Builds property portfolios for investors in ${where(f)}, comparing rental yields, capital growth and Golden Visa eligibility.`,
      () =>
        'Models cash flow, service charges and exit scenarios before any purchase, so every investment is a considered one.',
    ],
    pitch: [
      () => 'Invest in UAE real estate with a clear plan: target yield, budget and exit strategy agreed up front.',
    ],
    value: [() => 'Data-led investment advice focused on yield, growth and long-term value.'],
  },
  property_management: {
    titles: ['Property Manager', 'Property Management Consultant'],
    clients: ['landlords who want their homes let and cared for without the hassle'],
    expertise: [
      (f) =>
        `Manages homes in ${where(f)} for local and overseas landlords: tenant search, rent collection, maintenance and renewals.`,
      () => 'Keeps landlords informed with clear monthly statements and handles every maintenance request promptly.',
    ],
    pitch: [() => 'Own property in the UAE? Hand over the day-to-day and receive your rent on time, every time.'],
    value: [() => 'Hands-off ownership: reliable tenants, maintained homes and on-time rent.'],
  },
};

const BROKER_DEFAULT: Profile = {
  titles: ['Real Estate Consultant', 'Property Consultant', 'Real Estate Broker'],
  clients: ['buyers, sellers, landlords and tenants'],
  expertise: [
    (f) =>
      `Covers sales and leasing across ${where(f)}, with a clear view of prices, communities and upcoming projects.`,
    () => 'Handles viewings, negotiation and paperwork so clients can focus on the decision, not the process.',
  ],
  pitch: [(f) => `Buying, selling or renting in ${where(f)}? Let's find the right property together.`],
  value: [() => 'Local knowledge, honest advice and a deal handled from first viewing to final signature.'],
};

const LOANS: Record<string, Profile> = {
  home_loans: {
    titles: ['Mortgage Advisor', 'Home Finance Consultant', 'Mortgage Consultant'],
    clients: ['first-time buyers, residents and non-residents financing a home'],
    expertise: [
      () =>
        'Compares fixed and variable mortgage offers across UAE banks, including Islamic home finance, and secures pre-approval quickly.',
      () =>
        'Explains loan-to-value limits, fees and the Central Bank rules clearly, so there are no surprises at transfer.',
    ],
    pitch: [
      () => 'Get mortgage pre-approval in days and compare the best rates from leading UAE banks — at no cost to you.',
      () => 'Buying a home? Know exactly how much you can borrow and what it will cost each month.',
    ],
    value: [() => 'The best available mortgage rate, pre-approval in days and support through to transfer.'],
  },
  personal_loans: {
    titles: ['Personal Finance Advisor', 'Personal Loans Consultant'],
    clients: ['salaried professionals and self-employed residents'],
    expertise: [
      () =>
        'Finds personal loans and debt consolidation options with clear rates and fees, matched to salary and employer category.',
    ],
    pitch: [() => 'Need a personal loan? Compare clear, competitive offers and get a decision fast.'],
    value: [() => 'Competitive personal finance with every fee explained up front.'],
  },
  business_loans: {
    titles: ['Business Finance Consultant', 'SME Lending Advisor'],
    clients: ['SMEs and entrepreneurs'],
    expertise: [
      () =>
        'Structures working-capital lines, trade finance and commercial property loans for SMEs, and prepares the file banks want to see.',
    ],
    pitch: [
      () => 'Grow your business with the right finance: working capital, trade finance or a loan for your premises.',
    ],
    value: [() => 'Business finance structured around your cash flow, not the other way round.'],
  },
  car_loans: {
    titles: ['Auto Finance Consultant', 'Car Loans Advisor'],
    clients: ['residents financing a new or used car'],
    expertise: [
      () => 'Arranges car finance with competitive rates and quick approvals, for new and pre-owned vehicles.',
    ],
    pitch: [() => 'Drive away sooner: fast car-loan approvals with clear monthly payments.'],
    value: [() => 'Quick approvals and simple, transparent car finance.'],
  },
  investment_loans: {
    titles: ['Investment Finance Advisor', 'Property Investment Finance Consultant'],
    clients: ['investors leveraging buy-to-let and off-plan purchases'],
    expertise: [
      () =>
        'Finances buy-to-let and portfolio purchases, including equity release on existing properties, to grow investors’ returns.',
    ],
    pitch: [() => 'Leverage your next investment wisely: finance structured for yield and growth.'],
    value: [() => 'Investment finance that improves returns while keeping risk in check.'],
  },
  all_loans: {
    titles: ['Banking & Finance Consultant', 'Loans and Mortgage Advisor'],
    clients: ['individuals and businesses with every kind of financing need'],
    expertise: [
      () => 'Covers mortgages, personal, car and business loans, comparing offers across banks to find the best fit.',
    ],
    pitch: [() => 'One advisor for every loan: mortgages, personal, car and business finance compared for you.'],
    value: [() => 'One point of contact for all your finance, with the best offers compared side by side.'],
  },
};

function seniority(f: ComposeFacts, p: Picker, title: string): string {
  if (f.years !== undefined && f.years >= 12 && p.chance(0.6)) return `Senior ${title}`;
  if (f.years !== undefined && f.years >= 6 && p.chance(0.4)) return `Senior ${title}`;
  return title;
}

function yearsText(y: number): string {
  return y === 1 ? 'one year' : `${y} years`;
}

const article = (word: string) => (/^[AEIOU]/i.test(word) ? 'an' : 'a');

/** "Guides buyers…" becomes "Layla guides buyers…"; other sentences stay as written. */
function withSubject(f: ComposeFacts, line: string): string {
  return /^[A-Z][a-z]+s\b/.test(line) ? `${f.firstName} ${line.charAt(0).toLowerCase()}${line.slice(1)}` : line;
}

function opener(f: ComposeFacts, p: Picker, title: string, clients: string, org?: string): string {
  const options: string[] = [
    `${f.name} is ${article(title)} ${title}${at(f, org)}, serving ${clients} in ${where(f)}.`,
  ];
  if (f.years !== undefined && f.years > 0) {
    options.push(
      `With ${yearsText(f.years)} of experience in the ${f.emirate ?? 'UAE'} market, ${f.name} helps ${clients}${f.area ? ` in ${f.area}` : ''}.`,
      `${org ? `At ${org}, ` : ''}${f.name} brings ${yearsText(f.years)} of hands-on experience to ${clients}.`,
    );
  } else {
    options.push(`Based in ${where(f)}, ${f.name} works with ${clients}${at(f, org)}.`);
  }
  return p.pick(options);
}

function languagesLine(f: ComposeFacts, p: Picker): string | null {
  if (!f.languages.length) return null;
  const list = joinList('en', f.languages);
  if (f.role === 'investor' || f.role === 'real_estate_developer') return `${f.firstName} speaks ${list}.`;
  if (f.languages.length === 1) return `${f.firstName} works with clients in ${list}.`;
  return p.pick([
    `${f.firstName} advises clients in ${list}.`,
    `Fluent in ${list}, ${f.firstName} makes every step clear for local and international clients alike.`,
    `Clients can work with ${f.firstName} in ${list}.`,
  ]);
}

const CLOSERS: string[] = [
  'Get in touch for a no-obligation conversation.',
  'Reach out by phone, WhatsApp or e-mail — replies come the same day.',
  'Message or call to start the conversation.',
];

function assemble(parts: (string | null)[]): string {
  return parts.filter(Boolean).join(' ');
}

function fromProfile(f: ComposeFacts, p: Picker, profile: Profile, org?: string): CardContent {
  const title = seniority(f, p, p.pick(profile.titles));
  const clients = p.pick(profile.clients);
  const expertise = withSubject(f, p.pick(profile.expertise)(f));
  return {
    profession: title,
    description: assemble([opener(f, p, title, clients, org), expertise, languagesLine(f, p), p.pick(CLOSERS)]),
    salesPitch: p.pick(profile.pitch)(f),
    valueProposition: p.pick(profile.value)(f),
  };
}

function developer(f: ComposeFacts, p: Picker): CardContent {
  const types = f.projectTypes.length
    ? joinList(
        'en',
        f.projectTypes.map((t) => t.toLowerCase()),
      )
    : 'residential and mixed-use communities';
  const title = p.pick([
    'Business Development Director',
    'Development Manager',
    'Head of Sales – Developments',
    'Project Director',
  ]);
  const org = f.company ?? 'a UAE developer';
  const opening = p.pick([
    `${f.name} leads projects at ${org}, delivering ${types} in ${where(f)}.`,
    `At ${org}, ${f.name} oversees ${types} from land acquisition and design through to handover in ${where(f)}.`,
    `${f.name} develops ${types} across ${where(f)}${f.company ? ` with ${f.company}` : ''}, focused on quality, on-time delivery and lasting value for buyers.`,
  ]);
  const track =
    f.years !== undefined && f.years > 0
      ? p.pick([
          `Over ${yearsText(f.years)} in UAE development, ${f.firstName} has built strong relationships with contractors, consultants, brokers and the authorities.`,
          `In ${yearsText(f.years)} of work, ${f.firstName} has taken projects from approval to handover while keeping buyers informed at every milestone.`,
        ])
      : 'Works closely with brokers, banks and buyers to bring each launch to market with clear payment plans and escrow-protected payments.';
  return {
    profession: seniority(f, p, title),
    description: assemble([
      opening,
      track,
      languagesLine(f, p),
      p.pick([
        'Brokers and investors are welcome to get in touch for project details and allocations.',
        'Contact for brochures, floor plans and payment plans.',
      ]),
    ]),
    salesPitch: p.pick([
      `Discover ${types} built for the way people live and work in ${where(f)} — with payment plans designed for buyers.`,
      'Partner with a developer that delivers on time and supports brokers with launches, commissions and marketing.',
    ]),
    valueProposition: p.pick([
      'Quality construction, escrow-protected payments and on-time handover.',
      'Thoughtfully designed communities with flexible payment plans and strong long-term value.',
    ]),
  };
}

function investor(f: ComposeFacts, p: Picker): CardContent {
  const interests = f.interests.length ? f.interests : ['Real Estate'];
  const list = joinList(
    'en',
    interests.map((i) => i.toLowerCase()),
  );
  const angel = interests.some((i) => /startup|technology/i.test(i));
  const title = p.pick(
    angel
      ? ['Private Investor', 'Angel Investor', 'Investor – Real Estate & Ventures']
      : ['Real Estate Investor', 'Private Investor', 'Property Investor'],
  );
  const budget = f.budget ? ` with a typical ticket of ${f.budget}` : '';
  return {
    profession: title,
    description: assemble([
      p.pick([
        `${f.name} invests in ${list} across ${where(f)}${budget}.`,
        `${f.name} is an active investor in ${list}${budget}, focused on opportunities in ${where(f)}.`,
      ]),
      withSubject(
        f,
        p.pick([
          'Looks for well-located assets with solid yields and clear exit options, and for founders with a real plan.',
          'Prefers long-term partnerships, transparent numbers and teams that deliver what they promise.',
          'Is open to off-plan, ready and income-producing opportunities, as well as co-investment with trusted partners.',
        ]),
      ),
      languagesLine(f, p),
      p.pick([
        'Brokers, developers and founders with a strong proposal are welcome to get in touch.',
        'Share your opportunity with the key numbers to start a conversation.',
      ]),
    ]),
    salesPitch: p.pick([
      `Have an opportunity in ${list}? Send the numbers and let's talk.`,
      'Looking for a committed investor? I respond to every well-prepared proposal.',
    ]),
    valueProposition: p.pick([
      'Patient capital, quick decisions and a partner who understands the UAE market.',
      'A reliable investor who decides quickly and stays for the long term.',
    ]),
  };
}

export function composeEnglish(f: ComposeFacts, p: Picker): CardContent {
  switch (f.role) {
    case 'real_estate_broker':
      return fromProfile(f, p, (f.specialization && BROKER[f.specialization]) || BROKER_DEFAULT);
    case 'banking_broker': {
      const out = fromProfile(
        f,
        p,
        (f.specialization && LOANS[f.specialization]) || LOANS.all_loans,
        f.company ?? f.bank,
      );
      return f.company || !f.bank ? out : { ...out, suggestedCompany: f.bank };
    }
    case 'real_estate_developer':
      return developer(f, p);
    default:
      return investor(f, p);
  }
}
