/**
 * Demo listings saved before listings carried Arabic get it at start-up; a person's
 * listing never does, and an owner's edit of the text drops the demo's translation.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../tests/helpers/app';
import { createOwner, createProperty } from '../../../tests/helpers/discovery';
import { localizeDemoListings } from './localize-demo-listings';
import { properties } from './schema';

const t = await createTestApp();
const db = t.database.db;

const translationsOf = async (id: string) =>
  (await db.select({ tr: properties.translations }).from(properties).where(eq(properties.id, id)))[0].tr;

describe('demo listings in Arabic', () => {
  it('writes the Arabic of a stored demo listing from its own pieces, once, and leaves other listings alone', async () => {
    const demo = await createOwner(db, { email: 'layla.old@demo.bitaqa.ae', role: 'real_estate_broker' });
    const person = await createOwner(db, { email: 'someone@example.com', role: 'real_estate_broker' });
    const base = {
      propertyType: 'apartment',
      status: 'for_sale',
      bedrooms: 2,
      location: 'Dubai Marina',
      features: ['Balcony', 'Gym'],
    } as const;
    const old = await createProperty(db, demo.id, {
      ...base,
      title: 'Modern 2-Bedroom Apartment in Dubai Marina',
      features: [...base.features],
    });
    const villa = await createProperty(db, demo.id, {
      title: 'Spacious 4-Bedroom Villa in Dubai Hills',
      propertyType: 'villa',
      status: 'for_rent',
      bedrooms: 4,
      location: 'Dubai Hills',
      features: ['Private Pool'],
    });
    const edited = await createProperty(db, demo.id, {
      ...base,
      title: 'My own lovely flat',
      features: [...base.features],
    });
    const theirs = await createProperty(db, person.id, {
      ...base,
      title: 'Modern 2-Bedroom Apartment in Dubai Marina',
      features: [...base.features],
    });

    expect(await localizeDemoListings(db)).toBe(2);
    expect((await translationsOf(old.id)).ar).toEqual({
      title: 'شقة حديثة من غرفتي نوم في دبي مارينا',
      description: expect.stringContaining('في دبي مارينا، دبي، معروضة للبيع.'),
      features: ['شرفة', 'نادٍ رياضي'],
    });
    // The adjective agrees with a masculine type, and a rental says so.
    expect((await translationsOf(villa.id)).ar?.description).toContain('متاحة للإيجار بعقد سنوي');
    expect(await translationsOf(edited.id)).toEqual({});
    expect(await translationsOf(theirs.id)).toEqual({});
    expect(await localizeDemoListings(db)).toBe(0);
  });

  it('shows the Arabic in the API, and drops it when the owner rewrites the text', async () => {
    const owner = await t.signUp({ role: 'real_estate_broker' });
    const row = await createProperty(db, owner.user.id, {
      title: 'Bright Studio in JLT',
      propertyType: 'studio',
      bedrooms: 0,
      location: 'JLT',
      permitNumber: '7112345678',
      permitExpiresOn: '2099-12-31',
      isApproved: false,
      translations: { ar: { title: 'استوديو مشرق في أبراج بحيرات جميرا', features: [] } },
    });
    const mine = await t.inject({ method: 'GET', url: `/api/properties/${row.id}`, as: owner });
    expect(mine.json().translations.ar.title).toBe('استوديو مشرق في أبراج بحيرات جميرا');

    const price = await t.inject({
      method: 'PATCH',
      url: `/api/properties/${row.id}`,
      as: owner,
      payload: { price: 900_000 },
    });
    expect(price.statusCode, price.body).toBe(200);
    expect(price.json().translations.ar.title).toBe('استوديو مشرق في أبراج بحيرات جميرا');
    const title = await t.inject({
      method: 'PATCH',
      url: `/api/properties/${row.id}`,
      as: owner,
      payload: { title: 'Bright studio next to the metro' },
    });
    expect(title.statusCode, title.body).toBe(200);
    expect(title.json().translations).toEqual({});
  });
});
