/**
 * Smart search respects what was typed: the gender where cards state it, "golden visa" (a sale of
 * AED 2 million or more), rent against sale (a buyer's price cap never shows rentals), Arabic
 * rentals by area, and a notice whenever nothing matched exactly.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../tests/helpers/app';
import { createCard, createOwner, createProperty } from '../../../../tests/helpers/discovery';

const t = await createTestApp();
const db = t.database.db;

beforeAll(async () => {
  const people = [
    { name: 'Anjali Sharma', gender: 'female', languages: ['hindi', 'english'], area: 'Downtown Dubai' },
    { name: 'Ravi Shankar', gender: 'male', languages: ['hindi', 'english'], area: 'Downtown Dubai' },
    { name: 'Meera Pillai', gender: 'female', languages: ['hindi'], area: 'Dubai Marina' },
    { name: 'Sara Haddad', gender: 'female', languages: ['arabic'], area: 'Downtown Dubai' },
  ] as const;
  let owner = '';
  for (const p of people) {
    const user = await createOwner(db, { role: 'real_estate_broker' });
    owner ||= user.id;
    await createCard(db, user.id, { ...p, languages: [...p.languages] });
  }
  const listings = [
    { title: 'Rental 235K', status: 'for_rent', price: 235_000, propertyType: 'apartment', location: 'Business Bay' },
    { title: 'Sale 1.5M', status: 'for_sale', price: 1_500_000, propertyType: 'apartment', location: 'JVC' },
    { title: 'Sale 2M', status: 'for_sale', price: 2_000_000, propertyType: 'apartment', location: 'JLT' },
    { title: 'Sale 3.5M', status: 'for_sale', price: 3_500_000, propertyType: 'villa', location: 'Dubai Hills' },
    {
      title: 'Business Bay sale',
      status: 'for_sale',
      price: 1_900_000,
      propertyType: 'apartment',
      location: 'Business Bay',
    },
  ] as const;
  for (const l of listings) await createProperty(db, owner, l);
});

const search = async (q: string) => {
  const res = await t.inject({ method: 'GET', url: `/api/search?q=${encodeURIComponent(q)}` });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  return {
    ...body,
    pros: body.professionals.map((p: { name: string }) => p.name).sort(),
    props: body.properties.map((p: { title: string }) => p.title).sort(),
    statuses: [...new Set(body.properties.map((p: { status: string }) => p.status))],
  };
};

describe('smart search understands what was typed', () => {
  it('"female broker Hindi Downtown" keeps the gender and the area', async () => {
    const r = await search('female broker Hindi Downtown');
    expect(r.filters).toMatchObject({ gender: 'female', role: 'broker', language: 'hindi', area: 'Downtown Dubai' });
    expect(r.pros).toEqual(['Anjali Sharma']);
    expect(r.relaxed).toEqual([]);
    // In Arabic the role word carries the gender.
    expect((await search('وسيطة تتحدث الهندية')).pros).toEqual(['Anjali Sharma', 'Meera Pillai']);
  });

  it('"golden visa" means a sale of AED 2M or more', async () => {
    const r = await search('golden visa property');
    expect(r.filters).toMatchObject({ status: 'for_sale', minPrice: 2_000_000 });
    expect(r.props).toEqual(['Sale 2M', 'Sale 3.5M']);
  });

  it('"golden visa property under 2 million" never returns rentals', async () => {
    const r = await search('golden visa property under 2 million');
    expect(r.statuses).toEqual(['for_sale']);
    expect(r.props).toContain('Sale 2M');
    expect(r.props).not.toContain('Rental 235K');
  });

  it('a price cap meant for buying ("apartment to buy under 2m") shows no rentals, a rent budget no sales', async () => {
    expect((await search('apartment to buy under 2m')).statuses).toEqual(['for_sale']);
    const rent = await search('apartment for rent under 300k');
    expect(rent.props).toEqual(['Rental 235K']);
  });

  it('"شقة للإيجار في الخليج التجاري" shows the rental in Business Bay', async () => {
    const r = await search('شقة للإيجار في الخليج التجاري');
    expect(r.filters).toEqual({ propertyType: 'apartment', status: 'for_rent', area: 'Business Bay' });
    expect(r.props).toEqual(['Rental 235K']);
  });

  it('says nothing matched exactly when it shows near matches', async () => {
    const r = await search('villa for sale in JLT');
    expect(r.relaxed.length).toBeGreaterThan(0);
    expect(r.statuses).toEqual(['for_sale']);
    expect(r.props.length).toBeGreaterThan(0);
  });
});
