/** The services catalogue: real filters, "become a provider", the admin's hide switch. */
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, businessServices } from '../../db/schema';
import { createTestApp } from '../../../../tests/helpers/app';

const t = await createTestApp();
const db = t.database.db;

type Row = typeof businessServices.$inferInsert;
const rows: Row[] = [
  {
    name: 'Property Valuation',
    provider: 'Emirates Valuers',
    serviceType: 'company',
    category: 'Real Estate',
    priceTier: 'mid',
    rating: 48,
    reviews: 120,
    features: ['RICS certified', 'Bank accepted', '48h report', 'Site visit'],
    description: 'Bank-accepted valuation reports.',
  },
  {
    name: 'Snagging Inspection',
    provider: 'Snag Pro',
    serviceType: 'company',
    category: 'Real Estate',
    priceTier: 'budget',
    rating: 46,
    reviews: 80,
    features: ['Thermal camera'],
    description: 'Handover snagging in Dubai.',
  },
  {
    name: 'Mortgage Pre-approval',
    provider: 'Home Finance Hub',
    serviceType: 'company',
    category: 'Banking & Finance',
    priceTier: 'budget',
    rating: 49,
    reviews: 300,
    features: ['20+ banks'],
    description: 'Compare rates from UAE banks.',
  },
  {
    name: 'Real Estate Lawyer',
    provider: 'Al Tamimi Partners',
    serviceType: 'lawyer',
    category: 'Legal & Professional',
    priceTier: 'premium',
    rating: 47,
    reviews: 60,
    features: ['RERA disputes'],
    description: 'Contracts and RERA disputes. Café meetings welcome.',
  },
  {
    name: 'Listing Photography',
    provider: 'Lens Media',
    serviceType: 'it_service_provider',
    category: 'Technology & Marketing',
    priceTier: 'mid',
    rating: 45,
    reviews: 40,
    features: ['Drone shots'],
    description: 'Photos and 3D tours.',
  },
  {
    name: 'Hidden Service',
    provider: 'Hidden Co',
    serviceType: 'company',
    category: 'Real Estate',
    priceTier: 'mid',
    rating: 50,
    reviews: 1,
    isApproved: false,
    description: 'Should not show.',
  },
];

beforeAll(async () => {
  await db.insert(businessServices).values(rows);
});

const names = async (qs = '') => {
  const res = await t.inject({ method: 'GET', url: `/api/services?${qs}` });
  expect(res.statusCode, res.body).toBe(200);
  return { names: res.json().map((s: { name: string }) => s.name), total: Number(res.headers['x-total-count']) };
};

