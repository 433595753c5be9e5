/**
 * Account deletion left the user's services listed with name, e-mail and
 * phone, and their uploaded photos served. Now everything they published goes, photos included —
 * except a photo file someone else's content still uses (files are named by content hash).
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createTestApp, type TestUser } from '../../../../tests/helpers/app';
import { multipartFile } from '../../../../tests/helpers/discovery';

const t = await createTestApp();

async function upload(as: TestUser, colour: { r: number; g: number; b: number }): Promise<string> {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: colour } })
    .png()
    .toBuffer();
  const res = await t.inject({
    method: 'POST',
    url: '/api/uploads/images',
    ...multipartFile(png, { filename: 'photo.png', contentType: 'image/png' }),
    as,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().url;
}

const status = async (url: string) => (await t.inject({ method: 'GET', url })).statusCode;

describe('deleting an account', () => {
  it('removes their services, cards and listings, and stops serving their photos', async () => {
    const broker = await t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' });
    const neighbour = await t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' });
    const own = await upload(broker, { r: 200, g: 10, b: 10 });
    const cardPhoto = await upload(broker, { r: 10, g: 200, b: 10 });
    const shared = await upload(broker, { r: 10, g: 10, b: 200 });
    await upload(neighbour, { r: 10, g: 10, b: 200 }); // the same bytes: the same stored file

    const service = await t.inject({
      method: 'POST',
      url: '/api/services',
      payload: {
        name: 'Broker Valuations',
        provider: 'Broker Valuations LLC',
        serviceType: 'company',
        category: 'Legal & Professional',
        description: 'Valuations.',
        imageUrl: own,
        contactInfo: { phone: '+971 50 000 0000', email: 'broker@example.com' },
      },
      as: broker,
    });
    expect(service.statusCode, service.body).toBe(201);
    const card = await t.inject({
      method: 'POST',
      url: '/api/business-cards',
      payload: { name: 'Broker', profession: 'Broker', profileImageUrl: cardPhoto },
      as: broker,
    });
    expect(card.statusCode, card.body).toBe(201);
    const listing = await t.inject({
      method: 'POST',
      url: '/api/properties',
      payload: {
        title: 'Flat in Dubai Marina',
        propertyType: 'apartment',
        status: 'for_sale',
        price: 1_000_000,
        city: 'Dubai',
        permitNumber: '7112345678',
        permitExpiresOn: '2099-12-31',
        imageUrls: [shared],
      },
      as: broker,
    });
    expect(listing.statusCode, listing.body).toBe(201);
    // The neighbour's listing uses the same photo file.
    const theirs = await t.inject({
      method: 'POST',
      url: '/api/properties',
      payload: {
        title: 'Another flat',
        propertyType: 'apartment',
        status: 'for_sale',
        price: 900_000,
        city: 'Dubai',
        permitNumber: '7112345679',
        permitExpiresOn: '2099-12-31',
        imageUrls: [shared],
      },
      as: neighbour,
    });
    expect(theirs.statusCode, theirs.body).toBe(201);

    const services = async () =>
      (await t.inject({ method: 'GET', url: '/api/services?limit=50' })).json().map((s: { name: string }) => s.name);
    expect(await services()).toContain('Broker Valuations');

    const deleted = await t.inject({
      method: 'DELETE',
      url: '/api/account',
      payload: { confirmEmail: broker.user.email },
      as: broker,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);

    expect(await services()).not.toContain('Broker Valuations');
    const asAdmin = await t.inject({ method: 'GET', url: '/api/admin/services?limit=50', as: await t.signInAdmin() });
    expect(JSON.stringify(asAdmin.json())).not.toContain('broker@example.com');
    expect(await status(`/api/business-cards/${card.json().id}`)).toBe(404);
    expect(await status(`/api/properties/${listing.json().id}`)).toBe(404);
    expect(await status(own)).toBe(404);
    expect(await status(cardPhoto)).toBe(404);
    // Still used by the neighbour's listing.
    expect(await status(shared)).toBe(200);
  });
});
