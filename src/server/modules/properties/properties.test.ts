/**
 * Property listings: the public list under every filter, sort and page size checked
 * against the inserted rows; bad filters; listing, editing, deleting and the admin's review.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Property } from '../../db/schema';
import { auditLog, properties as propertiesTable } from '../../db/schema';
import { createTestApp } from '../../../../tests/helpers/app';
import { createOwner, createProperty, minutesAgo, type PropertyOptions } from '../../../../tests/helpers/discovery';

const t = await createTestApp();

/** The version of a listing as the admin sees it now (an approval names it). */
async function versionOf(id: string): Promise<number> {
  const admin = await t.signInAdmin();
  return (await t.inject({ method: 'GET', url: `/api/properties/${id}`, as: admin })).json().version as number;
}
const db = t.database.db;
const listed: Property[] = [];
const hidden: string[] = [];

const PHOTO = '/api/uploads/0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef.webp';

beforeAll(async () => {
  const a = await createOwner(db, { role: 'real_estate_broker', firstName: 'Ahmed', lastName: 'Al Mansoori' });
  const b = await createOwner(db, {
    role: 'real_estate_developer',
    firstName: 'Rashid',
    lastName: 'Al Mazrouei',
    profileImageUrl: '/img/rashid.png',
  });
  const rows: PropertyOptions[] = [
    {
      title: 'Marina view apartment',
      propertyType: 'apartment',
      status: 'for_sale',
      price: 1_850_000,
      bedrooms: 2,
      bathrooms: 2,
      area: 1200,
      city: 'Dubai',
      location: 'Dubai Marina',
      features: ['Sea View', 'Balcony'],
    },
    {
      title: 'Downtown studio',
      propertyType: 'studio',
      status: 'for_sale',
      price: 750_000,
      bedrooms: 0,
      area: 450,
      city: 'Dubai',
      location: 'Downtown Dubai',
    },
    {
      title: 'Family villa with pool',
      propertyType: 'villa',
      status: 'for_sale',
      price: 5_400_000,
      bedrooms: 4,
      area: 4200,
      city: 'Dubai',
      location: 'Dubai Hills',
      features: ['Private Pool'],
    },
    {
      title: 'Palm penthouse',
      propertyType: 'penthouse',
      status: 'for_sale',
      price: 24_000_000,
      bedrooms: 5,
      area: 8000,
      city: 'Dubai',
      location: 'Palm Jumeirah',
    },
    {
      title: 'Saadiyat beach villa',
      propertyType: 'villa',
      status: 'for_sale',
      price: 9_500_000,
      bedrooms: 5,
      area: 6500,
      city: 'Abu Dhabi',
      location: 'Saadiyat Island',
    },
    {
      title: 'Reem Island apartment',
      propertyType: 'apartment',
      status: 'for_sale',
      price: 1_200_000,
      bedrooms: 1,
      area: 800,
      city: 'Abu Dhabi',
      location: 'Al Reem Island',
      userId: b.id,
    },
    {
      title: 'Aljada townhouse',
      propertyType: 'townhouse',
      status: 'for_sale',
      price: 1_600_000,
      bedrooms: 3,
      area: 2000,
      city: 'Sharjah',
      location: 'Aljada',
      userId: b.id,
    },
    {
      title: 'Majaz apartment',
      propertyType: 'apartment',
      status: 'for_sale',
      price: 550_000,
      bedrooms: 2,
      area: null,
      city: 'Sharjah',
      location: 'Al Majaz',
    },
    {
      title: 'Business Bay office',
      propertyType: 'office',
      status: 'for_sale',
      price: 2_100_000,
      area: 1500,
      city: 'Dubai',
      location: 'Business Bay',
      userId: b.id,
    },
    {
      title: 'JVC apartment for rent',
      propertyType: 'apartment',
      status: 'for_rent',
      price: 85_000,
      bedrooms: 1,
      area: 750,
      city: 'Dubai',
      location: 'JVC',
    },
    {
      title: 'Dubai Hills villa for rent',
      propertyType: 'villa',
      status: 'for_rent',
      price: 240_000,
      bedrooms: 3,
      area: 3000,
      city: 'Dubai',
      location: 'Dubai Hills',
    },
    {
      title: 'Arabian Ranches villa',
      propertyType: 'villa',
      status: 'for_rent',
      price: 320_000,
      bedrooms: 4,
      area: 3500,
      city: 'Dubai',
      location: 'Arabian Ranches',
    },
    {
      title: 'Marina studio to rent',
      propertyType: 'studio',
      status: 'for_rent',
      price: 60_000,
      bedrooms: 0,
      area: 420,
      city: 'Dubai',
      location: 'Dubai Marina',
    },
    {
      title: 'Yas townhouse rental',
      propertyType: 'townhouse',
      status: 'for_rent',
      price: 150_000,
      bedrooms: 3,
      area: 2200,
      city: 'Abu Dhabi',
      location: 'Yas Island',
      userId: b.id,
    },
    {
      title: 'Sold JLT apartment',
      propertyType: 'apartment',
      status: 'sold',
      price: 990_000,
      bedrooms: 1,
      area: 700,
      city: 'Dubai',
      location: 'JLT',
    },
    {
      title: 'Same price apartment',
      propertyType: 'apartment',
      status: 'for_sale',
      price: 1_850_000,
      bedrooms: 2,
      area: 1200,
      city: 'Dubai',
      location: 'JBR',
      address: 'Rimal 4, JBR',
    },
  ];
  let minute = 500;
  for (const r of rows) {
    minute -= 5;
    listed.push(await createProperty(db, a.id, { createdAt: minutesAgo(minute), imageUrls: [PHOTO], ...r }));
  }
  hidden.push((await createProperty(db, a.id, { title: 'Pending villa', isApproved: false })).id);
  hidden.push(
    (await createProperty(db, a.id, { title: 'Rejected villa', isApproved: false, rejectionReason: 'Blurry photos' }))
      .id,
  );
  const gone = await createOwner(db, { role: 'real_estate_broker', suspendedAt: new Date() });
  hidden.push((await createProperty(db, gone.id, { title: 'Suspended owner villa' })).id);
});

