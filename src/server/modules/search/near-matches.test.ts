/**
 * Smart search never dead-ends when the catalogue has near matches: a listing search that matches
 * nothing is widened in a stated order (the area to its neighbours or its city, the price 15 %
 * either way, the bedrooms one either way, the type to its family) and says what it widened; a
 * brokers-nearby answer never hides an empty listing search; services join the answer.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../tests/helpers/app';
import { createCard, createOwner, createProperty } from '../../../../tests/helpers/discovery';
import { businessServices } from '../../db/schema';

const t = await createTestApp();
const db = t.database.db;

beforeAll(async () => {
  const broker = await createOwner(db, { role: 'real_estate_broker' });
  // Brokers work in JVC, Palm Jumeirah and Business Bay, where no listing fits exactly.
  await createCard(db, broker.id, { name: 'Nadia Rahman', area: 'Business Bay', gender: 'female' });
  for (const area of ['JVC', 'Palm Jumeirah']) {
    const other = await createOwner(db, { role: 'real_estate_broker' });
    await createCard(db, other.id, { name: `Broker of ${area}`, area });
  }
  const rows = [
    // A 2-bed apartment in Dubai Sports City (next to JVC) at 1.3M: within 15 % of 1.2M.
    {
      title: 'Sports City 2 bed',
      propertyType: 'apartment',
      bedrooms: 2,
      price: 1_300_000,
      location: 'Dubai Sports City',
    },
    // A villa on the Palm, no penthouse there; a penthouse in the Marina (the Palm's neighbour).
    { title: 'Palm villa', propertyType: 'villa', bedrooms: 5, price: 15_000_000, location: 'Palm Jumeirah' },
    { title: 'Marina penthouse', propertyType: 'penthouse', bedrooms: 4, price: 9_000_000, location: 'Dubai Marina' },
    // Offices in DIFC (Business Bay's neighbour) and Al Barsha (elsewhere in Dubai).
    { title: 'DIFC office', propertyType: 'office', price: 3_000_000, location: 'DIFC' },
    { title: 'Barsha office', propertyType: 'office', price: 2_000_000, location: 'Al Barsha' },
    // An apartment in Abu Dhabi: never shown for a Dubai search.
    {
      title: 'Reem 2 bed',
      propertyType: 'apartment',
      bedrooms: 2,
      price: 1_100_000,
      city: 'Abu Dhabi',
      location: 'Al Reem Island',
    },
  ] as const;
  for (const r of rows) await createProperty(db, broker.id, { status: 'for_sale', ...r });
  await db.insert(businessServices).values([
    {
      name: 'Real Estate Legal Counsel',
      provider: 'Gulf Law',
      serviceType: 'lawyer',
      category: 'Legal & Professional',
      description: 'Property contracts and disputes.',
      translations: { ar: { name: 'استشارات قانونية عقارية' } },
    },
    {
      name: 'Mortgage Advisory',
      provider: 'Home Finance Hub',
      serviceType: 'company',
      category: 'Banking & Finance',
      description: 'Compare rates from UAE banks.',
    },
  ]);
});

const search = async (q: string, extra = '') => {
  const res = await t.inject({ method: 'GET', url: `/api/search?q=${encodeURIComponent(q)}${extra}` });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  return {
    ...body,
    props: body.properties.map((p: { title: string }) => p.title).sort(),
    services: body.services.map((s: { name: string }) => s.name),
  };
};

describe('listing searches with no exact match show the near ones and say what was widened', () => {
  it('"2 bed apartment in JVC under 1.2m": a neighbouring area and a price within 15 %', async () => {
    const r = await search('2 bed apartment in JVC under 1.2m');
    expect(r.props).toEqual(['Sports City 2 bed']);
    expect(r.relaxed).toEqual(['area', 'maxPrice']);
    expect(r.widened.areas).toContain('Dubai Sports City');
    expect(r.widened.maxPrice).toBe(1_380_000);
    // Exact only: nothing, as asked.
    expect((await search('2 bed apartment in JVC under 1.2m', '&exact=1')).props).toEqual([]);
  });

  it('"penthouse palm jumeirah": the neighbouring Marina before another type', async () => {
    const r = await search('penthouse palm jumeirah');
    expect(r.props).toEqual(['Marina penthouse']);
    expect(r.relaxed).toEqual(['area']);
  });

  it('"office in business bay": offices nearby, although brokers work in Business Bay itself', async () => {
    const r = await search('office in business bay');
    expect(r.props).toEqual(['DIFC office']);
    expect(r.relaxed).toEqual(['area']);
    expect(r.professionals.map((c: { name: string }) => c.name)).toEqual(['Nadia Rahman']);
  });

  it('widens the type to its family last, and never leaves the city', async () => {
    const r = await search('townhouse in Palm Jumeirah');
    expect(r.props).toEqual(['Palm villa']);
    expect(r.relaxed).toEqual(['propertyType']);
    expect(r.widened.propertyTypes).toEqual(['townhouse', 'villa']);
  });
});

describe('services join smart search', () => {
  it('"محامي عقارات" and "real estate lawyer" show the legal service', async () => {
    expect((await search('محامي عقارات')).services).toEqual(['Real Estate Legal Counsel']);
    expect((await search('real estate lawyer')).services).toEqual(['Real Estate Legal Counsel']);
  });

  it('"mortgage advisor" shows the mortgage service beside the advisors', async () => {
    const r = await search('mortgage advisor');
    expect(r.services).toEqual(['Mortgage Advisory']);
    expect(r.filters).toEqual({ role: 'banking_broker' });
  });

  it('a people search does not bring unrelated services', async () => {
    expect((await search('Nadia Rahman')).services).toEqual([]);
  });
});
