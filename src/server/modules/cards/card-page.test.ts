/**
 * The public card page a stranger opens from a QR code, served complete by the server,
 * small, compressed and cacheable; its link-preview PNG; the sitemap.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { build } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { type TestUser, createTestApp } from '../../../../tests/helpers/app';
import { createOwner, createProperty } from '../../../../tests/helpers/discovery';
import { businessCards, properties, users } from '../../db/schema';
import { eq } from 'drizzle-orm';
import { PAGE_PRELOADS } from '../../../core/routes';
import { acceptedEncoding, htmlCompressionsSettled } from '../../web';

// The page links to the build's files, so these tests serve a build of their own.
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'bitaqa-web-'));
await build({
  configFile: path.resolve('vite.config.ts'),
  logLevel: 'silent',
  build: { outDir: dist, emptyOutDir: true },
});
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

const t = await createTestApp({ webDist: dist });

async function publicCard(over: Record<string, unknown> = {}) {
  const owner: TestUser = await t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' });
  const res = await t.inject({
    method: 'POST',
    url: '/api/business-cards',
    as: owner,
    payload: {
      name: 'Layla Aboud',
      profession: 'Off-Plan Property Specialist',
      company: 'Marina Homes Real Estate',
      phone: '50 123 4567',
      countryCode: '+971',
      email: 'layla@marinahomes.ae',
      professionalBio: 'Helping investors buy off-plan in Dubai Marina.',
      valueProposition: 'Launch prices before anyone else.',
      brnNumber: '45821',
      ...over,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const card = res.json() as { id: string };
  const admin = await t.signInAdmin();
  const approved = await t.inject({
    method: 'PATCH',
    url: `/api/admin/business-cards/${card.id}/status`,
    payload: { status: 'approved', version: res.json().version },
    as: admin,
  });
  expect(approved.statusCode, approved.body).toBe(200);
  return { card, owner };
}

const page = (id: string, headers: Record<string, string> = {}) =>
  t.inject({ method: 'GET', url: `/cards/${id}`, headers });

/** The text a browser without JavaScript shows: the body without tags. */
const bodyText = (html: string) =>
  (html.split('<body>')[1] ?? '')
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