const cmp = (a: number | string, b: number | string) => (a < b ? -1 : a > b ? 1 : 0);
const newest = (a: Property, b: Property) => cmp(b.createdAt.getTime(), a.createdAt.getTime()) || cmp(b.id, a.id);
const SORTS: Record<string, (a: Property, b: Property) => number> = {
  newest,
  price_asc: (a, b) => cmp(a.price, b.price) || newest(a, b) || cmp(a.id, b.id),
  price_desc: (a, b) => cmp(b.price, a.price) || newest(a, b) || cmp(a.id, b.id),
  area: (a, b) =>
    (a.area === null && b.area === null ? 0 : a.area === null ? 1 : b.area === null ? -1 : cmp(b.area, a.area)) ||
    newest(a, b) ||
    cmp(a.id, b.id),
};

const CASES: [Record<string, string>, (p: Property) => boolean][] = [
  [{}, (p) => p.status === 'for_sale'],
  [{ status: 'for_rent' }, (p) => p.status === 'for_rent'],
  [{ type: 'villa' }, (p) => p.status === 'for_sale' && p.propertyType === 'villa'],
  [{ type: 'apartment', status: 'for_rent' }, (p) => p.status === 'for_rent' && p.propertyType === 'apartment'],
  [{ city: 'Dubai' }, (p) => p.status === 'for_sale' && p.city === 'Dubai'],
  [{ city: 'Abu Dhabi', status: 'for_rent' }, (p) => p.status === 'for_rent' && p.city === 'Abu Dhabi'],
  [{ city: 'sharjah' }, (p) => p.status === 'for_sale' && p.city === 'Sharjah'],
  [{ minPrice: '2000000' }, (p) => p.status === 'for_sale' && p.price >= 2_000_000],
  [{ maxPrice: '1850000' }, (p) => p.status === 'for_sale' && p.price <= 1_850_000],
  [
    { minPrice: '1000000', maxPrice: '2000000' },
    (p) => p.status === 'for_sale' && p.price >= 1_000_000 && p.price <= 2_000_000,
  ],
  [
    { status: 'for_rent', maxPrice: '250000', type: 'villa', city: 'Dubai' },
    (p) => p.title === 'Dubai Hills villa for rent',
  ],
  [{ bedrooms: '2' }, (p) => p.status === 'for_sale' && p.bedrooms === 2],
  [{ location: 'Dubai Marina', status: 'for_rent' }, (p) => p.title === 'Marina studio to rent'],
  [{ location: 'jbr' }, (p) => p.title === 'Same price apartment'],
  [{ search: 'villa' }, (p) => p.status === 'for_sale' && /villa/i.test(p.title)],
  [{ search: 'sea view' }, (p) => p.title === 'Marina view apartment'],
];

