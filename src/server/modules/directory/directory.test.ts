/**
 * GET /api/business-cards/public: listing rules, every filter under every sort and
 * page size checked against the inserted rows, search behaviour and bad filter values.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { UserRole } from '../../../core/enums';
import { foldText } from '../../../core/search/normalize';
import { type BusinessCard, businessCards, users } from '../../db/schema';
import { createTestApp } from '../../../../tests/helpers/app';
import {
  createCard,
  createOwner,
  minutesAgo,
  type CardOptions,
  type OwnerOptions,
} from '../../../../tests/helpers/discovery';

const t = await createTestApp();
const db = t.database.db;

interface Listed {
  card: BusinessCard;
  role: UserRole;
}
const listed: Listed[] = [];
const unlisted: string[] = [];
let minute = 1000;

async function add(owner: OwnerOptions, card: CardOptions, isListed = true) {
  minute -= 10;
  const user = await createOwner(db, owner);
  const row = await createCard(db, user.id, { createdAt: minutesAgo(minute), ...card });
  if (isListed) listed.push({ card: row, role: user.role });
  else unlisted.push(row.id);
  return row;
}

const broker = { role: 'real_estate_broker' } as const;
const banking = { role: 'banking_broker', subscriptionStatus: 'active' } as const;
const developer = { role: 'real_estate_developer', subscriptionStatus: 'inactive' } as const;
const investor = { role: 'investor', subscriptionStatus: 'inactive' } as const;

beforeAll(async () => {
  await add(broker, {
    name: 'Ahmed Al Mansoori',
    company: 'Marina Homes',
    area: 'Dubai Marina',
    languages: ['arabic', 'english'],
    nationality: 'uae',
    roleTitle: 'off_plan_projects',
    licenseVerified: true,
  });
  await add(broker, {
    name: 'Sara Haddad',
    area: 'Downtown Dubai',
    languages: ['english', 'french'],
    nationality: 'lebanese',
    roleTitle: 'residential_sales',
    professionalBio: 'Café owner turned broker.',
  });
  await add(broker, {
    name: 'Rahul Mehta',
    emirate: 'abu_dhabi',
    area: 'Saadiyat Island',
    languages: ['hindi', 'english'],
    nationality: 'indian',
    roleTitle: 'residential_leasing',
  });
  await add(broker, {
    name: 'Zoë Laurent',
    emirate: 'sharjah',
    officeAddress: 'Office 12, Al Majaz, Sharjah',
    languages: ['french'],
    nationality: 'other',
    roleTitle: 'commercial_sales',
    licenseVerified: true,
  });
  await add(banking, {
    name: 'فاطمة الهاشمي',
    profession: 'مستشارة تمويل عقاري',
    bankName: 'emirates_nbd',
    roleTitle: 'home_loans',
    languages: ['arabic'],
    nationality: 'uae',
    area: 'Business Bay',
  });
  await add(banking, {
    name: 'Omar Khalid',
    profession: 'Mortgage Advisor',
    emirate: 'ajman',
    bankName: 'adcb',
    roleTitle: 'personal_loans',
    languages: ['arabic', 'urdu'],
    nationality: 'pakistani',
  });
  await add(developer, {
    name: 'Rashid Al Mazrouei',
    profession: 'Developer',
    company: 'Creek Developments',
    area: 'Dubai Creek Harbour',
    propertySpecialization: ['luxury_developments', 'mixed_use'],
    languages: ['arabic', 'english'],
    nationality: 'uae',
  });
  await add(developer, {
    name: 'Li Wei',
    profession: 'Developer',
    emirate: 'abu_dhabi',
    propertySpecialization: ['residential_apartments'],
    languages: ['chinese', 'english'],
  });
  await add(investor, {
    name: 'Carlos Mendez',
    profession: 'Investor',
    languages: ['spanish', 'english'],
    emirate: 'dubai',
    investmentInterests: ['real_estate'],
  });
  // Written in English, with its Arabic under translations.
  await add(broker, {
    name: 'Yousef Karim',
    profession: 'Leasing Manager',
    emirate: 'ajman',
    languages: ['english'],
    primaryLanguage: 'en',
    translations: { ar: { name: 'يوسف كريم', profession: 'مدير تأجير', company: 'بيوت عجمان' } },
  });
  await add(investor, { name: 'Olga Ivanova', profession: 'Investor', emirate: 'sharjah', languages: ['russian'] });
  await add(broker, {
    name: 'Priya Nair',
    company: 'Nair_Realty',
    area: 'JVC',
    professionalBio: 'Closing rate 100% in JVC.',
    languages: ['tamil', 'english'],
    nationality: 'indian',
    roleTitle: 'property_management',
  });
  await add(
    { ...broker, subscriptionPeriodEnd: new Date(Date.now() + 86_400_000) },
    {
      name: 'Daniel Fischer',
      area: 'JBR',
      languages: ['german', 'english'],
      nationality: 'other',
      roleTitle: 'investment_advisory',
    },
  );
  await add(broker, { name: 'Emily Carter', emirate: null, area: null, languages: [], nationality: 'british' });
  await add(
    { ...banking, firstName: 'Same' },
    {
      name: 'Emily Carter',
      profession: 'Mortgage Advisor',
      emirate: 'dubai',
      bankName: 'hsbc_uae',
      roleTitle: 'home_loans',
      languages: ['english'],
    },
  );
  // Not listed: one reason each.
  await add(broker, { name: 'Pending Person', status: 'pending', isPublic: false }, false);
  await add(broker, { name: 'Rejected Person', status: 'rejected', isPublic: false }, false);
  await add(broker, { name: 'Hidden Person', isPublic: false }, false);
  await add({ ...broker, suspendedAt: new Date() }, { name: 'Suspended Person' }, false);
  await add({ ...broker, deletedAt: new Date() }, { name: 'Deleted Person' }, false);
  await add({ ...broker, cardVisibility: 'private' }, { name: 'Private Person' }, false);
  await add({ ...broker, subscriptionStatus: 'inactive' }, { name: 'Unpaid Person' }, false);
  await add({ ...broker, subscriptionPeriodEnd: new Date(Date.now() - 86_400_000) }, { name: 'Expired Person' }, false);
  await add({ ...banking, subscriptionStatus: 'past_due' }, { name: 'Past Due Person' }, false);
});

const ROLE_ORDER: Record<string, number> = {
  real_estate_broker: 1,
  banking_broker: 2,
  real_estate_developer: 3,
  investor: 4,
};
const EMIRATE_ORDER = ['dubai', 'abu_dhabi', 'sharjah', 'ajman', 'ras_al_khaimah', 'fujairah', 'umm_al_quwain'];
const fold = (s: string | null) => (s === null ? null : foldText(s));
const cmp = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);
const nullsLast = (a: string | number | null, b: string | number | null) =>
  a === null && b === null ? 0 : a === null ? 1 : b === null ? -1 : cmp(a, b);
const byName = (a: Listed, b: Listed) =>
  cmp(fold(a.card.name) ?? '', fold(b.card.name) ?? '') || cmp(a.card.id, b.card.id);

const SORTS: Record<string, (a: Listed, b: Listed) => number> = {
  newest: (a, b) => cmp(b.card.createdAt.getTime(), a.card.createdAt.getTime()) || cmp(b.card.id, a.card.id),
  name: byName,
  role: (a, b) => cmp(ROLE_ORDER[a.role], ROLE_ORDER[b.role]) || byName(a, b),
  location: (a, b) =>
    nullsLast(
      a.card.emirate ? EMIRATE_ORDER.indexOf(a.card.emirate) : null,
      b.card.emirate ? EMIRATE_ORDER.indexOf(b.card.emirate) : null,
    ) ||
    nullsLast(fold(a.card.area), fold(b.card.area)) ||
    byName(a, b),
};

const has = (l: Listed, name: string) => l.card.name === name;
const CASES: [Record<string, string>, (l: Listed) => boolean][] = [
  [{}, () => true],
  [{ role: 'broker' }, (l) => l.role === 'real_estate_broker'],
  [{ role: 'banking_broker' }, (l) => l.role === 'banking_broker'],
  [{ role: 'developer' }, (l) => l.role === 'real_estate_developer'],
  [{ role: 'investor' }, (l) => l.role === 'investor'],
  [{ language: 'arabic' }, (l) => l.card.languages.includes('arabic')],
  [{ language: 'french' }, (l) => l.card.languages.includes('french')],
  [{ city: 'Dubai' }, (l) => l.card.emirate === 'dubai'],
  [{ city: 'Abu Dhabi' }, (l) => l.card.emirate === 'abu_dhabi'],
  [{ city: 'sharjah' }, (l) => l.card.emirate === 'sharjah'],
  [{ city: 'Ajman' }, (l) => l.card.emirate === 'ajman'],
  [{ location: 'Dubai Marina' }, (l) => l.card.area === 'Dubai Marina'],
  [{ location: 'al majaz' }, (l) => has(l, 'Zoë Laurent')],
  [{ nationality: 'uae' }, (l) => l.card.nationality === 'uae'],
  [{ specialization: 'home_loans' }, (l) => l.card.roleTitle === 'home_loans'],
  [{ specialization: 'mixed_use' }, (l) => l.card.propertySpecialization.includes('mixed_use')],
  [{ verified: 'true' }, (l) => l.card.licenseVerified],
  [{ bank: 'adcb' }, (l) => l.card.bankName === 'adcb'],
  [{ search: 'broker' }, (l) => /broker/i.test(`${l.card.profession} ${l.card.professionalBio ?? ''}`)],
  [{ search: 'emily' }, (l) => has(l, 'Emily Carter')],
  [
    { role: 'broker', language: 'english', city: 'Dubai' },
    (l) => l.role === 'real_estate_broker' && l.card.languages.includes('english') && l.card.emirate === 'dubai',
  ],
  [{ role: 'investor', city: 'Sharjah', language: 'russian' }, (l) => has(l, 'Olga Ivanova')],
  [{ role: 'developer', search: 'creek' }, (l) => has(l, 'Rashid Al Mazrouei')],
];

async function allPages(query: Record<string, string>, limit: number) {
  const ids: string[] = [];
  let total = -1;
  for (let offset = 0; offset < 200; offset += limit) {
    const qs = new URLSearchParams({ ...query, limit: String(limit), offset: String(offset) });
    const res = await t.inject({ method: 'GET', url: `/api/business-cards/public?${qs}` });
    expect(res.statusCode, res.body).toBe(200);
    const page: { id: string }[] = res.json();
    total = Number(res.headers['x-total-count']);
    ids.push(...page.map((c) => c.id));
    if (page.length < limit) break;
  }
  return { ids, total };
}

/** Every page through X-Next-Cursor (keyset paging): the ids in order and the first page's total. */
async function cursorPages(query: Record<string, string>, limit: number) {
  const ids: string[] = [];
  let total = -1;
  let after: string | undefined;
  for (let n = 0; n < 200; n++) {
    const qs = new URLSearchParams({ ...query, limit: String(limit), ...(after ? { after } : {}) });
    const res = await t.inject({ method: 'GET', url: `/api/business-cards/public?${qs}` });
    expect(res.statusCode, res.body).toBe(200);
    if (!after) total = Number(res.headers['x-total-count']);
    else expect(res.headers['x-total-count']).toBeUndefined();
    const page: { id: string }[] = res.json();
    ids.push(...page.map((c) => c.id));
    after = res.headers['x-next-cursor'] as string | undefined;
    // A cursor comes only with a full page that has more after it.
    if (after) expect(page).toHaveLength(limit);
    else break;
  }
  return { ids, total };
}

