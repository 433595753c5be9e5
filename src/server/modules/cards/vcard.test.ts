import ICAL from 'ical.js';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../tests/helpers/app';
import { businessCards } from '../../db/schema';
import { cardQr } from './qr';
import { fullPhone } from '../../../core/card-contact';
import { attachmentHeader, buildVCard } from './vcard';

const bio =
  'Specialist in Dubai Marina, JBR and Palm Jumeirah.\nأتحدث العربية والإنجليزية.\nBack\\slash and a very long third line that certainly needs folding at seventy-five octets.';

const arabicCard = {
  name: 'أحمد المنصوري',
  profession: 'مستشار عقاري أول',
  company: 'Al Mansoori Properties, LLC',
  bankName: null,
  phone: '50 123 4567',
  countryCode: '+971',
  email: 'ahmed@almansoori.ae',
  officeAddress: 'Marina Plaza, Office 1204; Level 12',
  area: 'Dubai Marina',
  emirate: 'dubai' as const,
  professionalBio: bio,
  description: null,
  socialLinks: { linkedin: 'https://www.linkedin.com/in/ahmed', website: 'https://almansoori.ae/?a=1,2' },
};

function parse(text: string) {
  return new ICAL.Component(ICAL.parse(text));
}

describe('vCard', () => {
  const text = buildVCard(arabicCard, 'https://bitaqa.ae/cards/abc');

  it('parses back to the same values with an independent parser (ical.js)', () => {
    const card = parse(text);
    expect(card.getFirstPropertyValue('version')).toBe('3.0');
    expect(card.getFirstPropertyValue('fn')).toBe('أحمد المنصوري');
    expect(card.getFirstPropertyValue('n')).toEqual(['المنصوري', 'أحمد', '', '', '']);
    expect(card.getFirstPropertyValue('org')).toBe('Al Mansoori Properties, LLC');
    expect(card.getFirstPropertyValue('title')).toBe('مستشار عقاري أول');
    expect(card.getFirstPropertyValue('note')).toBe(bio);
    expect(card.getFirstPropertyValue('tel')).toBe('+971 50 123 4567');
    expect(card.getFirstPropertyValue('email')).toBe('ahmed@almansoori.ae');
    const urls = card.getAllProperties('url').map((p) => p.getFirstValue());
    expect(urls).toEqual(['https://bitaqa.ae/cards/abc', 'https://almansoori.ae/?a=1,2']);
    const adr = card.getFirstPropertyValue('adr');
    expect(adr).toEqual([
      '',
      '',
      'Marina Plaza, Office 1204; Level 12',
      'Dubai Marina',
      'Dubai',
      '',
      'United Arab Emirates',
    ]);
    expect(card.getFirstPropertyValue('x-socialprofile')).toBe('https://www.linkedin.com/in/ahmed');
  });

  it('escapes the special characters and folds lines at 75 octets with CRLF', () => {
    expect(text).toContain('ORG:Al Mansoori Properties\\, LLC');
    expect(text).toContain('\\;');
    expect(text).toContain('Back\\\\slash');
    const lines = text.split('\r\n');
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of lines) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(lines.some((l) => l.startsWith(' '))).toBe(true);
    // Folding never splits a UTF-8 character.
    expect(text).not.toContain('\uFFFD');
  });

  it('cannot be broken out of by a link with a line break', () => {
    const evil = buildVCard(
      { ...arabicCard, socialLinks: { website: 'https://x.ae/\r\nEND:VCARD\r\nBEGIN:VCARD\r\nFN:Evil' } },
      'https://bitaqa.ae/cards/abc',
    );
    const lines = evil.split('\r\n');
    expect(lines.filter((l) => l === 'BEGIN:VCARD' || l === 'END:VCARD')).toHaveLength(2);
    expect(lines.filter((l) => l.startsWith('FN:'))).toEqual(['FN:أحمد المنصوري']);
  });

  it('names the file after the card, with a UTF-8 name for Arabic', () => {
    expect(attachmentHeader('Layla Aboud', '_card.vcf')).toBe(
      `attachment; filename="Layla_Aboud_card.vcf"; filename*=UTF-8''Layla_Aboud_card.vcf`,
    );
    const arabic = attachmentHeader('أحمد المنصوري', '_card.vcf');
    expect(arabic).toContain('filename="contact_card.vcf"');
    expect(arabic).toContain(`filename*=UTF-8''${encodeURIComponent('أحمد_المنصوري_card.vcf')}`);
  });

  it('adds the country code only when the phone has none', () => {
    expect(fullPhone('050 123 4567', '+971')).toBe('+971 50 123 4567');
    expect(fullPhone('+44 20 7946 0000', '+971')).toBe('+44 20 7946 0000');
    expect(fullPhone('', '+971')).toBeNull();
    expect(fullPhone('00971 50 123 4567', '+44')).toBe('+971 50 123 4567');
  });
});