async function allPages(query: Record<string, string>, limit: number) {
  const ids: string[] = [];
  let total = -1;
  for (let offset = 0; offset < 100; offset += limit) {
    const qs = new URLSearchParams({ ...query, limit: String(limit), offset: String(offset) });
    const res = await t.inject({ method: 'GET', url: `/api/properties?${qs}` });
    expect(res.statusCode, res.body).toBe(200);
    const page: { id: string }[] = res.json();
    total = Number(res.headers['x-total-count']);
    ids.push(...page.map((p) => p.id));
    if (page.length < limit) break;
  }
  return { ids, total };
}

/** Every page through X-Next-Cursor (keyset paging): the ids in order and the first page's total. */
async function cursorPages(query: Record<string, string>, limit: number) {
  const ids: string[] = [];
  let total = -1;
  let after: string | undefined;
  for (let n = 0; n < 100; n++) {
    const qs = new URLSearchParams({ ...query, limit: String(limit), ...(after ? { after } : {}) });
    const res = await t.inject({ method: 'GET', url: `/api/properties?${qs}` });
    expect(res.statusCode, res.body).toBe(200);
    if (!after) total = Number(res.headers['x-total-count']);
    const page: { id: string }[] = res.json();
    ids.push(...page.map((p) => p.id));
    after = res.headers['x-next-cursor'] as string | undefined;
    if (after) expect(page).toHaveLength(limit);
    else break;
  }
  return { ids, total };
}

