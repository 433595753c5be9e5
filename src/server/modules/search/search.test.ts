/**
 * GET /api/search and GET /api/recommendations: the parsed filters drive the same
 * directory and listing queries; an AI refinement may add filters but never change one; the
 * investor's card gives recommendations with reasons.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../tests/helpers/app';
import { createCard, createOwner, createProperty } from '../../../../tests/helpers/discovery';

const t = await createTestApp();
const db = t.database.db;

beforeAll(async () => {
  const a = await createOwner(db, { role: 'real_estate_broker' });
  const b = await createOwner(db, { role: 'real_estate_broker' });
  const c = await createOwner(db, { role: 'banking_broker' });
  const d = await createOwner(db, { role: 'real_estate_broker' });
  await createCard(db, a.id, {
    name: 'Ahmed Al Mansoori',
    area: 'Dubai Marina',
    languages: ['arabic', 'english'],
    roleTitle: 'off_plan_projects',
  });
  await createCard(db, b.id, {
    name: 'James Whitfield',
    area: 'Dubai Marina',
    languages: ['english'],
    roleTitle: 'residential_sales',
  });
  await createCard(db, c.id, {
    name: 'Hind Al Zaabi',
    profession: 'Mortgage Advisor',
    bankName: 'emirates_nbd',
    roleTitle: 'home_loans',
    languages: ['arabic', 'english'],
    area: 'Business Bay',
  });
  await createCard(db, d.id, {
    name: 'Priya Nair',
    area: 'Dubai Hills',
    languages: ['english', 'tamil'],
    roleTitle: 'residential_leasing',
  });
  await createProperty(db, d.id, {
    title: 'Dubai Hills villa for rent',
    propertyType: 'villa',
    status: 'for_rent',
    price: 240_000,
    bedrooms: 3,
    location: 'Dubai Hills',
  });
  await createProperty(db, d.id, {
    title: 'Dubai Hills villa, pricier',
    propertyType: 'villa',
    status: 'for_rent',
    price: 300_000,
    bedrooms: 3,
    location: 'Dubai Hills',
  });
  await createProperty(db, d.id, {
    title: 'Dubai Hills 4 bed villa',
    propertyType: 'villa',
    status: 'for_rent',
    price: 230_000,
    bedrooms: 4,
    location: 'Dubai Hills',
  });
  await createProperty(db, a.id, {
    title: 'Marina apartment',
    propertyType: 'apartment',
    status: 'for_sale',
    price: 1_600_000,
    bedrooms: 2,
    location: 'Dubai Marina',
  });
  await createProperty(db, a.id, {
    title: 'Marina penthouse',
    propertyType: 'penthouse',
    status: 'for_sale',
    price: 12_000_000,
    bedrooms: 4,
    location: 'Dubai Marina',
  });
  await createProperty(db, a.id, {
    title: 'Abu Dhabi apartment',
    propertyType: 'apartment',
    status: 'for_sale',
    price: 1_400_000,
    city: 'Abu Dhabi',
    location: 'Al Reem Island',
  });
});

const search = async (q: string, app = t) => {
  const res = await app.inject({ method: 'GET', url: `/api/search?q=${encodeURIComponent(q)}` });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  return {
    ...body,
    pros: body.professionals.map((p: { name: string }) => p.name).sort(),
    props: body.properties.map((p: { title: string }) => p.title).sort(),
  };
};

describe('GET /api/search', () => {
  it('reads "Arabic speaking broker in Dubai Marina" and finds only that broker', async () => {
    const r = await search('Arabic speaking broker in Dubai Marina');
    expect(r.filters).toEqual({ language: 'arabic', role: 'broker', area: 'Dubai Marina' });
    expect(r.source).toBe('parser');
    expect(r.pros).toEqual(['Ahmed Al Mansoori']);
    expect(r.props).toEqual([]);
  });

  it('reads a listing request with bedrooms, status, area and price', async () => {
    const r = await search('3 bedroom villa for rent in Dubai Hills under 250K');
    expect(r.filters).toEqual({
      bedrooms: 3,
      propertyType: 'villa',
      status: 'for_rent',
      area: 'Dubai Hills',
      maxPrice: 250_000,
    });
    expect(r.props).toEqual(['Dubai Hills villa for rent']);
    // The brokers who work there come along.
    expect(r.pros).toEqual(['Priya Nair']);
  });

  it('reads Arabic', async () => {
    const r = await search('بروكر في دبي مارينا');
    expect(r.filters).toEqual({ role: 'broker', area: 'Dubai Marina' });
    expect(r.pros).toEqual(['Ahmed Al Mansoori', 'James Whitfield']);
    const m = await search('مستشار تمويل الإمارات دبي الوطني');
    expect(m.pros).toEqual(['Hind Al Zaabi']);
  });

  it('reads a bank and a price bound', async () => {
    expect((await search('mortgage advisor Emirates NBD')).pros).toEqual(['Hind Al Zaabi']);
    expect((await search('apartment in Dubai Marina under 2M')).props).toEqual(['Marina apartment']);
    expect((await search('Dubai Marina over 5M')).props).toEqual(['Marina penthouse']);
  });

  it('drops the filters whose chips were removed', async () => {
    const res = await t.inject({
      method: 'GET',
      url: `/api/search?q=${encodeURIComponent('Arabic speaking broker in Dubai Marina')}&without=language`,
    });
    expect(res.json().filters).toEqual({ role: 'broker', area: 'Dubai Marina' });
    expect(
      res
        .json()
        .professionals.map((p: { name: string }) => p.name)
        .sort(),
    ).toEqual(['Ahmed Al Mansoori', 'James Whitfield']);
    const bad = await t.inject({ method: 'GET', url: '/api/search?q=broker&without=password' });
    expect(bad.statusCode).toBe(400);
  });

  it('searches names it does not understand as free text, with typos', async () => {
    const r = await search('Mansuri');
    expect(r.filters).toEqual({ text: 'mansuri' });
    expect(r.pros).toEqual(['Ahmed Al Mansoori']);
  });

  it.each(['', `${'a'.repeat(201)}`])('refuses an empty or too long query (%#)', async (q) => {
    const res = await t.inject({ method: 'GET', url: `/api/search?q=${q}` });
    expect(res.statusCode).toBe(400);
  });

  it('is safe with SQL metacharacters', async () => {
    const r = await search("broker'; DROP TABLE users; --");
    // The words match no card, so they are relaxed and the brokers shown; the table is intact.
    expect(r.filters).toMatchObject({ role: 'broker' });
    expect(r.relaxed).toEqual(['text']);
    expect((await search('broker')).pros.length).toBe(3);
    const exact = await t.inject({
      method: 'GET',
      url: `/api/search?q=${encodeURIComponent("broker'; DROP TABLE users; --")}&exact=1`,
    });
    expect(exact.json().professionals).toEqual([]);
  });
});

describe('never a dead end', () => {
  const raw = async (q: string, extra = '') => {
    const res = await t.inject({ method: 'GET', url: `/api/search?q=${encodeURIComponent(q)}${extra}` });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    return { ...body, pros: body.professionals.map((p: { name: string }) => p.name).sort() };
  };

  it('answers the placeholder query with the broker who fits, relaxing nothing', async () => {
    const r = await raw('Arabic-speaking off-plan broker in Dubai Marina');
    expect(r.pros).toEqual(['Ahmed Al Mansoori']);
    expect(r.relaxed).toEqual([]);
  });

  it('widens an area to its emirate before giving up, keeping the specialization and language', async () => {
    const r = await raw('Arabic speaking off-plan broker in JBR');
    expect(r.filters).toMatchObject({ area: 'JBR', specialization: 'off_plan_projects' });
    expect(r.relaxed).toEqual(['area']);
    expect(r.shown).toEqual({ language: 'arabic', specialization: 'off_plan_projects', role: 'broker', city: 'Dubai' });
    expect(r.pros).toEqual(['Ahmed Al Mansoori']);
  });

  it('tries the specialization, then the area, then the language, in that order', async () => {
    // Nobody speaks Arabic among Dubai Hills leasing brokers; dropping the specialization or
    // widening the area finds nobody either; the language is the one to relax.
    const r = await raw('Arabic speaking residential leasing broker in Dubai Hills');
    expect(r.relaxed).toEqual(['language']);
    expect(r.pros).toEqual(['Priya Nair']);
    // The leftover word goes first: the adviser who fits everything else is found.
    const m = await raw('مستشار تمويل عقاري من بنك الإمارات دبي الوطني');
    expect(m.filters).toMatchObject({ role: 'banking_broker', bank: 'emirates_nbd', text: 'عقاري' });
    expect(m.relaxed).toEqual(['text']);
    expect(m.pros).toEqual(['Hind Al Zaabi']);
  });

  it('relaxes nothing when asked for exact matches, or when nothing would match anyway', async () => {
    const exact = await raw('Arabic speaking off-plan broker in JBR', '&exact=1');
    expect(exact.relaxed).toEqual([]);
    expect(exact.pros).toEqual([]);
    const none = await raw('Zzyzx Qwfp');
    expect(none.relaxed).toEqual([]);
    expect(none.professionals).toEqual([]);
    expect(none.properties).toEqual([]);
    const bad = await t.inject({ method: 'GET', url: '/api/search?q=broker&exact=yes' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('AI refinement', () => {
  let answer = '{}';
  const fake = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id: 'x',
          object: 'chat.completion',
          created: 0,
          model: 'test',
          choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: answer } }],
        }),
      );
    });
  });
  let ai: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    const port = (fake.address() as AddressInfo).port;
    ai = await createTestApp({
      env: { AI_BASE_URL: `http://127.0.0.1:${port}/v1`, AI_API_KEY: 'k', AI_TIMEOUT_MS: '1000' },
    });
    const owner = await createOwner(ai.database.db, { role: 'real_estate_broker' });
    await createProperty(ai.database.db, owner.id, {
      title: 'Seaside villa',
      propertyType: 'villa',
      location: 'Palm Jumeirah',
    });
    await createProperty(ai.database.db, owner.id, {
      title: 'Seaside flat',
      propertyType: 'apartment',
      location: 'Palm Jumeirah',
    });
  });
  afterAll(async () => {
    fake.closeAllConnections();
    await new Promise((resolve) => fake.close(resolve));
  });

  it('may add a filter the parser missed but never changes one it read', async () => {
    answer = 'Sure: {"propertyType":"villa","area":"Dubai Marina","role":"investor"}';
    const r = await search('a home with a garden on the palm', ai);
    expect(r.source).toBe('ai');
    expect(r.filters).toMatchObject({ area: 'Palm Jumeirah', propertyType: 'villa', text: 'garden' });
    expect(r.filters.role).toBe('investor');
    // No listing mentions a garden: the leftover word is relaxed, the rest holds.
    expect(r.relaxed).toEqual(['text']);
    expect(r.props).toEqual(['Seaside villa']);
    answer = '{"propertyType":"villa"}';
    const v = await search('a home on the palm', ai);
    expect(v.filters).toEqual({ area: 'Palm Jumeirah', propertyType: 'villa' });
    expect(v.props).toEqual(['Seaside villa']);
  });

  it('keeps the parser’s reading when the answer is not valid', async () => {
    answer = '{"propertyType":"castle"}';
    const r = await search('on the palm', ai);
    expect(r.source).toBe('parser');
    expect(r.filters).toEqual({ area: 'Palm Jumeirah' });
  });
});

describe('GET /api/recommendations', () => {
  it('matches brokers and listings to an investor card, each with its reason', async () => {
    const investor = await t.signUp({ role: 'investor' });
    await createCard(db, investor.user.id, {
      name: 'Carlos Mendez',
      profession: 'Investor',
      status: 'pending',
      isPublic: false,
      investmentBudgetRange: '1m_2m',
      investmentInterests: ['real_estate'],
      regionsOfInterest: ['Dubai Marina'],
      languages: ['arabic', 'spanish'],
    });
    const res = await t.inject({ method: 'GET', url: '/api/recommendations', as: investor });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.profile).toMatchObject({
      budget: '1m_2m',
      minPrice: 1_000_000,
      maxPrice: 2_000_000,
      regions: ['Dubai Marina'],
    });
    expect(body.properties.map((p: { property: { title: string } }) => p.property.title)).toEqual(['Marina apartment']);
    expect(body.properties[0].reason).toContain('Dubai Marina');
    expect(body.properties[0].reason).toContain('AED 1.0M');
    const pros = body.professionals.map((p: { card: { name: string } }) => p.card.name);
    // Both Marina brokers, the Arabic-speaking off-plan one first.
    expect(pros.slice(0, 2)).toEqual(['Ahmed Al Mansoori', 'James Whitfield']);
    expect(body.professionals[0].reasons).toEqual(
      expect.arrayContaining([
        { code: 'region', value: 'Dubai Marina' },
        { code: 'specialization', value: 'off-plan projects' },
        { code: 'language', value: 'Arabic' },
      ]),
    );
  });

  it('asks an investor without a card to create one, and refuses other roles and visitors', async () => {
    const bare = await t.signUp({ role: 'investor' });
    const none = await t.inject({ method: 'GET', url: '/api/recommendations', as: bare });
    expect(none.statusCode).toBe(404);
    expect(none.json().code).toBe('INVESTOR_CARD_REQUIRED');
    const broker = await t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' });
    expect((await t.inject({ method: 'GET', url: '/api/recommendations', as: broker })).statusCode).toBe(403);
    expect((await t.inject({ method: 'GET', url: '/api/recommendations' })).statusCode).toBe(401);
  });
});
