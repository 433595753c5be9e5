/**
 * One canonical list of UAE communities behind the Area fields, the
 * autocomplete, the directory's location filter and the mapping of places saved before.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestUser } from '../../../../tests/helpers/app';
import { createCard, createOwner, createProperty } from '../../../../tests/helpers/discovery';
import { canonicalizeStoredPlaces } from '../../db/canonical-places';
import { businessCards, properties } from '../../db/schema';

const t = await createTestApp();
const db = t.database.db;

const names = async (url: string) => {
  const res = await t.inject({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().places as { name: string }[]).map((p) => p.name);
};

describe('GET /api/places (area autocomplete)', () => {
  it('finds a community by its short name, its full name, an alias or its Arabic name', async () => {
    expect((await names('/api/places?q=jvc'))[0]).toBe('JVC');
    expect((await names('/api/places?q=jumeirah%20village%20c'))[0]).toBe('JVC');
    expect((await names(`/api/places?q=${encodeURIComponent('قرية جميرا الدائرية')}`))[0]).toBe('JVC');
    // Arabic letter forms fold: أ/ا, ة/ه.
    expect((await names(`/api/places?q=${encodeURIComponent('ابراج بحيرات')}`))[0]).toBe('JLT');
  });

  it('puts names that start with the text before names that only contain it', async () => {
    const marina = await names('/api/places?q=mar');
    expect(marina.slice(0, 2)).toEqual(['Dubai Marina', 'Al Marjan Island']);
    expect(marina).toContain('Al Maryah Island');
  });

  it('answers each place with its Arabic name and emirate, narrows by emirate, and pages by limit', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/places?q=island&emirate=abu_dhabi&limit=2' });
    expect(res.statusCode).toBe(200);
    const { places } = res.json();
    expect(places).toHaveLength(2);
    for (const p of places) expect(p).toMatchObject({ emirate: 'abu_dhabi', city: 'Abu Dhabi' });
    expect(places[0]).toEqual({
      id: 'saadiyat-island',
      name: 'Saadiyat Island',
      nameAr: 'جزيرة السعديات',
      emirate: 'abu_dhabi',
      city: 'Abu Dhabi',
    });
    expect(res.headers['cache-control']).toContain('max-age');
  });

  it('refuses a limit past the maximum and an unknown emirate with field messages', async () => {
    const big = await t.inject({ method: 'GET', url: '/api/places?q=a&limit=500' });
    expect(big.statusCode).toBe(400);
    expect(big.json().errors).toHaveProperty('limit');
    const emirate = await t.inject({ method: 'GET', url: '/api/places?emirate=mars' });
    expect(emirate.statusCode).toBe(400);
  });
});

describe('the Area of a card', () => {
  const card = (over: Record<string, unknown>) => ({ name: 'Layla Haddad', profession: 'Broker', ...over });
  let owner: TestUser;
  const save = async (over: Record<string, unknown>) => {
    owner ??= await t.signUp({ role: 'real_estate_broker' });
    return t.inject({ method: 'POST', url: '/api/business-cards', payload: card(over), as: owner });
  };

  it('stores the canonical id and name for a chosen id, an alias or the Arabic name', async () => {
    for (const [over, id, name] of [
      [{ areaId: 'jvc' }, 'jvc', 'JVC'],
      [{ area: 'jumeirah village circle' }, 'jvc', 'JVC'],
      [{ area: 'مرسى دبي' }, 'dubai-marina', 'Dubai Marina'],
      [{ area: 'typed text is ignored', areaId: 'palm-jumeirah' }, 'palm-jumeirah', 'Palm Jumeirah'],
    ] as const) {
      const res = await save(over);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ areaId: id, area: name });
      const [row] = await db.select().from(businessCards).where(eq(businessCards.id, res.json().id));
      expect(row).toMatchObject({ areaId: id, area: name });
    }
  });

  it('refuses a half-typed place ("Dubai Mar") at the Area field and saves nothing', async () => {
    const before = await db.select().from(businessCards);
    const res = await save({ area: 'Dubai Mar' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(res.json().errors.area).toMatch(/Choose an area from the list/);
    expect(await db.select().from(businessCards)).toHaveLength(before.length);
  });

  it('keeps a place that is not in the list as typed when "Other" is chosen', async () => {
    const res = await save({ area: 'Al Warsan 2', areaId: 'other' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ areaId: 'other', area: 'Al Warsan 2' });
    const empty = await save({ area: '  ', areaId: 'other' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.area).toBe('Type the name of the area');
    const unknown = await save({ areaId: 'atlantis' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors.area).toBe('Choose an area from the list');
  });

  it('clears the area when an edit sends it empty', async () => {
    const created = (await save({ areaId: 'deira' })).json();
    const res = await t.inject({
      method: 'PATCH',
      url: `/api/business-cards/${created.id}`,
      payload: { area: '', areaId: null },
      as: owner,
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await db.select().from(businessCards).where(eq(businessCards.id, created.id));
    expect(row).toMatchObject({ area: null, areaId: null });
  });
});

describe('the Location of a listing', () => {
  it('resolves an alias to the canonical place and refuses an unknown one', async () => {
    const broker = await t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' });
    const listing = (over: Record<string, unknown>) => ({
      title: 'Two bedroom apartment',
      propertyType: 'apartment',
      status: 'for_sale',
      price: 1_200_000,
      city: 'Dubai',
      permitNumber: '7112345678',
      permitExpiresOn: '2099-12-31',
      imageUrls: [],
      ...over,
    });
    const ok = await t.inject({
      method: 'POST',
      url: '/api/properties',
      payload: listing({ location: 'jlt' }),
      as: broker,
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ location: 'JLT', locationId: 'jlt' });
    const bad = await t.inject({
      method: 'POST',
      url: '/api/properties',
      payload: listing({ location: 'Jumeirah Lak' }),
      as: broker,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.location).toMatch(/Choose an area from the list/);
  });
});

describe('places saved before the list (the start-up mapping)', () => {
  it('maps known names, aliases and Arabic names to ids, keeps unknown text as "other", and runs once', async () => {
    const owner = await createOwner(db, { role: 'real_estate_broker' });
    const texts = ['dubai marina ', 'مرسى دبي', 'Dubai Mar', 'JUMEIRAH LAKE TOWERS', ''];
    const cards = [];
    for (const area of texts) cards.push(await createCard(db, owner.id, { area, areaId: null }));
    const listing = await createProperty(db, owner.id, { location: 'Downtown', locationId: null });

    const first = await canonicalizeStoredPlaces(db);
    expect(first.cards).toBeGreaterThanOrEqual(texts.length);
    const rows = await Promise.all(
      cards.map(async (c) => (await db.select().from(businessCards).where(eq(businessCards.id, c.id)))[0]),
    );
    expect(rows.map((r) => [r.area, r.areaId])).toEqual([
      ['Dubai Marina', 'dubai-marina'],
      ['Dubai Marina', 'dubai-marina'],
      ['Dubai Mar', 'other'],
      ['JLT', 'jlt'],
      [null, null],
    ]);
    const [p] = await db.select().from(properties).where(eq(properties.id, listing.id));
    expect(p).toMatchObject({ location: 'Downtown Dubai', locationId: 'downtown-dubai' });

    expect(await canonicalizeStoredPlaces(db)).toEqual({ cards: 0, listings: 0 });
  });
});

describe('the directory location filter', () => {
  it('finds cards in Dubai Marina whether asked in English, by alias or in Arabic', async () => {
    const owner = await createOwner(db, { role: 'real_estate_broker', firstName: 'Samir', lastName: 'Khoury' });
    await createCard(db, owner.id, {
      name: 'Samir Khoury',
      area: 'Dubai Marina',
      areaId: 'dubai-marina',
      status: 'approved',
      isPublic: true,
    });
    for (const location of ['Dubai Marina', 'marina', 'مرسى دبي']) {
      const res = await t.inject({
        method: 'GET',
        url: `/api/business-cards/public?location=${encodeURIComponent(location)}`,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().map((c: { name: string }) => c.name)).toContain('Samir Khoury');
    }
  });
});