describe('directory listing rules', () => {
  it('lists approved public cards of visible owners whose paid subscription runs, and nothing else', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/business-cards/public?limit=60' });
    expect(res.statusCode).toBe(200);
    const ids = res.json().map((c: { id: string }) => c.id);
    expect(new Set(ids)).toEqual(new Set(listed.map((l) => l.card.id)));
    for (const id of unlisted) expect(ids).not.toContain(id);
    expect(res.headers['x-total-count']).toBe(String(listed.length));
  });

  it('answers the card with its readable city and nested user, and no private fields', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/business-cards/public?search=Rahul' });
    const [card] = res.json();
    expect(card).toMatchObject({
      name: 'Rahul Mehta',
      city: 'Abu Dhabi',
      emirate: 'abu_dhabi',
      area: 'Saadiyat Island',
    });
    expect(card.user).toEqual({ id: card.userId, role: 'real_estate_broker', profileImageUrl: null });
    expect(card).not.toHaveProperty('rejectionReason');
    expect(card).not.toHaveProperty('age');
    expect(card).not.toHaveProperty('status');
  });

  it('defaults to 12 a page with the total in X-Total-Count', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/business-cards/public' });
    expect(res.json()).toHaveLength(12);
    expect(res.headers['x-total-count']).toBe(String(listed.length));
    const next = await t.inject({ method: 'GET', url: '/api/business-cards/public?offset=12' });
    expect(next.json()).toHaveLength(listed.length - 12);
    const past = await t.inject({ method: 'GET', url: '/api/business-cards/public?offset=500' });
    expect(past.json()).toEqual([]);
    expect(past.headers['x-total-count']).toBe(String(listed.length));
  });
});

