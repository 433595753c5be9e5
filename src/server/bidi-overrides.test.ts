/**
 * A right-to-left override (U+202E) makes "Ahmed\u202Egnp.exe" display as something else. An
 * outside audit found it refused in card names but accepted in every other free-text field a
 * visitor reads; each of those fields is replayed here and must answer 400 naming the field.
 */
import { describe, expect, it } from 'vitest';
import { createTestApp, type TestUser } from '../../tests/helpers/app';

const t = await createTestApp();
const RLO = '\u202E';
const spoof = `Emaar${RLO}gnp.exe`;

async function refuses(as: TestUser, method: 'POST' | 'PATCH', url: string, payload: object, field: string) {
  const res = await t.inject({ method, url, as, payload });
  expect(res.statusCode, `${method} ${url} ${field}: ${res.body}`).toBe(400);
  expect(res.json().errors?.[field], `${field}: ${res.body}`).toMatch(/text-direction/);
}

describe('bidi overrides in free text', () => {
  it('are refused in card company, area, office address and description', async () => {
    const broker = await t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' });
    const base = { name: 'Layla Haddad', profession: 'Broker' };
    for (const field of ['company', 'area', 'officeAddress', 'description']) {
      await refuses(broker, 'POST', '/api/business-cards', { ...base, [field]: spoof }, field);
    }
    const created = await t.inject({ method: 'POST', url: '/api/business-cards', as: broker, payload: base });
    expect(created.statusCode, created.body).toBe(201);
    await refuses(broker, 'PATCH', `/api/business-cards/${created.json().id}`, { company: spoof }, 'company');
  });

  it('are refused in a brokerage’s Arabic name and office address', async () => {
    const broker = await t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' });
    const base = { name: 'Bidi Bay Realty', ornNumber: '61234', tradeLicenceNumber: 'DED-1' };
    await refuses(broker, 'POST', '/api/brokerages', { ...base, nameAr: `إعمار${RLO}` }, 'nameAr');
    await refuses(broker, 'POST', '/api/brokerages', { ...base, officeAddress: spoof }, 'officeAddress');
  });

  it('are refused in a listing title and a service name and provider', async () => {
    const broker = await t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' });
    const listing = {
      title: 'Bright 2 bedroom apartment in Dubai Marina',
      description: 'Sea view, high floor.',
      propertyType: 'apartment',
      status: 'for_sale',
      price: 1_650_000,
      bedrooms: 2,
      bathrooms: 2,
      area: 1100,
      address: 'Marina Gate 1',
      city: 'Dubai',
      location: 'Dubai Marina',
      features: ['Sea View'],
      permitNumber: '7112345678',
      permitExpiresOn: '2099-12-31',
    };
    await refuses(broker, 'POST', '/api/properties', { ...listing, title: `Villa ${spoof}` }, 'title');
    const service = {
      name: 'Golden Visa Consulting',
      provider: 'Visa Desk DXB',
      serviceType: 'company',
      category: 'Legal & Professional',
      description: 'Golden visa applications for property investors.',
      features: ['Property route'],
      priceLabel: 'From AED 3,500',
      priceTier: 'mid',
      contactInfo: { phone: '+971 4 000 0000', email: 'hello@visadesk.ae', website: 'https://visadesk.ae' },
    };
    await refuses(broker, 'POST', '/api/services', { ...service, name: spoof }, 'name');
    await refuses(broker, 'POST', '/api/services', { ...service, provider: spoof }, 'provider');
  });

  it('are refused in the profile’s company and position; plain Arabic and Latin mixed are fine', async () => {
    const u = await t.signUp();
    const base = { firstName: u.user.firstName, lastName: u.user.lastName, email: u.user.email };
    await refuses(u, 'PATCH', '/api/auth/profile', { ...base, company: spoof }, 'company');
    await refuses(u, 'PATCH', '/api/auth/profile', { ...base, position: spoof }, 'position');
    const fine = await t.inject({
      method: 'PATCH',
      url: '/api/auth/profile',
      as: u,
      payload: { ...base, company: 'إعمار Emaar Properties', position: 'مستشار Senior' },
    });
    expect(fine.statusCode, fine.body).toBe(200);
  });
});
