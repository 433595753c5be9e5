/**
 * The services catalogue: the ten usual kinds of entry and a few more over the four
 * categories, from plausible (fictional) UAE providers.
 */
import type { ServiceCategory, ServicePriceTier, ServiceType } from '../../../core/enums';
import { businessServices } from '../schema';
import type { SeedStep } from './index';
import { renderServiceImage } from './listing-photos';
import { SERVICES_AR } from './services-ar';

interface Entry {
  name: string;
  provider: string;
  serviceType: ServiceType;
  category: ServiceCategory;
  description: string;
  features: string[];
  priceLabel: string;
  priceTier: ServicePriceTier;
  city: string;
  contact: { phone: string; email: string; website: string };
}

const CATALOGUE: Entry[] = [
  {
    name: 'Property Valuation Reports',
    provider: 'Gulf Valuation Partners',
    serviceType: 'company',
    category: 'Real Estate',
    description:
      'RICS-registered valuers producing bank-accepted valuation reports for sale, mortgage and probate across the UAE.',
    features: [
      'RICS registered',
      'Accepted by major UAE banks',
      '48-hour turnaround',
      'Site inspection included',
      'Arabic and English reports',
    ],
    priceLabel: 'From AED 2,500',
    priceTier: 'mid',
    city: 'Dubai',
    contact: { phone: '+971 4 330 1180', email: 'reports@gulfvaluation.ae', website: 'https://gulfvaluation.ae' },
  },
  {
    name: 'Handover Snagging Inspection',
    provider: 'Snagging Experts UAE',
    serviceType: 'company',
    category: 'Real Estate',
    description: 'Detailed snagging of new homes before handover, with a photo report your developer can act on.',
    features: ['Thermal imaging', 'Moisture testing', 'Photo report in 24 hours', 'Re-inspection included'],
    priceLabel: 'From AED 1,200',
    priceTier: 'budget',
    city: 'Dubai',
    contact: { phone: '+971 50 412 7788', email: 'book@snaggingexperts.ae', website: 'https://snaggingexperts.ae' },
  },
  {
    name: 'Property Management',
    provider: 'Oasis Homes Management',
    serviceType: 'company',
    category: 'Real Estate',
    description:
      'Full-service management for landlords: tenant search, Ejari, rent collection, maintenance and yearly reporting.',
    features: ['Tenant screening', 'Ejari registration', 'Rent collection', '24/7 maintenance line', 'Owner portal'],
    priceLabel: '5% of annual rent',
    priceTier: 'mid',
    city: 'Dubai',
    contact: { phone: '+971 4 557 2210', email: 'landlords@oasishomes.ae', website: 'https://oasishomes.ae' },
  },
  {
    name: 'Conveyancing and Transfer',
    provider: 'Trustee Transfer Centre',
    serviceType: 'company',
    category: 'Real Estate',
    description:
      'End-to-end conveyancing for resale and mortgage transfers, from NOC to title deed at the trustee office.',
    features: ['Developer NOC', 'Mortgage release', 'Trustee appointment', 'Title deed collection'],
    priceLabel: 'AED 4,000 per transfer',
    priceTier: 'mid',
    city: 'Dubai',
    contact: { phone: '+971 4 388 9050', email: 'transfers@trusteecentre.ae', website: 'https://trusteecentre.ae' },
  },
  {
    name: 'Mortgage Advisory',
    provider: 'Mortgage Compass UAE',
    serviceType: 'company',
    category: 'Banking & Finance',
    description:
      'Independent advisers comparing home finance from more than 20 UAE banks, for residents and non-residents.',
    features: ['20+ banks compared', 'Pre-approval in 3 days', 'Islamic finance options', 'No fee for buyers'],
    priceLabel: 'Free for buyers',
    priceTier: 'budget',
    city: 'Dubai',
    contact: { phone: '+971 4 275 6600', email: 'advice@mortgagecompass.ae', website: 'https://mortgagecompass.ae' },
  },
  {
    name: 'Investment Portfolio Review',
    provider: 'Falcon Wealth Advisors',
    serviceType: 'company',
    category: 'Banking & Finance',
    description:
      'Yield and risk review of UAE property portfolios with a plan for refinancing, exits and new acquisitions.',
    features: ['Yield analysis', 'Refinancing plan', 'Off-plan risk review', 'Quarterly check-ins'],
    priceLabel: 'From AED 7,500',
    priceTier: 'premium',
    city: 'Abu Dhabi',
    contact: { phone: '+971 2 610 4455', email: 'hello@falconwealth.ae', website: 'https://falconwealth.ae' },
  },
  {
    name: 'Business Banking Setup',
    provider: 'Corporate Account Desk',
    serviceType: 'company',
    category: 'Banking & Finance',
    description:
      'Help opening corporate accounts for brokerages and developers, with the compliance pack banks ask for.',
    features: ['KYC document pack', 'Bank introductions', 'Free zone and mainland', 'Follow-up until opened'],
    priceLabel: 'AED 3,000 fixed',
    priceTier: 'mid',
    city: 'Dubai',
    contact: { phone: '+971 4 421 3030', email: 'desk@corporateaccount.ae', website: 'https://corporateaccount.ae' },
  },
  {
    name: 'Real Estate Legal Counsel',
    provider: 'Al Noor Legal Consultants',
    serviceType: 'lawyer',
    category: 'Legal & Professional',
    description: 'Advocates for sale and purchase agreements, RERA disputes, rental disputes and developer claims.',
    features: ['SPA review', 'RERA and rental disputes', 'Developer claims', 'Arabic court representation'],
    priceLabel: 'From AED 1,500 per hour',
    priceTier: 'premium',
    city: 'Dubai',
    contact: { phone: '+971 4 399 8080', email: 'counsel@alnoorlegal.ae', website: 'https://alnoorlegal.ae' },
  },
  {
    name: 'Golden Visa Applications',
    provider: 'Residency Route Consultants',
    serviceType: 'company',
    category: 'Legal & Professional',
    description: 'Golden visa applications through the property route, including family sponsorship and Emirates ID.',
    features: [
      'Property route eligibility check',
      'Family sponsorship',
      'Medical and Emirates ID booking',
      'Status tracking',
    ],
    priceLabel: 'From AED 3,500',
    priceTier: 'mid',
    city: 'Dubai',
    contact: { phone: '+971 4 512 7070', email: 'visa@residencyroute.ae', website: 'https://residencyroute.ae' },
  },
  {
    name: 'Brokerage Licensing and RERA Compliance',
    provider: 'Compliance House',
    serviceType: 'company',
    category: 'Legal & Professional',
    description: 'Trade licence, RERA broker cards and yearly compliance for new and growing brokerages.',
    features: ['Trade licence', 'BRN and ORN applications', 'Trakheesi permits', 'Annual compliance calendar'],
    priceLabel: 'From AED 6,000',
    priceTier: 'premium',
    city: 'Dubai',
    contact: { phone: '+971 4 355 2424', email: 'info@compliancehouse.ae', website: 'https://compliancehouse.ae' },
  },
  {
    name: 'Listing Photography and 3D Tours',
    provider: 'Skyline Media Productions',
    serviceType: 'it_service_provider',
    category: 'Technology & Marketing',
    description: 'HDR photography, drone shots and 3D walk-throughs that make listings stand out on every portal.',
    features: ['HDR photos', 'Drone permits handled', '3D virtual tour', 'Next-day delivery', 'Floor plans'],
    priceLabel: 'From AED 750',
    priceTier: 'budget',
    city: 'Dubai',
    contact: { phone: '+971 55 640 1122', email: 'shoot@skylinemedia.ae', website: 'https://skylinemedia.ae' },
  },
  {
    name: 'Real Estate CRM Setup',
    provider: 'PropTech Studio',
    serviceType: 'it_service_provider',
    category: 'Technology & Marketing',
    description: 'CRM and lead routing for brokerages, connected to the property portals, WhatsApp and your website.',
    features: ['Portal lead import', 'WhatsApp integration', 'Agent dashboards', 'Staff training'],
    priceLabel: 'From AED 9,000',
    priceTier: 'premium',
    city: 'Dubai',
    contact: { phone: '+971 4 570 9900', email: 'hello@proptechstudio.ae', website: 'https://proptechstudio.ae' },
  },
  {
    name: 'Digital Marketing for Agents',
    provider: 'Desert Bloom Digital',
    serviceType: 'it_service_provider',
    category: 'Technology & Marketing',
    description:
      'Social media, paid campaigns and landing pages for agents and off-plan launches, in English and Arabic.',
    features: ['Instagram and TikTok content', 'Meta and Google ads', 'Launch landing pages', 'Monthly reporting'],
    priceLabel: 'From AED 2,000 per month',
    priceTier: 'mid',
    city: 'Sharjah',
    contact: { phone: '+971 6 544 3210', email: 'grow@desertbloom.ae', website: 'https://desertbloom.ae' },
  },
  {
    name: 'Website for Brokers',
    provider: 'Souq Web Works',
    serviceType: 'it_service_provider',
    category: 'Technology & Marketing',
    description: 'Fast bilingual websites with listing feeds for independent brokers and small agencies.',
    features: ['Arabic and English', 'Listing feed', 'Lead forms to WhatsApp', 'Hosting included'],
    priceLabel: 'AED 1,800 one-off',
    priceTier: 'budget',
    city: 'Ajman',
    contact: { phone: '+971 6 711 0404', email: 'build@souqweb.ae', website: 'https://souqweb.ae' },
  },
];

const CATEGORY_LOOK: Record<ServiceCategory, [number, number]> = {
  'Real Estate': [200, 0],
  'Banking & Finance': [150, 1],
  'Legal & Professional': [265, 2],
  'Technology & Marketing': [20, 3],
};

export const seedServices: SeedStep = async (ctx) => {
  const images = {} as Record<ServiceCategory, string>;
  for (const [category, [hue, shape]] of Object.entries(CATEGORY_LOOK) as [ServiceCategory, [number, number]][]) {
    images[category] = await renderServiceImage(ctx.uploads, hue, shape);
  }
  await ctx.db.insert(businessServices).values(
    CATALOGUE.map((e) => ({
      name: e.name,
      provider: e.provider,
      serviceType: e.serviceType,
      category: e.category,
      description: e.description,
      features: e.features,
      priceLabel: e.priceLabel,
      priceTier: e.priceTier,
      city: e.city,
      contactInfo: e.contact,
      imageUrl: images[e.category],
      translations: SERVICES_AR[e.name] ? { ar: SERVICES_AR[e.name] } : {},
      isApproved: true,
    })),
  );
};