describe('an owner changing after their card was written', () => {
  it('moves the card in and out of the directory, and between roles, as the owner changes', async () => {
    const owner = await createOwner(db, broker);
    const card = await createCard(db, owner.id, { name: 'Zephyrine Quartermaine' });
    const found = async (role?: string) => {
      const q = new URLSearchParams({ search: 'Quartermaine', ...(role ? { role } : {}) });
      const res = await t.inject({ method: 'GET', url: `/api/business-cards/public?${q}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().map((c: { id: string; user: { role: string } }) => `${c.id} ${c.user.role}`);
    };
    const change = (values: Partial<typeof users.$inferInsert>) =>
      db.update(users).set(values).where(eq(users.id, owner.id));
    try {
      expect(await found('broker')).toEqual([`${card.id} real_estate_broker`]);
      await change({ suspendedAt: new Date() });
      expect(await found()).toEqual([]);
      await change({ suspendedAt: null });
      expect(await found()).toEqual([`${card.id} real_estate_broker`]);
      await change({ subscriptionStatus: 'active', subscriptionPeriodEnd: new Date(Date.now() - 60_000) });
      expect(await found()).toEqual([]);
      await change({ subscriptionPeriodEnd: new Date(Date.now() + 86_400_000) });
      expect(await found()).toEqual([`${card.id} real_estate_broker`]);
      await change({ subscriptionStatus: 'canceled' });
      expect(await found()).toEqual([]);
      // An investor needs no subscription: listed again, under the investors.
      await change({ role: 'investor' });
      expect(await found('broker')).toEqual([]);
      expect(await found('investor')).toEqual([`${card.id} investor`]);
      await change({ cardVisibility: 'private' });
      expect(await found()).toEqual([]);
      await change({ cardVisibility: 'public', deletedAt: new Date() });
      expect(await found()).toEqual([]);
    } finally {
      await db.delete(businessCards).where(eq(businessCards.id, card.id));
    }
  });
});

describe('every filter under every sort and page size', () => {
  for (const sort of Object.keys(SORTS)) {
    it(`sort=${sort}`, async () => {
      for (const [query, keep] of CASES) {
        const expected = listed
          .filter(keep)
          .sort(SORTS[sort])
          .map((l) => l.card.id);
        expect(expected.length, JSON.stringify(query)).toBeGreaterThan(0);
        for (const limit of [3, 12]) {
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
});

describe('search', () => {
  const names = async (search: string, extra = '') => {
    const res = await t.inject({
      method: 'GET',
      url: `/api/business-cards/public?limit=60&search=${encodeURIComponent(search)}${extra}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res
      .json()
      .map((c: { name: string }) => c.name)
      .sort();
  };

  it('ignores case and accents', async () => {
    expect(await names('MANSOORI')).toEqual(['Ahmed Al Mansoori']);
    expect(await names('zoe')).toEqual(['Zoë Laurent']);
    expect(await names('ZOË')).toEqual(['Zoë Laurent']);
    expect(await names('cafe')).toEqual(['Sara Haddad']);
  });

  it('finds Arabic text whatever the spelling of hamza, ta marbuta or alef maksura', async () => {
    expect(await names('فاطمة')).toEqual(['فاطمة الهاشمي']);
    expect(await names('فاطمه')).toEqual(['فاطمة الهاشمي']);
    expect(await names('الهاشمى')).toEqual(['فاطمة الهاشمي']);
    expect(await names('تمويل')).toEqual(['فاطمة الهاشمي']);
  });

  it('finds a card written in English by the Arabic of its translation, spelt either way', async () => {
    expect(await names('يوسف كريم')).toEqual(['Yousef Karim']);
    expect(await names('مدير تاجير')).toEqual(['Yousef Karim']);
    expect(await names('بيوت عجمان')).toEqual(['Yousef Karim']);
    expect(await names('كريم Leasing')).toEqual(['Yousef Karim']);
  });

  it('tolerates a typo in a name', async () => {
    expect(await names('Mansuri')).toEqual(['Ahmed Al Mansoori']);
    expect(await names('Ivanowa')).toEqual(['Olga Ivanova']);
    expect(await names('Mazroui')).toEqual(['Rashid Al Mazrouei']);
  });

  it('matches specialization, bank, languages, area and company', async () => {
    expect(await names('off-plan')).toEqual(['Ahmed Al Mansoori']);
    expect(await names('emirates nbd')).toEqual(['فاطمة الهاشمي']);
    expect(await names('urdu')).toEqual(['Omar Khalid']);
    expect(await names('saadiyat')).toEqual(['Rahul Mehta']);
    expect(await names('Creek Developments')).toEqual(['Rashid Al Mazrouei']);
    expect(await names('luxury')).toEqual(['Rashid Al Mazrouei']);
  });

  it('treats SQL and LIKE metacharacters as plain text', async () => {
    expect(await names('100%')).toEqual(['Priya Nair']);
    expect(await names('%')).toEqual(['Priya Nair']);
    expect(await names('Nair_Realty')).toEqual(['Priya Nair']);
    expect(await names('Nair%Realty')).toEqual([]);
    expect(await names("'; DROP TABLE business_cards; --")).toEqual([]);
    expect(await names('\\')).toEqual([]);
    const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(businessCards);
    expect(n).toBeGreaterThan(0);
  });

  it('combines search with the other filters', async () => {
    expect(await names('english', '&role=developer')).toEqual(['Li Wei', 'Rashid Al Mazrouei']);
    expect(await names('Emily', '&role=banking_broker')).toEqual(['Emily Carter']);
  });
});

describe('bad filter values', () => {
  const bad = [
    'role=admin',
    'role=real_estate_broker',
    'language=klingon',
    'city=Paris',
    'sort=random',
    'limit=100000',
    'limit=0',
    'limit=abc',
    'offset=-1',
    'verified=maybe',
    'nationality=martian',
    'specialization=everything',
    'bank=bank_of_nowhere',
    `search=${'x'.repeat(201)}`,
    'role=broker&role=investor',
  ];
  it.each(bad)('%s → 400 with a field message', async (qs) => {
    const res = await t.inject({ method: 'GET', url: `/api/business-cards/public?${qs}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    expect(Object.keys(res.json().errors).length).toBeGreaterThan(0);
  });

  it('treats empty parameters as not set', async () => {
    const res = await t.inject({
      method: 'GET',
      url: '/api/business-cards/public?role=&language=&city=&search=&limit=60',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(listed.length);
  });
});

describe('keyset paging', () => {
  it('pages through cards that tie on every sort key but the id, without repeats or gaps', async () => {
    const createdAt = minutesAgo(5);
    const owners = await Promise.all(Array.from({ length: 3 }, () => createOwner(db, investor)));
    const cards: BusinessCard[] = [];
    for (let i = 0; i < 9; i++) {
      // Same name, place and time; three owners of the same role: only the id tells them apart.
      cards.push(
        await createCard(db, owners[i % 3].id, { name: 'Tiberius Samename', area: 'JLT', emirate: 'dubai', createdAt }),
      );
    }
    // And one without an emirate or area, which sorts last by location.
    cards.push(await createCard(db, owners[0].id, { name: 'Tiberius Samename', area: null, emirate: null, createdAt }));
    try {
      for (const sort of ['newest', 'name', 'role', 'location']) {
        const query = { search: 'Samename', sort };
        const { ids: byOffset } = await allPages(query, 60);
        expect(new Set(byOffset)).toEqual(new Set(cards.map((c) => c.id)));
        // No emirate or area sorts after every place.
        if (sort === 'location') expect(byOffset[byOffset.length - 1]).toBe(cards[cards.length - 1].id);
        for (const limit of [1, 2, 3, 4]) {
          const { ids, total } = await cursorPages(query, limit);
          expect(ids, `sort=${sort} limit=${limit}`).toEqual(byOffset);
          expect(total).toBe(cards.length);
        }
      }
    } finally {
      for (const c of cards) await db.delete(businessCards).where(eq(businessCards.id, c.id));
    }
  });

  it('answers a cursor that is not one, one of another sort, or one with an offset with a 400', async () => {
    const first = await t.inject({ method: 'GET', url: '/api/business-cards/public?limit=2&sort=name' });
    const after = first.headers['x-next-cursor'] as string;
    expect(after).toBeTruthy();
    const bad = [
      `after=${after}&sort=newest`,
      `after=${after}&sort=name&offset=2`,
      'after=not-a-cursor',
      `after=${Buffer.from(JSON.stringify(['name', "x'; drop table users; --", 'nope'])).toString('base64url')}&sort=name`,
      'after=%2F%2F',
    ];
    for (const qs of bad) {
      const res = await t.inject({ method: 'GET', url: `/api/business-cards/public?${qs}` });
      expect(res.statusCode, qs).toBe(400);
      expect(res.json().message, qs).toMatch(/cursor|offset/i);
    }
  });
});
