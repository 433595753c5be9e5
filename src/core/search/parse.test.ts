/** The smart-search parser's table (at least 60 queries in English and Arabic). */
import { describe, expect, it } from 'vitest';
import { asksForProfessionals, asksForProperties, parseSearchQuery, type SearchFilters } from './parse';

const TABLE: [string, SearchFilters][] = [
  // The worked examples the parser was built around.
  [
    'Arabic-speaking off-plan broker in Dubai Marina',
    { language: 'arabic', specialization: 'off_plan_projects', role: 'broker', area: 'Dubai Marina' },
  ],
  ['mortgage advisor Emirates NBD', { role: 'banking_broker', bank: 'emirates_nbd' }],
  [
    '3 bedroom villa for rent in Dubai Hills under 250K',
    { bedrooms: 3, propertyType: 'villa', status: 'for_rent', area: 'Dubai Hills', maxPrice: 250_000 },
  ],
  ['بروكر في دبي مارينا', { role: 'broker', area: 'Dubai Marina' }],
  ['Arabic speaking broker in Dubai Marina', { language: 'arabic', role: 'broker', area: 'Dubai Marina' }],
  // Roles.
  ['broker', { role: 'broker' }],
  ['real estate agents', { role: 'broker' }],
  ['developers in Abu Dhabi', { role: 'developer', city: 'Abu Dhabi' }],
  ['investor', { role: 'investor' }],
  ['mortgage broker', { role: 'banking_broker' }],
  ['banking broker Sharjah', { role: 'banking_broker', city: 'Sharjah' }],
  ['property developer with luxury developments', { role: 'developer', specialization: 'luxury_developments' }],
  // Specializations imply the role.
  ['off plan specialist', { specialization: 'off_plan_projects', role: 'broker' }],
  ['property management JLT', { specialization: 'property_management', role: 'broker', area: 'JLT' }],
  ['home loans', { specialization: 'home_loans', role: 'banking_broker' }],
  ['car loan advisor', { specialization: 'car_loans', role: 'banking_broker' }],
  [
    'commercial leasing agent Business Bay',
    { specialization: 'commercial_leasing', role: 'broker', area: 'Business Bay' },
  ],
  [
    'investment advisor who speaks Russian',
    { specialization: 'investment_advisory', role: 'broker', language: 'russian' },
  ],
  // Banks.
  ['ADCB', { bank: 'adcb', role: 'banking_broker' }],
  ['First Abu Dhabi Bank mortgage', { bank: 'first_abu_dhabi_bank', role: 'banking_broker' }],
  [
    'Dubai Islamic Bank home finance',
    { bank: 'dubai_islamic_bank', specialization: 'home_loans', role: 'banking_broker' },
  ],
  ['RAK bank', { bank: 'rakbank', role: 'banking_broker' }],
  ['HSBC banker', { bank: 'hsbc_uae', role: 'banking_broker' }],
  ['Mashreq personal loan', { bank: 'mashreq_bank', specialization: 'personal_loans', role: 'banking_broker' }],
  // Languages and nationality.
  ['Hindi speaking agent', { language: 'hindi', role: 'broker' }],
  ['French broker Palm Jumeirah', { language: 'french', role: 'broker', area: 'Palm Jumeirah' }],
  ['Mandarin speaker', { language: 'chinese' }],
  ['Emirati broker', { nationality: 'uae', role: 'broker' }],
  ['British agent in JBR', { nationality: 'british', role: 'broker', area: 'JBR' }],
  ['verified brokers Downtown', { verified: true, role: 'broker', area: 'Downtown Dubai' }],
  // Places.
  ['Dubai', { city: 'Dubai' }],
  ['Ras Al Khaimah', { city: 'Ras Al Khaimah' }],
  ['brokers in RAK', { role: 'broker', city: 'Ras Al Khaimah' }],
  ['Saadiyat Island villa', { area: 'Saadiyat Island', propertyType: 'villa' }],
  ['the palm penthouse', { area: 'Palm Jumeirah', propertyType: 'penthouse' }],
  ['Jumeirah Village Circle studio', { area: 'JVC', propertyType: 'studio' }],
  ['Jumeirah townhouse', { area: 'Jumeirah', propertyType: 'townhouse' }],
  // Property types, status, bedrooms and prices.
  ['apartments for sale', { propertyType: 'apartment', status: 'for_sale' }],
  ['2 bed flat for rent JVC', { bedrooms: 2, propertyType: 'apartment', status: 'for_rent', area: 'JVC' }],
  ['3br townhouse Arabian Ranches', { bedrooms: 3, propertyType: 'townhouse', area: 'Arabian Ranches' }],
  ['four bedroom villa', { bedrooms: 4, propertyType: 'villa' }],
  ['villa under 2M', { propertyType: 'villa', maxPrice: 2_000_000 }],
  ['apartment under 2.5m in Business Bay', { propertyType: 'apartment', maxPrice: 2_500_000, area: 'Business Bay' }],
  ['office over 1,200,000', { propertyType: 'office', minPrice: 1_200_000 }],
  ['villa between 5M and 10M', { propertyType: 'villa', minPrice: 5_000_000, maxPrice: 10_000_000 }],
  [
    'apartment 1m-2m Dubai Marina',
    { propertyType: 'apartment', minPrice: 1_000_000, maxPrice: 2_000_000, area: 'Dubai Marina' },
  ],
  ['apartment from 800K to 1.2M', { propertyType: 'apartment', minPrice: 800_000, maxPrice: 1_200_000 }],
  ['studio for rent under AED 60,000', { propertyType: 'studio', status: 'for_rent', maxPrice: 60_000 }],
  ['shop for lease at least 100k', { propertyType: 'retail', status: 'for_rent', minPrice: 100_000 }],
  ['penthouse 15 million dirhams', { propertyType: 'penthouse', maxPrice: 15_000_000 }],
  ['villa around 3M', { propertyType: 'villa', minPrice: 2_700_000, maxPrice: 3_300_000 }],
  ['2BHK apartment below 90k rent', { bedrooms: 2, propertyType: 'apartment', maxPrice: 90_000, status: 'for_rent' }],
  [
    'buy apartment 1 to 2M',
    { status: 'for_sale', propertyType: 'apartment', minPrice: 1_000_000, maxPrice: 2_000_000 },
  ],
  // Arabic.
  ['وسيط عقاري في دبي', { role: 'broker', city: 'Dubai' }],
  ['فيلا للإيجار في دبي هيلز', { propertyType: 'villa', status: 'for_rent', area: 'Dubai Hills' }],
  ['شقة للبيع في أبوظبي', { propertyType: 'apartment', status: 'for_sale', city: 'Abu Dhabi' }],
  ['بروكر يتحدث العربية', { role: 'broker', language: 'arabic' }],
  ['وسيط عربي', { role: 'broker', language: 'arabic' }],
  ['مطور عقاري في الشارقة', { role: 'developer', city: 'Sharjah' }],
  ['مستثمر', { role: 'investor' }],
  ['فيلا ٣ غرف نوم أقل من ٥ مليون', { propertyType: 'villa', bedrooms: 3, maxPrice: 5_000_000 }],
  ['شقة بأقل من مليونين درهم', { propertyType: 'apartment', maxPrice: 2_000_000 }],
  ['شقة غرفتين للإيجار تحت ٢٥٠ ألف', { propertyType: 'apartment', bedrooms: 2, status: 'for_rent', maxPrice: 250_000 }],
  ['بنتهاوس في نخلة جميرا', { propertyType: 'penthouse', area: 'Palm Jumeirah' }],
  ['مستشار تمويل بنك الإمارات دبي الوطني', { role: 'banking_broker', bank: 'emirates_nbd' }],
  ['قرض سكني', { specialization: 'home_loans', role: 'banking_broker' }],
  ['تاون هاوس في المرابع العربية', { propertyType: 'townhouse', area: 'Arabian Ranches' }],
  ['وسيط على الخارطة في الخليج التجاري', { role: 'broker', specialization: 'off_plan_projects', area: 'Business Bay' }],
  ['مكتب للإيجار في مركز دبي المالي العالمي', { propertyType: 'office', status: 'for_rent', area: 'DIFC' }],
  ['شقة ١٬٢٠٠٬٠٠٠ درهم', { propertyType: 'apartment', maxPrice: 1_200_000 }],
  ['وسيط اماراتي معتمد', { role: 'broker', nationality: 'uae', verified: true }],
  ['استوديو في عجمان', { propertyType: 'studio', city: 'Ajman' }],
  ['فلل للبيع في جزيرة ياس', { propertyType: 'villa', status: 'for_sale', area: 'Yas Island' }],
  // Accents and case.
  ['DÚBAI MARÍNA Broker', { area: 'Dubai Marina', role: 'broker' }],
  // Free text kept.
  ['Sara Haddad', { text: 'sara haddad' }],
  ['broker named Ahmed', { role: 'broker', text: 'ahmed' }],
  ['أحمد المنصوري', { text: 'احمد المنصوري' }],
  ['sea view apartment Dubai Marina', { propertyType: 'apartment', area: 'Dubai Marina', text: 'sea view' }],
  // Things that must not be read as prices or filters.
  ["'; DROP TABLE users; --", { text: 'drop table users' }],
  ['100% broker_', { role: 'broker', text: '100' }],
  ['', {}],
];