describe('GET /api/services', () => {
  it('lists approved entries, newest then by name, with the total and no invented ratings', async () => {
    const all = await names();
    expect(all.names).toEqual([
      'Listing Photography',
      'Mortgage Pre-approval',
      'Property Valuation',
      'Real Estate Lawyer',
      'Snagging Inspection',
    ]);
    expect(all.total).toBe(5);
    const [, second] = (await t.inject({ method: 'GET', url: '/api/services' })).json();
    expect(second).toMatchObject({ provider: 'Home Finance Hub', priceTier: 'budget' });
    expect(second).not.toHaveProperty('rating');
    expect(second).not.toHaveProperty('reviews');
  });

  it('filters by tab, category, price range and search, together', async () => {
    expect((await names('tab=real_estate')).names).toEqual(['Property Valuation', 'Snagging Inspection']);
    expect((await names('tab=banking')).names).toEqual(['Mortgage Pre-approval']);
    expect((await names('tab=legal')).names).toEqual(['Real Estate Lawyer']);
    expect((await names('tab=technology')).names).toEqual(['Listing Photography']);
    expect((await names('tab=all')).total).toBe(5);
    expect((await names('category=Banking%20%26%20Finance')).names).toEqual(['Mortgage Pre-approval']);
    expect((await names('priceTier=budget')).names).toEqual(['Mortgage Pre-approval', 'Snagging Inspection']);
    expect((await names('priceTier=all')).total).toBe(5);
    expect((await names('priceTier=mid&tab=real_estate')).names).toEqual(['Property Valuation']);
    expect((await names('search=rera')).names).toEqual(['Real Estate Lawyer']);
    expect((await names('search=CAFE')).names).toEqual(['Real Estate Lawyer']);
    expect((await names('search=drone')).names).toEqual(['Listing Photography']);
    expect((await names('search=%25')).names).toEqual([]);
    expect((await names('search=nothing-like-this')).names).toEqual([]);
  });

  it.each(['tab=sports', 'category=Food', 'priceTier=free', 'limit=100000', 'offset=-1'])('%s → 400', async (qs) => {
    const res = await t.inject({ method: 'GET', url: `/api/services?${qs}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
  });
});

const service = (over: Record<string, unknown> = {}) => ({
  name: 'Golden Visa Consulting',
  provider: 'Visa Desk DXB',
  serviceType: 'company',
  category: 'Legal & Professional',
  description: 'Golden visa applications for property investors.',
  features: ['Property route', 'Family sponsorship'],
  priceLabel: 'From AED 3,500',
  priceTier: 'mid',
  contactInfo: { phone: '+971 4 000 0000', email: 'hello@visadesk.ae', website: 'https://visadesk.ae' },
  ...over,
});

describe('becoming a provider and hiding a service', () => {
  it('publishes a signed-in user’s service at once; an admin can hide and show it, audited', async () => {
    expect((await t.inject({ method: 'POST', url: '/api/services', payload: service() })).statusCode).toBe(401);
    const user = await t.signUp({ role: 'investor' });
    const created = await t.inject({
      method: 'POST',
      url: '/api/services',
      payload: { ...service(), isApproved: false, createdBy: 'x' },
      as: user,
    });
    expect(created.statusCode, created.body).toBe(201);
    const s = created.json();
    expect(s).toMatchObject({ isApproved: true, createdBy: user.user.id });
    expect((await names('tab=legal')).names).toContain('Golden Visa Consulting');

    const admin = await t.signInAdmin();
    expect(
      (
        await t.inject({
          method: 'PATCH',
          url: `/api/admin/services/${s.id}/hide`,
          payload: { hidden: true },
          as: user,
        })
      ).statusCode,
    ).toBe(403);
    const hide = await t.inject({
      method: 'PATCH',
      url: `/api/admin/services/${s.id}/hide`,
      payload: { hidden: true },
      as: admin,
    });
    expect(hide.statusCode).toBe(200);
    expect(hide.json().isApproved).toBe(false);
    expect((await names('tab=legal')).names).not.toContain('Golden Visa Consulting');
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, s.id), eq(auditLog.action, 'service.hide')));
    expect(audit).toMatchObject({ actorId: admin.user.id, before: { isApproved: true }, after: { isApproved: false } });
    const adminList = await t.inject({ method: 'GET', url: '/api/admin/services?search=golden', as: admin });
    expect(adminList.json().map((x: { id: string }) => x.id)).toEqual([s.id]);

    await t.inject({ method: 'PATCH', url: `/api/admin/services/${s.id}/hide`, payload: { hidden: false }, as: admin });
    expect((await names('tab=legal')).names).toContain('Golden Visa Consulting');
    expect(
      (await t.inject({ method: 'PATCH', url: `/api/admin/services/${s.id}/hide`, payload: {}, as: admin })).statusCode,
    ).toBe(400);
    expect(
      (
        await t.inject({
          method: 'PATCH',
          url: '/api/admin/services/00000000-0000-4000-8000-000000000000/hide',
          payload: { hidden: true },
          as: admin,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('validates the form with field messages', async () => {
    const user = await t.signUp();
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, 'name'],
      [{ category: 'Food' }, 'category'],
      [{ serviceType: 'chef' }, 'serviceType'],
      [{ description: 'short' }, 'description'],
      [{ priceTier: 'free' }, 'priceTier'],
      [{ contactInfo: { website: 'javascript:alert(1)' } }, 'contactInfo.website'],
      [{ imageUrl: 'https://tracker.example/p.gif' }, 'imageUrl'],
    ];
    for (const [over, field] of cases) {
      const res = await t.inject({ method: 'POST', url: '/api/services', payload: service(over), as: user });
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(Object.keys(res.json().errors)).toContain(field);
    }
  });
});

describe('the catalogue in Arabic', () => {
  it('keeps a provider’s Arabic text beside the English, finds the entry by it, and stores nothing for empty fields', async () => {
    const user = await t.signUp();
    const created = await t.inject({
      method: 'POST',
      url: '/api/services',
      payload: service({
        name: 'Tenancy Dispute Advice',
        translations: {
          ar: { name: 'استشارات نزاعات الإيجار', provider: '', description: 'محامون للنزاعات الإيجارية.' },
        },
      }),
      as: user,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().translations).toEqual({
      ar: { name: 'استشارات نزاعات الإيجار', description: 'محامون للنزاعات الإيجارية.' },
    });
    const found = await t.inject({
      method: 'GET',
      url: `/api/services?search=${encodeURIComponent('نزاعات الإيجار')}`,
    });
    expect(found.json().map((s: { name: string }) => s.name)).toEqual(['Tenancy Dispute Advice']);

    const plain = await t.inject({
      method: 'POST',
      url: '/api/services',
      payload: service({ name: 'English Only Service', translations: { ar: { name: ' ', description: '' } } }),
      as: user,
    });
    expect(plain.statusCode, plain.body).toBe(201);
    expect(plain.json().translations).toEqual({});
    const tooLong = await t.inject({
      method: 'POST',
      url: '/api/services',
      payload: service({ translations: { ar: { name: 'ا'.repeat(201) } } }),
      as: user,
    });
    expect(tooLong.statusCode).toBe(400);
    expect(Object.keys(tooLong.json().errors)).toContain('translations.ar.name');
  });

  it('answers the demo catalogue with Arabic for every entry', async () => {
    const { seedServices } = await import('../../db/seed/services');
    const seeded = await createTestApp();
    {
      await seedServices(seeded.app.ctx, {} as never);
      const list = (await seeded.inject({ method: 'GET', url: '/api/services' })).json() as {
        name: string;
        translations: { ar?: { name?: string; features?: string[] } };
      }[];
      expect(list.length).toBeGreaterThanOrEqual(14);
      for (const s of list) {
        expect(s.translations.ar?.name, s.name).toMatch(/[\u0600-\u06FF]/);
        expect(s.translations.ar?.features?.length, s.name).toBeGreaterThan(0);
      }
      const legal = await seeded.inject({
        method: 'GET',
        url: `/api/services?search=${encodeURIComponent('القانونية')}`,
      });
      expect(legal.json().map((s: { name: string }) => s.name)).toContain('Real Estate Legal Counsel');

      // Synonyms in both languages find what the catalogue calls otherwise.
      const names = async (search: string) =>
        (
          (
            await seeded.inject({ method: 'GET', url: `/api/services?search=${encodeURIComponent(search)}` })
          ).json() as {
            name: string;
          }[]
        ).map((s) => s.name);
      for (const word of ['lawyer', 'محامي', 'مستشار قانوني']) {
        expect(await names(word), word).toContain('Real Estate Legal Counsel');
      }
      expect(await names('home loan')).toContain('Mortgage Advisory');
      expect(await names('bank account for my company')).toContain('Business Banking Setup');
      expect(await names('lawyer')).not.toContain('Mortgage Advisory');
    }
  });
});

describe('the admin edits an entry in English and Arabic', () => {
  const text = (over: Record<string, unknown> = {}) => ({
    name: 'Property Valuation',
    provider: 'Emirates Valuers',
    description: 'Bank-accepted valuation reports.',
    features: ['RICS certified', 'Bank accepted'],
    priceLabel: 'From AED 2,500',
    translations: { ar: { name: 'تقييم العقارات', provider: 'مقيمو الإمارات', features: ['معتمد من RICS'] } },
    ...over,
  });

  it('saves both languages, the public catalogue shows the Arabic, and the change is audited', async () => {
    const [entry] = await db.select().from(businessServices).where(eq(businessServices.name, 'Property Valuation'));
    const admin = await t.signInAdmin();
    const res = await t.inject({ method: 'PATCH', url: `/api/admin/services/${entry.id}`, payload: text(), as: admin });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Property Valuation', priceLabel: 'From AED 2,500' });

    // A visitor reading Arabic gets the admin's Arabic from the public catalogue.
    const pub = await t.inject({
      method: 'GET',
      url: '/api/services?tab=real_estate',
      headers: { 'accept-language': 'ar' },
    });
    const shown = pub.json().find((s: { id: string }) => s.id === entry.id);
    expect(shown.translations.ar).toEqual({
      name: 'تقييم العقارات',
      provider: 'مقيمو الإمارات',
      features: ['معتمد من RICS'],
    });
    expect(shown.features).toEqual(['RICS certified', 'Bank accepted']);
    const found = await t.inject({ method: 'GET', url: `/api/services?search=${encodeURIComponent('تقييم')}` });
    expect(found.json().map((s: { id: string }) => s.id)).toContain(entry.id);

    // A second edit can change the English and empty an Arabic field (it then shows in English).
    const again = await t.inject({
      method: 'PATCH',
      url: `/api/admin/services/${entry.id}`,
      payload: text({
        name: 'Property Valuation Reports',
        translations: { ar: { name: 'تقارير تقييم', provider: '' } },
      }),
      as: admin,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().name).toBe('Property Valuation Reports');
    expect(again.json().translations).toEqual({ ar: { name: 'تقارير تقييم' } });
    const audits = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, entry.id), eq(auditLog.action, 'service.edit')));
    expect(audits).toHaveLength(2);
    expect(audits.map((a) => a.actorId)).toEqual([admin.user.id, admin.user.id]);
  });

  it('answers 401 signed out, 403 to a signed-in non-admin (even the provider), 404 for no entry', async () => {
    const user = await t.signUp();
    const created = await t.inject({ method: 'POST', url: '/api/services', payload: service(), as: user });
    const id = created.json().id;
    const edit = { name: 'Hijacked', provider: 'Hijacked', description: 'Hijacked description.', translations: {} };
    expect((await t.inject({ method: 'PATCH', url: `/api/admin/services/${id}`, payload: edit })).statusCode).toBe(401);
    const denied = await t.inject({ method: 'PATCH', url: `/api/admin/services/${id}`, payload: edit, as: user });
    expect(denied.statusCode).toBe(403);
    const [row] = await db.select().from(businessServices).where(eq(businessServices.id, id));
    expect(row.name).toBe('Golden Visa Consulting');
    const admin = await t.signInAdmin();
    const missing = await t.inject({
      method: 'PATCH',
      url: '/api/admin/services/00000000-0000-4000-8000-000000000000',
      payload: edit,
      as: admin,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('refuses bad input with a message per field and changes nothing', async () => {
    const [entry] = await db.select().from(businessServices).where(eq(businessServices.name, 'Snagging Inspection'));
    const admin = await t.signInAdmin();
    const res = await t.inject({
      method: 'PATCH',
      url: `/api/admin/services/${entry.id}`,
      payload: text({
        name: '',
        description: 'short',
        translations: { ar: { name: 'ا'.repeat(201), features: ['x'.repeat(81)] } },
      }),
      as: admin,
    });
    expect(res.statusCode).toBe(400);
    const { errors } = res.json();
    expect(errors).toMatchObject({
      name: 'Service name is required',
      description: 'Description must be at least 10 characters',
      'translations.ar.name': 'Arabic service name must be at most 200 characters',
    });
    expect(Object.keys(errors)).toContain('translations.ar.features.0');
    const [after] = await db.select().from(businessServices).where(eq(businessServices.id, entry.id));
    expect(after.name).toBe('Snagging Inspection');
    expect(after.translations).toEqual({});
  });
});