describe('GET /api/properties', () => {
  it('lists approved listings for sale by default, with the owner and agent name', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/properties?limit=60' });
    expect(res.statusCode).toBe(200);
    const items = res.json();
    expect(new Set(items.map((p: { id: string }) => p.id))).toEqual(
      new Set(listed.filter((p) => p.status === 'for_sale').map((p) => p.id)),
    );
    for (const id of hidden) expect(items.map((p: { id: string }) => p.id)).not.toContain(id);
    const office = items.find((p: { title: string }) => p.title === 'Business Bay office');
    expect(office).toMatchObject({
      firstName: 'Rashid',
      lastName: 'Al Mazrouei',
      profileImageUrl: '/img/rashid.png',
      agentName: 'Rashid Al Mazrouei',
      owner: { firstName: 'Rashid', role: 'real_estate_developer' },
      approvalStatus: 'approved',
      imageUrls: [PHOTO],
    });
  });

  for (const sort of Object.keys(SORTS)) {
    it(`every filter with sort=${sort} and every page size`, async () => {
      for (const [query, keep] of CASES) {
        const expected = listed
          .filter(keep)
          .sort(SORTS[sort])
          .map((p) => p.id);
        expect(expected.length, JSON.stringify(query)).toBeGreaterThan(0);
        for (const limit of [2, 12]) {
          const { ids, total } = await allPages({ ...query, sort }, limit);
          expect(ids, `${JSON.stringify(query)} limit=${limit}`).toEqual(expected);
          expect(total).toBe(expected.length);
          const byCursor = await cursorPages({ ...query, sort }, limit);
          expect(byCursor.ids, `${JSON.stringify(query)} limit=${limit} by cursor`).toEqual(expected);
          expect(byCursor.total).toBe(expected.length);
        }
      }
    });
  }

  it('pages by cursor through listings that tie on price, time and area, without repeats or gaps', async () => {
    const createdAt = minutesAgo(3);
    const tied = [];
    for (let i = 0; i < 7; i++) {
      tied.push(
        await createProperty(db, listed[0].userId, {
          title: `Twinlisting ${i}`,
          price: 4_444_444,
          area: i === 6 ? null : 900,
          createdAt,
        }),
      );
    }
    try {
      for (const sort of Object.keys(SORTS)) {
        const { ids: byOffset } = await allPages({ search: 'twinlisting', sort }, 60);
        expect(new Set(byOffset)).toEqual(new Set(tied.map((p) => p.id)));
        // No area sorts after every area.
        if (sort === 'area') expect(byOffset[byOffset.length - 1]).toBe(tied[6].id);
        for (const limit of [1, 2, 3]) {
          const { ids } = await cursorPages({ search: 'twinlisting', sort }, limit);
          expect(ids, `sort=${sort} limit=${limit}`).toEqual(byOffset);
        }
      }
      const first = await t.inject({ method: 'GET', url: '/api/properties?search=twinlisting&limit=2&sort=price_asc' });
      const after = first.headers['x-next-cursor'] as string;
      for (const qs of [`after=${after}&sort=newest`, `after=${after}&sort=price_asc&offset=2`, 'after=bad']) {
        const res = await t.inject({ method: 'GET', url: `/api/properties?${qs}` });
        expect(res.statusCode, qs).toBe(400);
      }
    } finally {
      await Promise.all(tied.map((p) => db.delete(propertiesTable).where(eq(propertiesTable.id, p.id))));
    }
  });

  it('defaults to 12 a page', async () => {
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        createProperty(db, listed[0].userId, { title: `Extra ${i}`, price: 3_000_000 + i }),
      ),
    );
    const res = await t.inject({ method: 'GET', url: '/api/properties?search=extra' });
    expect(res.json()).toHaveLength(8);
    const all = await t.inject({ method: 'GET', url: '/api/properties' });
    expect(all.json()).toHaveLength(12);
    expect(Number(all.headers['x-total-count'])).toBe(listed.filter((p) => p.status === 'for_sale').length + 8);
  });

  const bad = [
    'minPrice=-1',
    'maxPrice=-5',
    'minPrice=abc',
    'minPrice=1.5',
    'maxPrice=99999999999',
    'minPrice=2000000&maxPrice=1000000',
    'status=for_free',
    'type=castle',
    'city=Paris',
    'sort=cheapest',
    'limit=100000',
    'limit=0',
    'offset=-3',
    'bedrooms=-1',
    'type=villa&type=studio',
  ];
  it.each(bad)('%s → 400 with a field message', async (qs) => {
    const res = await t.inject({ method: 'GET', url: `/api/properties?${qs}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
  });

  it('reads SQL metacharacters in search as plain text', async () => {
    for (const s of ["'; DELETE FROM properties; --", '%', '_', '\\']) {
      const res = await t.inject({ method: 'GET', url: `/api/properties?search=${encodeURIComponent(s)}` });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(s === '_' ? expect.any(Array) : []);
    }
    const res = await t.inject({ method: 'GET', url: '/api/properties?limit=1' });
    expect(res.json()).toHaveLength(1);
  });
});

const listing = (over: Record<string, unknown> = {}) => ({
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
  features: ['Sea View', 'Gym'],
  imageUrls: [PHOTO],
  permitNumber: '7112345678',
  permitExpiresOn: '2099-12-31',
  ...over,
});

describe('listing a property', () => {
  it('lets a broker list a property that waits for approval, then an admin approves it', async () => {
    const broker = await t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' });
    const visitor = await t.signUp({ role: 'investor' });
    const admin = await t.signInAdmin();
    const created = await t.inject({ method: 'POST', url: '/api/properties', payload: listing(), as: broker });
    expect(created.statusCode, created.body).toBe(201);
    const p = created.json();
    expect(p).toMatchObject({
      userId: broker.user.id,
      isApproved: false,
      approvalStatus: 'pending',
      permitNumber: '7112345678',
      permitExpiresOn: '2099-12-31',
    });

    // Pending: owner and admin see it; nobody else, and it is not listed.
    expect((await t.inject({ method: 'GET', url: `/api/properties/${p.id}`, as: broker })).statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: `/api/properties/${p.id}`, as: admin })).statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: `/api/properties/${p.id}`, as: visitor })).statusCode).toBe(404);
    expect((await t.inject({ method: 'GET', url: `/api/properties/${p.id}` })).statusCode).toBe(404);
    const search = async () =>
      (await t.inject({ method: 'GET', url: '/api/properties?search=bright&limit=60' })).json();
    expect(await search()).toEqual([]);
    const mine = await t.inject({ method: 'GET', url: '/api/properties/mine', as: broker });
    expect(mine.json().map((x: { id: string }) => x.id)).toEqual([p.id]);
    expect(mine.headers['x-total-count']).toBe('1');

    const pending = await t.inject({ method: 'GET', url: '/api/admin/properties/pending', as: admin });
    expect(pending.json().items.map((x: { id: string }) => x.id)).toContain(p.id);

    // Approve: no payload; audited; the owner is told.
    expect(
      (
        await t.inject({
          method: 'PATCH',
          url: `/api/admin/properties/${p.id}/approve`,
          payload: { version: 1 },
          as: broker,
        })
      ).statusCode,
    ).toBe(403);
    const approved = await t.inject({
      method: 'PATCH',
      url: `/api/admin/properties/${p.id}/approve`,
      payload: { version: await versionOf(p.id) },
      as: admin,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ isApproved: true, approvalStatus: 'approved' });
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, p.id), eq(auditLog.action, 'property.approve')));
    expect(audit).toMatchObject({
      actorId: admin.user.id,
      entityType: 'property',
      before: { isApproved: false },
      after: { isApproved: true },
    });
    expect(t.mailer.lastTo(broker.user.email)?.subject).toMatch(/approved/);

    expect((await search()).map((x: { id: string }) => x.id)).toEqual([p.id]);
    const page = await t.inject({ method: 'GET', url: `/api/properties/${p.id}` });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({
      title: listing().title,
      rejectionReason: null,
      contact: { phone: '+971 50 123 4567' },
    });

    // An edit waits for review while the approved listing stays listed.
    const edited = await t.inject({
      method: 'PATCH',
      url: `/api/properties/${p.id}`,
      payload: { price: 1_590_000 },
      as: broker,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      price: 1_650_000,
      isApproved: true,
      approvalStatus: 'approved',
      pendingRevision: { price: 1_590_000 },
    });
    expect((await search()).map((x: { id: string }) => x.id)).toEqual([p.id]);
  });

  it('lets developers list and refuses investors, banking brokers and visitors', async () => {
    const dev = await t.signUp({ role: 'real_estate_developer' });
    expect((await t.inject({ method: 'POST', url: '/api/properties', payload: listing(), as: dev })).statusCode).toBe(
      201,
    );
    for (const role of ['investor', 'banking_broker', 'visitor'] as const) {
      const u = await t.signUp({ role });
      const res = await t.inject({ method: 'POST', url: '/api/properties', payload: listing(), as: u });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('LISTING_ROLE_REQUIRED');
    }
    expect((await t.inject({ method: 'POST', url: '/api/properties', payload: listing() })).statusCode).toBe(401);
  });

  it('requires the Trakheesi permit in Dubai only, and validates every field', async () => {
    const broker = await t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' });
    const noPermit = await t.inject({
      method: 'POST',
      url: '/api/properties',
      payload: listing({ permitNumber: '' }),
      as: broker,
    });
    expect(noPermit.statusCode).toBe(400);
    expect(noPermit.json().errors.permitNumber).toMatch(/permit/i);
    const sharjah = await t.inject({
      method: 'POST',
      url: '/api/properties',
      payload: listing({ city: 'Sharjah', location: 'Al Majaz', permitNumber: null, permitExpiresOn: null }),
      as: broker,
    });
    expect(sharjah.statusCode, sharjah.body).toBe(201);
    // Moving it to Dubai without a permit is refused.
    const move = await t.inject({
      method: 'PATCH',
      url: `/api/properties/${sharjah.json().id}`,
      payload: { city: 'Dubai' },
      as: broker,
    });
    expect(move.statusCode).toBe(400);
    expect(move.json().errors.permitNumber).toMatch(/permit/i);

    const invalid: [Record<string, unknown>, string][] = [
      [{ price: -10 }, 'price'],
      [{ price: 1.5 }, 'price'],
      [{ title: '' }, 'title'],
      [{ propertyType: 'castle' }, 'propertyType'],
      [{ status: 'gone' }, 'status'],
      [{ city: 'Paris' }, 'city'],
      [{ bedrooms: -1 }, 'bedrooms'],
      [{ imageUrls: ['https://evil.example/track.gif'] }, 'imageUrls.0'],
      [{ features: Array.from({ length: 21 }, (_, i) => `f${i}`) }, 'features'],
      [{ permitNumber: '<script>' }, 'permitNumber'],
    ];
    for (const [over, field] of invalid) {
      const res = await t.inject({ method: 'POST', url: '/api/properties', payload: listing(over), as: broker });
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(Object.keys(res.json().errors), JSON.stringify(over)).toContain(field);
    }
  });

  it('lets only the owner edit or delete, and takes the owner from the session', async () => {
    const owner = await t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' });
    const other = await t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' });
    const admin = await t.signInAdmin();
    const created = await t.inject({
      method: 'POST',
      url: '/api/properties',
      payload: { ...listing(), userId: other.user.id },
      as: owner,
    });
    const id = created.json().id;
    expect(created.json().userId).toBe(owner.user.id);
    // Pending: another user cannot even see it.
    expect(
      (await t.inject({ method: 'PATCH', url: `/api/properties/${id}`, payload: { price: 1 }, as: other })).statusCode,
    ).toBe(404);
    await t.inject({
      method: 'PATCH',
      url: `/api/admin/properties/${id}/approve`,
      payload: { version: await versionOf(id) },
      as: admin,
    });
    expect(
      (await t.inject({ method: 'PATCH', url: `/api/properties/${id}`, payload: { price: 1 }, as: other })).statusCode,
    ).toBe(403);
    expect((await t.inject({ method: 'DELETE', url: `/api/properties/${id}`, as: other })).statusCode).toBe(403);
    expect((await t.inject({ method: 'DELETE', url: `/api/properties/${id}` })).statusCode).toBe(401);
    expect((await t.inject({ method: 'DELETE', url: `/api/properties/${id}`, as: owner })).statusCode).toBe(204);
    expect((await t.inject({ method: 'GET', url: `/api/properties/${id}`, as: owner })).statusCode).toBe(404);
    expect((await t.inject({ method: 'GET', url: '/api/properties/not-a-uuid' })).statusCode).toBe(400);
  });

  it('lets an admin reject with a reason the owner sees', async () => {
    const owner = await t.signUp({ role: 'real_estate_developer' });
    const admin = await t.signInAdmin();
    const id = (await t.inject({ method: 'POST', url: '/api/properties', payload: listing(), as: owner })).json().id;
    const noReason = await t.inject({
      method: 'PATCH',
      url: `/api/admin/properties/${id}/reject`,
      payload: {},
      as: admin,
    });
    expect(noReason.statusCode).toBe(400);
    const res = await t.inject({
      method: 'PATCH',
      url: `/api/admin/properties/${id}/reject`,
      payload: { reason: 'Photos are blurry' },
      as: admin,
    });
    expect(res.statusCode).toBe(200);
    const [mine] = (await t.inject({ method: 'GET', url: '/api/properties/mine', as: owner })).json();
    expect(mine).toMatchObject({ approvalStatus: 'rejected', rejectionReason: 'Photos are blurry' });
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'property.reject')));
    expect(audit.after).toMatchObject({ isApproved: false, rejectionReason: 'Photos are blurry' });
    // No longer waiting for review.
    const pending = (
      await t.inject({ method: 'GET', url: '/api/admin/properties/pending?limit=60', as: admin })
    ).json();
    expect(pending.items.map((x: { id: string }) => x.id)).not.toContain(id);
    expect(
      (
        await t.inject({
          method: 'PATCH',
          url: '/api/admin/properties/00000000-0000-4000-8000-000000000000/approve',
          payload: { version: 1 },
          as: admin,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('shows the admin the first 3 pending listings, oldest first, and the total', async () => {
    const admin = await t.signInAdmin();
    const res = await t.inject({ method: 'GET', url: '/api/admin/properties/pending', as: admin });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.items.length).toBeLessThanOrEqual(3);
    expect(body.total).toBeGreaterThanOrEqual(body.items.length);
    // New listings, and approved ones with an edit waiting.
    expect(
      body.items.every(
        (p: { approvalStatus: string; pendingRevision: unknown }) =>
          p.approvalStatus === 'pending' || p.pendingRevision !== null,
      ),
    ).toBe(true);
    const visitor = await t.signUp();
    expect((await t.inject({ method: 'GET', url: '/api/admin/properties/pending', as: visitor })).statusCode).toBe(403);
  });
});