describe('parseSearchQuery', () => {
  it('has at least 60 English and Arabic queries', () => {
    expect(TABLE.length).toBeGreaterThanOrEqual(60);
    expect(TABLE.filter(([q]) => /[\u0600-\u06ff]/.test(q)).length).toBeGreaterThanOrEqual(15);
  });

  it.each(TABLE)('%s', (query, expected) => {
    expect(parseSearchQuery(query)).toEqual(expected);
  });

  it('tells whether a query asks for professionals, listings or both', () => {
    expect(asksForProfessionals(parseSearchQuery('mortgage advisor'))).toBe(true);
    expect(asksForProperties(parseSearchQuery('mortgage advisor'))).toBe(false);
    expect(asksForProperties(parseSearchQuery('villa under 2M'))).toBe(true);
    expect(asksForProfessionals(parseSearchQuery('villa under 2M'))).toBe(false);
  });

  it('cuts very long input instead of working on it', () => {
    const f = parseSearchQuery(`broker ${'x'.repeat(10_000)}`);
    expect(f.role).toBe('broker');
    expect((f.text ?? '').length).toBeLessThanOrEqual(200);
  });
});

describe('numbers out of range', () => {
  it('does not turn an amount beyond any price into a bound', () => {
    const f = parseSearchQuery('villa under 3000000000');
    expect(f.maxPrice).toBeUndefined();
    expect(f.propertyType).toBe('villa');
    expect(parseSearchQuery('villa under 99999999999999999999999 aed').maxPrice).toBeUndefined();
  });
  it('still reads the largest allowed price', () => {
    expect(parseSearchQuery('villa under 2000000000').maxPrice).toBe(2_000_000_000);
  });
});