function decodeDataUrl(dataUrl: string): string | undefined {
  const png = PNG.sync.read(Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64'));
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
}

describe('QR code', () => {
  it('decodes to the card link', async () => {
    const qr = await cardQr('https://bitaqa.ae/cards/0b7c3a52-1c1e-4b65-9a53-3f1f1f0c9d11?src=qr');
    expect(qr.svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    const png = PNG.sync.read(Buffer.from(qr.dataUrl.split(',')[1], 'base64'));
    expect([png.width, png.height]).toEqual([300, 300]);
    expect(decodeDataUrl(qr.dataUrl)).toBe(qr.url);
  });

  it('is served for a public card and encodes PUBLIC_URL/cards/{id} with the QR mark', async () => {
    const t = await createTestApp();
    const owner = await t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' });
    const created = await t.inject({
      method: 'POST',
      url: '/api/business-cards',
      payload: { name: 'أحمد المنصوري', profession: 'Broker', company: 'A, B & Co', professionalBio: bio },
      as: owner,
    });
    const id = created.json().id as string;
    const admin = await t.signInAdmin();
    await t.inject({
      method: 'PATCH',
      url: `/api/admin/business-cards/${id}/status`,
      payload: { status: 'approved', version: created.json().version },
      as: admin,
    });

    const res = await t.inject({ method: 'GET', url: `/api/business-cards/${id}/qr-code` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.url).toBe(`http://bitaqa.test/cards/${id}?src=qr`);
    expect(decodeDataUrl(body.dataUrl)).toBe(body.url);

    const vcard = await t.inject({ method: 'GET', url: `/api/business-cards/${id}/vcard` });
    expect(vcard.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('أحمد_المنصوري_card.vcf')}`,
    );
    const parsed = parse(vcard.body);
    expect(parsed.getFirstPropertyValue('fn')).toBe('أحمد المنصوري');
    expect(parsed.getFirstPropertyValue('org')).toBe('A, B & Co');
    expect(parsed.getFirstPropertyValue('note')).toBe(bio);
  });
});

describe('vCard and QR code caching', () => {
  it('answer 304 to their own ETag, a fresh body once the card changes, and 404 once it is hidden', async () => {
    const t = await createTestApp();
    const owner = await t.signUp({ role: 'investor' });
    const created = await t.inject({
      method: 'POST',
      url: '/api/business-cards',
      payload: { name: 'Layla Haddad', profession: 'Investor', company: 'Old Co' },
      as: owner,
    });
    const id = created.json().id as string;
    const admin = await t.signInAdmin();
    await t.inject({
      method: 'PATCH',
      url: `/api/admin/business-cards/${id}/status`,
      payload: { status: 'approved', version: created.json().version },
      as: admin,
    });
    const get = (kind: 'vcard' | 'qr-code', etag?: string) =>
      t.inject({
        method: 'GET',
        url: `/api/business-cards/${id}/${kind}`,
        headers: etag ? { 'if-none-match': etag } : {},
      });

    const vcard = await get('vcard');
    expect(vcard.statusCode).toBe(200);
    expect(vcard.headers['cache-control']).toBe('private, no-cache');
    const vcardTag = String(vcard.headers.etag);
    expect(vcardTag).toMatch(/^".+"$/);
    expect(parse(vcard.body).getFirstPropertyValue('org')).toBe('Old Co');
    const again = await get('vcard', vcardTag);
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await get('vcard', `W/${vcardTag}, "other"`)).statusCode).toBe(304);
    expect((await get('vcard', '"something-else"')).statusCode).toBe(200);

    const qr = await get('qr-code');
    expect(qr.statusCode).toBe(200);
    const qrTag = String(qr.headers.etag);
    expect(qrTag).not.toBe(vcardTag);
    expect(decodeDataUrl(qr.json().dataUrl)).toBe(`http://bitaqa.test/cards/${id}?src=qr`);
    expect((await get('qr-code', qrTag)).statusCode).toBe(304);
    // The second answer comes from the cache and is the same.
    expect((await get('qr-code')).json()).toEqual(qr.json());

    // A changed card is a new version: the old ETag no longer matches and the body is new.
    await t.database.db
      .update(businessCards)
      .set({ company: 'New Co', version: sql`${businessCards.version} + 1` })
      .where(eq(businessCards.id, id));
    const changed = await get('vcard', vcardTag);
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(vcardTag);
    expect(parse(changed.body).getFirstPropertyValue('org')).toBe('New Co');
    expect((await get('qr-code', qrTag)).statusCode).toBe(200);

    // Hidden: 404 even to a client holding the current ETag.
    const current = String(changed.headers.etag);
    await t.database.db.update(businessCards).set({ isPublic: false }).where(eq(businessCards.id, id));
    expect((await get('vcard', current)).statusCode).toBe(404);
    expect((await get('qr-code')).statusCode).toBe(404);
  });
});
