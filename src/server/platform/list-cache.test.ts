/**
 * The public lists are served from a short-lived cache, yet a visitor never sees a list
 * older than the last committed change, whoever made it (this process, another one, a script).
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../tests/helpers/app';
import { createCard, createOwner, createProperty } from '../../../tests/helpers/discovery';
import { businessCards, properties, users } from '../db/schema';
import { createListCache, queryKey, readListVersion } from './list-cache';

const t = await createTestApp();
const db = t.database.db;

const names = async (url: string) => {
  const res = await t.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  return (res.json() as { name: string }[]).map((c) => c.name);
};

describe('the public list cache', () => {
  it('shows an approval, a hidden card and a suspended owner at once, even when made outside the app', async () => {
    const owner = await createOwner(db, { role: 'real_estate_broker' });
    const card = await createCard(db, owner.id, { name: 'Cached Carla', area: 'Al Barsha' });
    const url = '/api/business-cards/public?search=Carla';
    expect(await names(url)).toEqual(['Cached Carla']);
    expect(await names(url)).toEqual(['Cached Carla']); // served from the cache

    // A write through the database alone (as another process or a script would make it).
    await db.update(businessCards).set({ isPublic: false }).where(eq(businessCards.id, card.id));
    expect(await names(url)).toEqual([]);
    await db.update(businessCards).set({ isPublic: true }).where(eq(businessCards.id, card.id));
    expect(await names(url)).toEqual(['Cached Carla']);
    await db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, owner.id));
    expect(await names(url)).toEqual([]);
  });

  it('answers the same JSON and total from the cache as from the database', async () => {
    const owner = await createOwner(db, { role: 'real_estate_broker' });
    for (const title of ['Cache villa one', 'Cache villa two', 'Cache villa three']) {
      await createProperty(db, owner.id, { title, isApproved: true, city: 'Dubai' });
    }
    const url = '/api/properties?search=Cache%20villa&limit=2';
    const first = await t.inject({ method: 'GET', url });
    const second = await t.inject({ method: 'GET', url });
    expect(first.statusCode).toBe(200);
    expect(second.body).toBe(first.body);
    expect(first.headers['x-total-count']).toBe('3');
    expect(second.headers['x-total-count']).toBe('3');
    expect((first.json() as unknown[]).length).toBe(2);

    const [one] = await db.select().from(properties).where(eq(properties.title, 'Cache villa one'));
    await db.update(properties).set({ isApproved: false }).where(eq(properties.id, one.id));
    const after = await t.inject({ method: 'GET', url });
    expect(after.headers['x-total-count']).toBe('2');
  });

  it('makes a page once for many visitors at the same time, and a card view changes no list', async () => {
    const owner = await createOwner(db, { role: 'real_estate_broker' });
    const card = await createCard(db, owner.id, { name: 'Busy Bilal' });
    const cache = createListCache(db);
    let made = 0;
    const make = async () => {
      made++;
      return { body: JSON.stringify([card.name]), total: 1 };
    };
    const key = queryKey('directory', { search: 'Bilal', limit: 12 });
    const pages = await Promise.all(Array.from({ length: 40 }, () => cache.get(key, make)));
    expect(made).toBe(1);
    expect(new Set(pages.map((p) => p.body)).size).toBe(1);

    // Opening the card counts a view (its counters change, nothing any list shows).
    const before = await readListVersion(db);
    const view = await t.inject({ method: 'GET', url: `/api/business-cards/${card.id}` });
    expect(view.statusCode).toBe(200);
    expect(await readListVersion(db)).toBe(before);
    await cache.get(key, make);
    expect(made).toBe(1);

    // The same filters in another order are the same entry; a change to the card is a new one.
    await cache.get(queryKey('directory', { limit: 12, search: 'Bilal' }), make);
    expect(made).toBe(1);
    await db.update(businessCards).set({ company: 'Busy Homes' }).where(eq(businessCards.id, card.id));
    expect(await readListVersion(db)).toBe(before + 1);
    await cache.get(key, make);
    expect(made).toBe(2);
  });

  it('moves the version once per transaction, when it commits, and not at all when it rolls back', async () => {
    const owner = await createOwner(db, { role: 'real_estate_broker' });
    const a = await createCard(db, owner.id, { name: 'Tx One' });
    const b = await createCard(db, owner.id, { name: 'Tx Two' });
    const before = await readListVersion(db);
    await db.transaction(async (tx) => {
      await tx.update(businessCards).set({ company: 'One' }).where(eq(businessCards.id, a.id));
      await tx.update(businessCards).set({ company: 'Two' }).where(eq(businessCards.id, b.id));
      await tx.update(users).set({ firstName: 'Tess' }).where(eq(users.id, owner.id));
    });
    expect(await readListVersion(db)).toBe(before + 1);
    await db
      .transaction(async (tx) => {
        await tx.update(businessCards).set({ company: 'Never' }).where(eq(businessCards.id, a.id));
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect(await readListVersion(db)).toBe(before + 1);
  });
});
