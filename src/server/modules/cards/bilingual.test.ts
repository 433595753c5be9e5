/**
 * A card written in English and Arabic: the API keeps both, and every view of the card — the
 * public page, its <title> and previews, the vCard — shows the visitor's language where the card
 * has it and the other language where it does not.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ICAL from 'ical.js';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { type TestUser, createTestApp } from '../../../../tests/helpers/app';
import { multipartFile } from '../../../../tests/helpers/discovery';
import { businessCards } from '../../db/schema';

// The page renders without a front-end build (no scripts to link), which is all these tests read.
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'bitaqa-bilingual-'));
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));
const t = await createTestApp({ webDist: dist });

const english = {
  name: 'Layla Aboud',
  profession: 'Off-Plan Property Specialist',
  company: 'Marina Homes Real Estate',
  professionalBio: 'Helping investors buy off-plan in Dubai Marina.',
  salesPitch: 'Launch prices before anyone else.',
  servicesOffered: ['Off-plan sales'],
};
const arabic = {
  name: 'ليلى عبود',
  profession: 'أخصائية عقارات على الخريطة',
  company: 'مارينا هومز للعقارات',
  professionalBio: 'أساعد المستثمرين على الشراء على الخريطة في دبي مارينا.',
  servicesOffered: ['مبيعات على الخريطة'],
};

async function approve(id: string) {
  const admin = await t.signInAdmin();
  // An approval names the version the admin saw.
  const { version } = (await t.inject({ method: 'GET', url: `/api/business-cards/${id}`, as: admin })).json();
  const res = await t.inject({
    method: 'PATCH',
    url: `/api/admin/business-cards/${id}/status`,
    payload: { status: 'approved', version },
    as: admin,
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function createCard(payload: Record<string, unknown>, owner?: TestUser) {
  const who = owner ?? (await t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' }));
  const res = await t.inject({ method: 'POST', url: '/api/business-cards', as: who, payload });
  expect(res.statusCode, res.body).toBe(201);
  return { card: res.json() as { id: string } & Record<string, unknown>, owner: who };
}

const page = (id: string, opts: { query?: string; headers?: Record<string, string> } = {}) =>
  t.inject({ method: 'GET', url: `/cards/${id}${opts.query ?? ''}`, headers: opts.headers ?? {} });

const titleOf = (html: string) => html.match(/<title>([^<]*)<\/title>/)?.[1];
const metaOf = (html: string, key: string) =>
  html.match(new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)">`))?.[1];
const jsonLd = (html: string) =>
  JSON.parse(html.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/)?.[1] ?? '{}');

describe('a card in two languages', () => {
  it('keeps both languages: the card’s own fields in its language, the other under translations', async () => {
    const { card, owner } = await createCard({ ...english, translations: { ar: { ...arabic, salesPitch: '  ' } } });
    expect(card.primaryLanguage).toBe('en');
    expect(card.name).toBe(english.name);
    // Blank fields are not kept: the card shows the English pitch to an Arabic reader.
    expect(card.translations).toEqual({ ar: arabic });

    const mine = await t.inject({ method: 'GET', url: `/api/business-cards/${card.id}`, as: owner });
    expect(mine.json().translations.ar.professionalBio).toBe(arabic.professionalBio);

    const edited = await t.inject({
      method: 'PATCH',
      url: `/api/business-cards/${card.id}`,
      as: owner,
      payload: { ...english, translations: { ar: { ...arabic, profession: 'وسيطة عقارية' } } },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().translations.ar.profession).toBe('وسيطة عقارية');
  });

  it('answers 400 at the field for an Arabic text over the card’s limits', async () => {
    const owner = await t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' });
    const res = await t.inject({
      method: 'POST',
      url: '/api/business-cards',
      as: owner,
      payload: { ...english, translations: { ar: { name: 'ل'.repeat(101) } } },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toContain('translations.ar.name');
  });

  it('reads a card sent in Arabic only as an Arabic card (clients that know one language keep working)', async () => {
    const { card } = await createCard({ name: arabic.name, profession: arabic.profession });
    expect(card.primaryLanguage).toBe('ar');
    expect(card.translations).toEqual({});
  });

  it('shows an Arabic visitor the Arabic text and an English visitor the English, in the page, <title>, previews and JSON-LD', async () => {
    const { card } = await createCard({ ...english, translations: { ar: arabic } });
    await approve(card.id);

    const visits: { query?: string; headers?: Record<string, string> }[] = [
      { query: '?lang=ar' },
      { headers: { cookie: 'bitaqa.lang=ar' } },
      { headers: { 'accept-language': 'ar-AE,ar;q=0.9,en;q=0.5' } },
    ];
    for (const arabicVisit of visits) {
      const ar = await page(card.id, arabicVisit);
      expect(ar.statusCode).toBe(200);
      const html = ar.body;
      expect(html).toContain('<html lang="ar" dir="rtl">');
      expect(titleOf(html)).toBe(`${arabic.name} — ${arabic.profession}, ${arabic.company}`);
      expect(html).toContain(arabic.professionalBio);
      expect(html).not.toContain(english.professionalBio);
      expect(metaOf(html, 'og:title')).toBe(titleOf(html));
      expect(metaOf(html, 'og:description')).toBe(arabic.professionalBio);
      const person = jsonLd(html);
      expect(person).toMatchObject({ name: arabic.name, jobTitle: arabic.profession, alternateName: english.name });
      // Not written in Arabic: the English pitch stands in.
      expect(html).toContain(english.salesPitch);
    }

    const en = (await page(card.id, { headers: { 'accept-language': 'en-GB,en;q=0.9' } })).body;
    expect(en).toContain('<html lang="en" dir="ltr">');
    expect(titleOf(en)).toBe(`${english.name} — ${english.profession}, ${english.company}`);
    expect(en).toContain(english.professionalBio);
    expect(en).not.toContain(arabic.professionalBio);
    expect(jsonLd(en)).toMatchObject({ name: english.name, alternateName: arabic.name });
  });

  it('shows an English-only card in English to an Arabic visitor', async () => {
    const { card } = await createCard(english);
    await approve(card.id);
    const byBrowser = (await page(card.id, { headers: { 'accept-language': 'ar' } })).body;
    // The browser's language does not turn the page Arabic around English text.
    expect(byBrowser).toContain('<html lang="en" dir="ltr">');
    const chosen = (await page(card.id, { query: '?lang=ar' })).body;
    expect(chosen).toContain('<html lang="ar" dir="rtl">');
    expect(titleOf(chosen)).toBe(`${english.name} — ${english.profession}, ${english.company}`);
    expect(chosen).toContain(english.professionalBio);
  });

  it('gives the vCard both names, titles and companies, and the photo', async () => {
    const owner = await t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' });
    const photo = await sharp({
      create: { width: 600, height: 600, channels: 3, background: { r: 200, g: 120, b: 40 } },
    })
      .jpeg()
      .toBuffer();
    const { payload, headers } = multipartFile(photo);
    const uploaded = await t.inject({ method: 'POST', url: '/api/uploads/images', payload, headers, as: owner });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const { card } = await createCard(
      { ...english, profileImageUrl: uploaded.json().url, translations: { ar: arabic } },
      owner,
    );
    await approve(card.id);

    const res = await t.inject({ method: 'GET', url: `/api/business-cards/${card.id}/vcard` });
    expect(res.statusCode).toBe(200);
    const vcard = new ICAL.Component(ICAL.parse(res.body));
    const fn = vcard.getAllProperties('fn');
    expect(fn.map((p) => p.getFirstValue())).toEqual([english.name, arabic.name]);
    expect(fn[1].getParameter('language')).toBe('ar');
    const n = vcard.getAllProperties('n');
    expect(n.map((p) => p.getFirstValue())).toEqual([
      ['Aboud', 'Layla', '', '', ''],
      ['عبود', 'ليلى', '', '', ''],
    ]);
    expect(vcard.getAllProperties('title').map((p) => p.getFirstValue())).toEqual([
      english.profession,
      arabic.profession,
    ]);
    expect(vcard.getAllProperties('org').map((p) => p.getFirstValue())).toEqual([english.company, arabic.company]);
    // The photo as a JPEG a contacts app decodes.
    const line = res.body
      .replace(/\r\n /g, '')
      .split('\r\n')
      .find((l) => l.startsWith('PHOTO'));
    expect(line).toMatch(/^PHOTO;ENCODING=b;TYPE=JPEG:/);
    const image = Buffer.from(line?.split(':')[1] ?? '', 'base64');
    expect(await sharp(image).metadata()).toMatchObject({ format: 'jpeg', width: 400, height: 400 });
  });

  it('shows the admin both languages: the card’s Arabic, and an edit of it field by field', async () => {
    const { card, owner } = await createCard({ ...english, translations: { ar: arabic } });
    const admin = await t.signInAdmin();
    const queue = async () => {
      const res = await t.inject({ method: 'GET', url: '/api/admin/review-queue?limit=50', as: admin });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().cards.items as { id: string }[]).find((c) => c.id === card.id) as Record<string, unknown>;
    };
    expect(await queue()).toMatchObject({ name: english.name, primaryLanguage: 'en', translations: { ar: arabic } });

    await approve(card.id);
    // Saving the card's two languages unchanged is no edit (stored text comes back in another key order).
    const unchanged = await t.inject({
      method: 'PATCH',
      url: `/api/business-cards/${card.id}`,
      as: owner,
      payload: { ...english, primaryLanguage: 'en', translations: { ar: { ...arabic } } },
    });
    expect(unchanged.json().pendingRevision).toBeNull();
    expect((await queue())?.changes ?? null).toBeNull();
    const edit = await t.inject({
      method: 'PATCH',
      url: `/api/business-cards/${card.id}`,
      as: owner,
      payload: { translations: { ar: { ...arabic, professionalBio: 'نص جديد للسيرة.' } } },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await queue()).changes).toEqual([
      { field: 'translations.ar.professionalBio', before: arabic.professionalBio, after: 'نص جديد للسيرة.' },
    ]);
    // The published card keeps its approved Arabic until the admin approves the edit.
    expect((await page(card.id, { query: '?lang=ar' })).body).toContain(arabic.professionalBio);
  });

  it('marks cards written before they had two languages by their script (the migration’s rule)', async () => {
    const { card } = await createCard({ name: 'Placeholder', profession: 'Broker' });
    const { db } = t.database;
    await db
      .update(businessCards)
      .set({ name: 'سارة الهاشمي', profession: 'وسيطة عقارية أولى', company: 'Emaar' })
      .where(eq(businessCards.id, card.id));
    const { sql } = await import('drizzle-orm');
    const file = fs.readdirSync('drizzle').find((f) => f.endsWith('_bilingual_cards.sql')) ?? '';
    const migration = fs.readFileSync(path.join('drizzle', file), 'utf8');
    const update = migration.slice(migration.indexOf('UPDATE'));
    await db.execute(sql.raw(update));
    const [row] = await db.select().from(businessCards).where(eq(businessCards.id, card.id));
    expect(row.primaryLanguage).toBe('ar');
  });
});
