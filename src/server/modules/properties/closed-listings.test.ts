/**
 * Sold and let listings: gone from the public list, search, the sitemap and the public figures
 * at once; their own page still answers, says what they are and asks search engines to drop it;
 * an owner marking a listed unit sold takes it down without waiting for review.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../tests/helpers/app';
import { createOwner, createProperty } from '../../../../tests/helpers/discovery';
import { properties } from '../../db/schema';

const t = await createTestApp();
const db = t.database.db;

const listIds = async (query: string) => {
  const res = await t.inject({ method: 'GET', url: `/api/properties?limit=60&${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return { ids: (res.json() as { id: string }[]).map((p) => p.id), total: Number(res.headers['x-total-count']) };
};

describe('a sold or let listing', () => {
  it('leaves the public list, search and the sitemap, but its own page says what it is', async () => {
    const owner = await createOwner(db, { role: 'real_estate_broker' });
    const open = await createProperty(db, owner.id, { title: 'Qurmtower apartment', status: 'for_sale' });
    const let_ = await createProperty(db, owner.id, { title: 'Qurmtower flat let', status: 'for_rent' });
    const sold = await createProperty(db, owner.id, { title: 'Qurmtower penthouse', status: 'sold' });
    const rented = await createProperty(db, owner.id, { title: 'Qurmtower villa', status: 'rented' });

    // The list, whichever status is asked for.
    expect((await listIds('search=Qurmtower')).ids).toEqual([open.id]);
    expect((await listIds('search=Qurmtower&status=for_rent')).ids).toEqual([let_.id]);
    expect(await listIds('search=Qurmtower&status=sold')).toEqual({ ids: [], total: 0 });
    expect(await listIds('search=Qurmtower&status=rented')).toEqual({ ids: [], total: 0 });

    // Search.
    const search = await t.inject({ method: 'GET', url: '/api/search?q=Qurmtower' });
    expect(search.statusCode, search.body).toBe(200);
    const found = (search.json().properties as { id: string }[]).map((p) => p.id);
    expect(found).toContain(open.id);
    expect(found).not.toContain(sold.id);
    expect(found).not.toContain(rented.id);

    // The sitemap.
    const sitemap = await t.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.body).toContain(`/properties/${open.id}</loc>`);
    expect(sitemap.body).not.toContain(sold.id);
    expect(sitemap.body).not.toContain(rented.id);

    // Its own data: still there, saying sold (the page's noindex is tested with the built pages).
    const detail = await t.inject({ method: 'GET', url: `/api/properties/${sold.id}` });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().status).toBe('sold');
  });

  it('comes down at once when its owner marks it sold; back on the market only after review', async () => {
    const broker = await t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' });
    // In Dubai without a permit number (listed before permits were asked): marking it sold must
    // not be held up by the permit an ad needs.
    const unit = await createProperty(db, broker.user.id, {
      title: 'Zahrabay townhouse',
      status: 'for_sale',
      city: 'Dubai',
      permitNumber: null,
    });
    expect((await listIds('search=Zahrabay')).ids).toEqual([unit.id]);

    const marked = await t.inject({
      method: 'PATCH',
      url: `/api/properties/${unit.id}`,
      as: broker,
      payload: { status: 'sold', price: 2_500_000 },
    });
    expect(marked.statusCode, marked.body).toBe(200);
    // Sold now, not waiting for an admin; the other change still waits for review.
    expect(marked.json()).toMatchObject({ status: 'sold', isApproved: true, pendingRevision: { price: 2_500_000 } });
    expect((await listIds('search=Zahrabay')).ids).toEqual([]);

    // Back on the market it is an ad again: it needs its permit, then an admin's review.
    const noPermit = await t.inject({
      method: 'PATCH',
      url: `/api/properties/${unit.id}`,
      as: broker,
      payload: { status: 'for_sale' },
    });
    expect(noPermit.statusCode).toBe(400);
    expect(noPermit.json().errors).toHaveProperty('permitNumber');
    const back = await t.inject({
      method: 'PATCH',
      url: `/api/properties/${unit.id}`,
      as: broker,
      payload: { status: 'for_sale', permitNumber: '7123456789', permitExpiresOn: '2099-12-31' },
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({
      status: 'sold',
      pendingRevision: {
        status: 'for_sale',
        price: 2_500_000,
        permitNumber: '7123456789',
        permitExpiresOn: '2099-12-31',
        permitAuthority: 'trakheesi',
      },
    });
    expect((await listIds('search=Zahrabay')).ids).toEqual([]);

    const admin = await t.signInAdmin();
    const [{ version }] = await db
      .select({ version: properties.version })
      .from(properties)
      .where(eq(properties.id, unit.id));
    const approved = await t.inject({
      method: 'PATCH',
      url: `/api/admin/properties/${unit.id}/approve`,
      as: admin,
      payload: { version },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({
      status: 'for_sale',
      price: 2_500_000,
      permitNumber: '7123456789',
      permitAuthority: 'trakheesi',
      offMarket: null,
    });
    expect((await listIds('search=Zahrabay')).ids).toEqual([unit.id]);
  });
});
