/**
 * The demo data as a visitor meets it: at least 60 listed cards and 60 approved
 * listings spread over the emirates, with photos that are really served; the services
 * catalogue over its four categories.
 */
import { describe, expect, it } from 'vitest';
import { SERVICE_CATEGORIES } from '../../../core/enums';
import { seedDemo } from '../../db/seed';
import { createTestApp } from '../../../../tests/helpers/app';

const t = await createTestApp();
await seedDemo(t.app.ctx, { info() {} });

const get = async (url: string) => {
  const res = await t.inject({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return { body: res.json(), total: Number(res.headers['x-total-count']) };
};

describe('demo data', () => {
  it('carries every demo listing in Arabic too: title, description and features', async () => {
    const all = [
      ...(await get('/api/properties?limit=60')).body,
      ...(await get('/api/properties?status=for_rent&limit=60')).body,
    ] as {
      title: string;
      features: string[];
      translations: { ar?: { title?: string; description?: string; features?: string[] } };
    }[];
    expect(all.length).toBeGreaterThan(40);
    for (const p of all) {
      const ar = p.translations.ar;
      expect(ar?.title, p.title).toMatch(/^[\u0600-\u06FF]/);
      expect(ar?.title, p.title).not.toMatch(/[A-Za-z]/);
      expect(ar?.description, p.title).toMatch(/[\u0600-\u06FF]/);
      expect(ar?.features?.length, p.title).toBe(p.features.length);
      for (const f of ar?.features ?? []) expect(f, p.title).not.toMatch(/[A-Za-z]/);
    }
  });

  it('lists at least 60 professionals over every role and the four directory cities', async () => {
    expect((await get('/api/business-cards/public')).total).toBeGreaterThanOrEqual(60);
    for (const role of ['broker', 'banking_broker', 'developer', 'investor']) {
      expect((await get(`/api/business-cards/public?role=${role}`)).total, role).toBeGreaterThan(0);
    }
    for (const city of ['Dubai', 'Abu Dhabi', 'Sharjah', 'Ajman']) {
      expect((await get(`/api/business-cards/public?city=${encodeURIComponent(city)}`)).total, city).toBeGreaterThan(0);
    }
  });

  it('has at least 60 approved listings for sale and rent over the emirates, with served photos', async () => {
    const sale = await get('/api/properties?limit=60');
    const rent = await get('/api/properties?status=for_rent&limit=60');
    expect(sale.total + rent.total).toBeGreaterThanOrEqual(60);
    expect(rent.total).toBeGreaterThan(5);
    const all = [...sale.body, ...rent.body];
    expect(new Set(all.map((p: { city: string }) => p.city)).size).toBeGreaterThanOrEqual(4);
    expect(new Set(all.map((p: { propertyType: string }) => p.propertyType)).size).toBeGreaterThanOrEqual(6);
    const prices = all.map((p: { price: number }) => p.price);
    expect(Math.min(...prices)).toBeLessThan(100_000);
    expect(Math.max(...prices)).toBeGreaterThan(10_000_000);
    for (const p of all) {
      expect(p.imageUrls.length).toBeGreaterThan(0);
      if (p.city === 'Dubai') expect(p.permitNumber).toMatch(/^\d{10}$/);
    }
    const photo = await t.inject({ method: 'GET', url: all[0].imageUrls[0] });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/webp');
    const admin = await t.signInAdmin();
    const pending = await t.inject({ method: 'GET', url: '/api/admin/properties/pending', as: admin });
    expect(pending.json().total).toBeGreaterThanOrEqual(3);
  });

  it('has the services catalogue over the four categories', async () => {
    const { body, total } = await get('/api/services');
    expect(total).toBeGreaterThanOrEqual(10);
    expect(new Set(body.map((s: { category: string }) => s.category))).toEqual(new Set(SERVICE_CATEGORIES));
  });
});