describe('the public card page', () => {
  it('answers 404 with the app page for an unknown card, brokerage or listing (no soft 404)', async () => {
    const unknownCard = await page('00000000-0000-4000-8000-000000000000');
    expect(unknownCard.statusCode).toBe(404);
    expect(unknownCard.headers['content-type']).toMatch(/text\/html/);
    const unknownBrokerage = await t.inject({ method: 'GET', url: '/brokerages/no-such-brokerage' });
    expect(unknownBrokerage.statusCode).toBe(404);
    expect(unknownBrokerage.headers['content-type']).toMatch(/text\/html/);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-listing']) {
      const unknownListing = await t.inject({ method: 'GET', url: `/properties/${id}` });
      expect(unknownListing.statusCode, id).toBe(404);
      expect(unknownListing.headers['content-type']).toMatch(/text\/html/);
    }
    // A listing that exists answers 200 in any state: the app shows a pending one to its owner.
    const owner = await createOwner(t.database.db, { role: 'real_estate_broker' });
    const pending = await createProperty(t.database.db, owner.id, { isApproved: false });
    expect((await t.inject({ method: 'GET', url: `/properties/${pending.id}` })).statusCode).toBe(200);
    // A sold or let one too (its link may be out there), but search engines are asked to drop it.
    const sold = await createProperty(t.database.db, owner.id, { status: 'sold' });
    const soldPage = await t.inject({ method: 'GET', url: `/properties/${sold.id}` });
    expect(soldPage.statusCode).toBe(200);
    expect(soldPage.headers['x-robots-tag']).toBe('noindex');
    const open = await createProperty(t.database.db, owner.id, { status: 'for_rent' });
    const openPage = await t.inject({ method: 'GET', url: `/properties/${open.id}` });
    expect(openPage.statusCode).toBe(200);
    expect(openPage.headers['x-robots-tag']).toBeUndefined();
    expect((await t.inject({ method: 'GET', url: '/properties/new' })).statusCode).toBe(200);
  });

  it('has the whole card in its HTML, with Save contact first among the actions', async () => {
    const { card } = await publicCard();
    const res = await page(card.id);
    expect(res.statusCode).toBe(200);
    const text = bodyText(res.body);
    expect(text).toContain('Layla Aboud');
    expect(text).toContain('Off-Plan Property Specialist');
    expect(text).toContain('Marina Homes Real Estate');
    expect(text).toContain('+971 50 123 4567');
    expect(text).toContain('Helping investors buy off-plan in Dubai Marina.');
    expect(text).toContain('Launch prices before anyone else.');
    expect(text).toContain('45821');
    const save = res.body.match(/<a[^>]*data-testid="save-contact"[^>]*>[\s\S]*?<\/a>/)?.[0] ?? '';
    expect(save).toContain(`href="/api/business-cards/${card.id}/vcard"`);
    expect(save.replace(/<[^>]+>/g, '')).toContain('Save contact');
    // Order of the primary actions: Save contact, Call, WhatsApp, E-mail, then Share.
    const at = (needle: string) => res.body.indexOf(needle);
    expect(at('data-testid="save-contact"')).toBeLessThan(at('data-testid="call-link"'));
    expect(at('data-testid="call-link"')).toBeLessThan(at('data-testid="whatsapp-link"'));
    expect(at('data-testid="whatsapp-link"')).toBeLessThan(at('data-testid="email-link"'));
    expect(at('data-testid="email-link"')).toBeLessThan(at('data-card-share'));
    // The Save contact link is the vCard itself.
    const vcard = await t.inject({ method: 'GET', url: `/api/business-cards/${card.id}/vcard` });
    expect(vcard.body).toContain('FN:Layla Aboud');
    // The rendered page is kept, but never past a change to the card or its visibility.
    await t.database.db
      .update(businessCards)
      .set({ profession: 'Secondary Market Lead' })
      .where(eq(businessCards.id, card.id));
    expect(bodyText((await page(card.id)).body)).toContain('Secondary Market Lead');
    await t.database.db.update(businessCards).set({ isPublic: false }).where(eq(businessCards.id, card.id));
    expect(bodyText((await page(card.id)).body)).not.toContain('Layla Aboud');
  });

  it('names the card in <title>, links its canonical address and describes the person in JSON-LD, without inline scripts', async () => {
    const { card } = await publicCard({ name: 'Omar $& Partners', company: "Dubai $' Homes" });
    const html = (await page(card.id)).body;
    expect(html).toContain('<html lang="en" dir="ltr">');
    expect(html).toContain('<title>Omar $&amp; Partners — Off-Plan Property Specialist, Dubai $&#39; Homes</title>');
    expect(html).toContain(`<link rel="canonical" href="http://bitaqa.test/cards/${card.id}">`);
    const ld = html.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/)?.[1];
    expect(JSON.parse(ld ?? '{}')).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Person',
      name: 'Omar $& Partners',
      jobTitle: 'Off-Plan Property Specialist',
      telephone: '+971501234567',
      email: 'layla@marinahomes.ae',
      url: `http://bitaqa.test/cards/${card.id}`,
      worksFor: { '@type': 'Organization', name: "Dubai $' Homes" },
    });
    // Every <script> is a file or data (a strict CSP forbids inline code).
    for (const tag of html.match(/<script[^>]*>/g) ?? []) {
      expect(tag).toMatch(/src="\/assets\/|src="\/theme\.js"|type="application\/(ld\+)?json"/);
    }
  });

  it('speaks the visitor’s language, else the card’s: an Arabic-only card is right to left', async () => {
    const { card } = await publicCard({ name: 'أحمد المنصوري', profession: 'وسيط عقاري', company: 'دار العقارات' });
    const arabic = (await page(card.id)).body;
    expect(arabic).toContain('<html lang="ar" dir="rtl">');
    expect(bodyText(arabic)).toContain('حفظ جهة الاتصال');
    const english = await page(card.id, { cookie: 'bitaqa.lang=en' });
    expect(english.body).toContain('<html lang="en" dir="ltr">');
    expect(bodyText(english.body)).toContain('Save contact');
    const chosen = await t.inject({ method: 'GET', url: `/cards/${card.id}?lang=en` });
    expect(chosen.body).toContain('<html lang="en" dir="ltr">');
    expect(chosen.cookies.find((c) => c.name === 'bitaqa.lang')?.value).toBe('en');
    const { card: latin } = await publicCard();
    expect((await page(latin.id, { cookie: 'bitaqa.lang=ar' })).body).toContain('<html lang="ar" dir="rtl">');
  });

  it('weighs at most 60 KB compressed on first view: HTML, stylesheets and scripts it references', async () => {
    const { card } = await publicCard();
    const res = await page(card.id, { 'accept-encoding': 'br, gzip' });
    expect(res.headers['content-encoding']).toBe('br');
    const html = zlib.brotliDecompressSync(res.rawPayload).toString('utf8');
    const refs = [...html.matchAll(/<(?:script|link)[^>]+(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
    expect(refs.some((r) => r.endsWith('.css'))).toBe(true);
    expect(refs.some((r) => r.endsWith('.js'))).toBe(true);
    let total = res.rawPayload.length;
    for (const ref of refs) {
      const asset = await t.inject({ method: 'GET', url: ref, headers: { 'accept-encoding': 'br, gzip' } });
      expect(asset.statusCode).toBe(200);
      total += asset.rawPayload.length;
    }
    expect(total).toBeLessThanOrEqual(60 * 1024);
  });

  it('leaves private and pending cards to the app (no card in the HTML)', async () => {
    const owner = await t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' });
    const created = await t.inject({
      method: 'POST',
      url: '/api/business-cards',
      as: owner,
      payload: { name: 'Hidden Person', profession: 'Broker' },
    });
    const res = await page((created.json() as { id: string }).id);
    // Not public, so not a page for search engines; the app still shows it to its owner.
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('Hidden Person');
    expect(res.body).toContain('<div id="root"></div>');
  });
});

describe('delivery', () => {
  it('sends a page served before from its compressed copy: the same bytes as the page, smaller than on the fly', async () => {
    const { card } = await publicCard();
    const plain = await page(card.id);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const first = await page(card.id, { 'accept-encoding': 'gzip, deflate, br' });
    expect(first.headers['content-encoding']).toBe('br');
    await htmlCompressionsSettled();
    const kept = await page(card.id, { 'accept-encoding': 'gzip, deflate, br' });
    expect(kept.headers['content-encoding']).toBe('br');
    expect(kept.headers.etag).toBe(plain.headers.etag);
    expect(zlib.brotliDecompressSync(kept.rawPayload).toString()).toBe(plain.body);
    expect(kept.rawPayload.length).toBeLessThanOrEqual(first.rawPayload.length);
    const gz = await page(card.id, { 'accept-encoding': 'br;q=0, gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
  });

  it('compresses with brotli or gzip, caches fingerprinted assets for a year and revalidates HTML by ETag', async () => {
    const { card } = await publicCard();
    const gz = await page(card.id, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toContain('Layla Aboud');
    expect(gz.headers['cache-control']).toBe('no-cache');
    const etag = gz.headers.etag as string;
    expect(etag).toMatch(/^"/);
    const again = await page(card.id, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    const shell = await t.inject({ method: 'GET', url: '/directory', headers: { 'accept-encoding': 'br' } });
    expect(shell.headers['cache-control']).toBe('no-cache');
    expect(shell.headers.etag).toBeTruthy();
    const script = zlib
      .brotliDecompressSync(shell.rawPayload)
      .toString()
      .match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
    const asset = await t.inject({ method: 'GET', url: script ?? '', headers: { 'accept-encoding': 'br' } });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-encoding']).toBe('br');
    const api = await t.inject({
      method: 'GET',
      url: '/api/business-cards/public',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(api.statusCode).toBe(200);
  });

  it('names a landing page’s own code and texts in the shell, in the visitor’s language, so a phone fetches them at once', async () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<
      string,
      { file: string }
    >;
    const preloads = (html: string) =>
      [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
    const fileOf = (key: string) => `/${manifest[key]?.file}`;
    // Every page the table names exists in the build (a renamed page would silently lose its preload).
    for (const { module } of Object.values(PAGE_PRELOADS)) expect(manifest[module], module).toBeTruthy();

    const arabic = await t.inject({ method: 'GET', url: '/properties', headers: { cookie: 'bitaqa.lang=ar' } });
    expect(preloads(arabic.body)).toEqual(
      expect.arrayContaining([
        fileOf('features/properties/pages/properties-page.tsx'),
        fileOf('i18n/ar/discovery.json'),
        fileOf('i18n/ar/common.json'),
      ]),
    );
    expect(preloads(arabic.body)).not.toContain(fileOf('i18n/en/discovery.json'));
    // Each file once: what the entry already preloads is not named again.
    expect(new Set(arabic.body.match(/\/assets\/[^"]+\.js/g)).size).toBe(
      arabic.body.match(/\/assets\/[^"]+\.js/g)?.length,
    );

    const english = await t.inject({
      method: 'GET',
      url: '/directory',
      headers: { 'accept-language': 'en-GB,en;q=0.9' },
    });
    expect(preloads(english.body)).toEqual(
      expect.arrayContaining([fileOf('features/directory/directory-page.tsx'), fileOf('i18n/en/discovery.json')]),
    );
    expect(preloads(english.body)).not.toContain(fileOf('features/properties/pages/properties-page.tsx'));
    // A page a stranger rarely lands on first gets no extra preloads.
    const messages = await t.inject({ method: 'GET', url: '/messages' });
    expect(preloads(messages.body).some((f) => f.includes('messages-page'))).toBe(false);
  });
});

describe('the link-preview image', () => {
  it('is a 1200×630 PNG that changes when the name changes, announced with its size', async () => {
    const { card, owner } = await publicCard();
    const html = (await page(card.id)).body;
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).toContain('<meta property="og:image:width" content="1200">');
    expect(html).toContain('<meta property="og:image:height" content="630">');
    const url = html.match(/<meta property="og:image" content="http:\/\/bitaqa\.test([^"]+)">/)?.[1] ?? '';
    const first = await t.inject({ method: 'GET', url: url.replace(/&amp;/g, '&') });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/png');
    const meta = await sharp(first.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1200, 630]);

    const renamed = await t.inject({
      method: 'PATCH',
      url: `/api/business-cards/${card.id}`,
      as: owner,
      payload: { name: 'أحمد المنصوري' },
    });
    const admin = await t.signInAdmin();
    await t.inject({
      method: 'PATCH',
      url: `/api/admin/business-cards/${card.id}/status`,
      payload: { status: 'approved', version: renamed.json().version },
      as: admin,
    });
    const html2 = (await page(card.id)).body;
    const url2 = html2.match(/<meta property="og:image" content="http:\/\/bitaqa\.test([^"]+)">/)?.[1] ?? '';
    expect(url2).not.toBe(url);
    const second = await t.inject({ method: 'GET', url: url2.replace(/&amp;/g, '&') });
    expect(second.statusCode).toBe(200);
    const [a, b] = await Promise.all([first.rawPayload, second.rawPayload].map((p) => sharp(p).raw().toBuffer()));
    expect(a.equals(b)).toBe(false);
  });

  it('is not drawn for a card that is not public', async () => {
    const owner = await t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' });
    const created = await t.inject({
      method: 'POST',
      url: '/api/business-cards',
      as: owner,
      payload: { name: 'Hidden Person', profession: 'Broker' },
    });
    const id = (created.json() as { id: string }).id;
    expect((await t.inject({ method: 'GET', url: `/api/business-cards/${id}/preview.png` })).statusCode).toBe(404);
  });
});

describe('sitemap.xml and robots.txt', () => {
  it('lists approved public cards and approved listings only; robots.txt points to it', async () => {
    const { card } = await publicCard();
    const { card: hiddenByOwner, owner } = await publicCard();
    await t.database.db.update(users).set({ cardVisibility: 'connections' }).where(eq(users.id, owner.user.id));
    const pendingOwner = await t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' });
    const pending = (
      await t.inject({
        method: 'POST',
        url: '/api/business-cards',
        as: pendingOwner,
        payload: { name: 'Pending Person', profession: 'Broker' },
      })
    ).json() as { id: string };
    const base = { userId: owner.user.id, propertyType: 'apartment', status: 'for_sale', price: 1_500_000 } as const;
    const [approved, waiting] = await t.database.db
      .insert(properties)
      .values([
        { ...base, title: 'Marina view', isApproved: true },
        { ...base, title: 'Waiting for review', isApproved: false },
      ])
      .returning({ id: properties.id });

    const res = await t.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.body).toContain(`<loc>http://bitaqa.test/cards/${card.id}</loc>`);
    expect(res.body).toContain(`<loc>http://bitaqa.test/properties/${approved.id}</loc>`);
    expect(res.body).not.toContain(hiddenByOwner.id);
    expect(res.body).not.toContain(pending.id);
    expect(res.body).not.toContain(waiting.id);

    const robots = await t.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.body).toContain('Sitemap: http://bitaqa.test/sitemap.xml');
  });
});

describe('content negotiation', () => {
  it('prefers brotli, then gzip, and honours q=0', () => {
    expect(acceptedEncoding('gzip, deflate, br')).toBe('br');
    expect(acceptedEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(acceptedEncoding('identity')).toBeUndefined();
    expect(acceptedEncoding('*')).toBe('br');
    expect(acceptedEncoding(undefined)).toBeUndefined();
  });
});
