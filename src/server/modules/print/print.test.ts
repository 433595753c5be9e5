/**
 * Print downloads, checked by independent readers: jsQR decodes the PNG, the SVG
 * rendered by sharp (librsvg) and page 1 of the PDF rendered by MuPDF to the card link; the PNG's
 * pHYs chunk is read byte by byte; unpdf (pdf.js) reads the sheet's text back.
 */
import { eq } from 'drizzle-orm';
import jsQR from 'jsqr';
import * as mupdf from 'mupdf';
import { PNG } from 'pngjs';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/helpers/app';
import { approvedCardFor } from '../../../../tests/helpers/cards';
import { PRINT_DPI_STEPS } from '../../../core/schemas/print';
import { businessCards } from '../../db/schema';
import { QUIET_ZONE } from './print-qr';
import { renderPrintSheet } from './print-pdf';
import { renderInvoicePdf } from '../invoices/pdf';
import type { Invoice } from '../../db/schema';

let t: TestApp;
let id: string;
let link: string;

/** An approved broker card with licence numbers, as the public sees it. */
async function approvedCard(t: TestApp, payload: Record<string, unknown>): Promise<string> {
  const owner = await t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' });
  const created = await t.inject({ method: 'POST', url: '/api/business-cards', payload, as: owner });
  expect(created.statusCode).toBe(201);
  const cardId = created.json().id as string;
  const admin = await t.signInAdmin();
  const approved = await t.inject({
    method: 'PATCH',
    url: `/api/admin/business-cards/${cardId}/status`,
    payload: { status: 'approved', version: created.json().version },
    as: admin,
  });
  expect(approved.statusCode).toBe(200);
  return cardId;
}

beforeAll(async () => {
  t = await createTestApp();
  id = await approvedCard(t, {
    name: 'Layla Haddad',
    profession: 'Senior Property Consultant',
    company: 'Marina Homes',
    phone: '50 123 4567',
    countryCode: '+971',
    email: 'layla@marinahomes.ae',
    brnNumber: '48213',
    ornNumber: '19077',
  });
  link = `http://bitaqa.test/cards/${id}?src=qr`;
});

function decode(png: Buffer): { data: string; version: number } | null {
  const img = PNG.sync.read(png);
  const found = jsQR(new Uint8ClampedArray(img.data), img.width, img.height);
  return found ? { data: found.data, version: found.version } : null;
}

/** The pHYs chunk of a PNG (W3C PNG §11.3.5.3): pixels per unit x, y and the unit (1 = metre). */
function physOf(png: Buffer): { x: number; y: number; unit: number } | null {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    if (type === 'pHYs') return { x: png.readUInt32BE(at + 8), y: png.readUInt32BE(at + 12), unit: png[at + 16] };
    if (type === 'IDAT') return null; // pHYs must come before the image data
    at += 12 + length;
  }
  return null;
}

const dpiOf = (ppm: number) => Math.round(ppm * 0.0254);

describe('print QR PNG', () => {
  it('is 2 inches at the asked resolution, says so in pHYs, keeps a 4-module quiet zone and decodes to the card link', async () => {
    const res = await t.inject({ method: 'GET', url: `/api/business-cards/${id}/qr.png?dpi=300` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toContain('Layla_Haddad_qr_300dpi.png');
    const png = res.rawPayload;
    const img = PNG.sync.read(png);
    expect([img.width, img.height]).toEqual([600, 600]);
    const phys = physOf(png);
    expect(phys?.unit).toBe(1);
    expect(dpiOf(phys?.x ?? 0)).toBe(300);
    expect(dpiOf(phys?.y ?? 0)).toBe(300);
    expect(decode(png)?.data).toBe(link);

    // Quiet zone: every pixel within 4 modules of the edge is white.
    const modules = QRCode.create(link, { errorCorrectionLevel: 'M' }).modules.size;
    const band = Math.floor((600 / (modules + 2 * QUIET_ZONE)) * QUIET_ZONE) - 1;
    let dark = 0;
    for (let y = 0; y < 600; y += 1) {
      for (let x = 0; x < 600; x += 1) {
        const edge = x < band || y < band || x >= 600 - band || y >= 600 - band;
        if (edge && img.data[(y * 600 + x) * 4] < 128) dark += 1;
      }
    }
    expect(dark).toBe(0);
    // Just inside the zone the code's finder pattern starts (dark).
    const inner = band + 3;
    expect(img.data[(inner * 600 + inner) * 4]).toBeLessThan(128);

    const hi = await t.inject({ method: 'GET', url: `/api/business-cards/${id}/qr.png?dpi=600` });
    const big = hi.rawPayload;
    expect(PNG.sync.read(big).width).toBe(1200);
    expect(dpiOf(physOf(big)?.x ?? 0)).toBe(600);
    expect(decode(big)?.data).toBe(link);
  });

  it('puts the initials in the centre with error correction H and still decodes', async () => {
    const plain = decode((await t.inject({ method: 'GET', url: `/api/business-cards/${id}/qr.png` })).rawPayload);
    const res = await t.inject({ method: 'GET', url: `/api/business-cards/${id}/qr.png?logo=1` });
    expect(res.statusCode).toBe(200);
    const png = res.rawPayload;
    const found = decode(png);
    expect(found?.data).toBe(link);
    // H needs more modules for the same link than M.
    expect(found?.version).toBeGreaterThan(plain?.version ?? 99);
    // The centre shows the initials on the avatar colour: most of it is coloured, not black or white.
    const img = PNG.sync.read(png);
    let coloured = 0;
    for (let y = 270; y < 330; y += 1) {
      for (let x = 270; x < 330; x += 1) {
        const c = (y * 600 + x) * 4;
        const channels = [img.data[c], img.data[c + 1], img.data[c + 2]];
        if (Math.max(...channels) - Math.min(...channels) > 40) coloured += 1;
      }
    }
    expect(coloured / 3600).toBeGreaterThan(0.3);
    expect(dpiOf(physOf(png)?.x ?? 0)).toBe(300);
  });

  it('answers 304 to its own ETag and 400 with the field for a bad dpi or logo', async () => {
    const first = await t.inject({ method: 'GET', url: `/api/business-cards/${id}/qr.png?dpi=300` });
    const etag = String(first.headers.etag);
    const again = await t.inject({
      method: 'GET',
      url: `/api/business-cards/${id}/qr.png?dpi=300`,
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    const other = await t.inject({
      method: 'GET',
      url: `/api/business-cards/${id}/qr.png?dpi=600`,
      headers: { 'if-none-match': etag },
    });
    expect(other.statusCode).toBe(200);
    for (const query of ['dpi=abc', 'dpi=10', 'dpi=1200', 'dpi=300.5', 'logo=yes']) {
      const bad = await t.inject({ method: 'GET', url: `/api/business-cards/${id}/qr.png?${query}` });
      expect(bad.statusCode, query).toBe(400);
      expect(bad.body, query).toMatch(query.startsWith('dpi') ? /dpi/ : /logo/);
    }
  });
});

describe('print QR PNG variants and drawing limit', () => {
  it('draws any dpi in range at the nearest of four resolutions, so a card has a handful of variants, not hundreds', async () => {
    const asked = [72, 73, 100, 111, 149, 151, 200, 224, 226, 299, 301, 333, 449, 451, 512, 599, 600];
    const etags = new Set<string>();
    for (const dpi of asked) {
      const res = await t.inject({
        method: 'GET',
        url: `/api/business-cards/${id}/qr.png?dpi=${dpi}`,
        remoteAddress: '10.77.0.1',
      });
      expect(res.statusCode, String(dpi)).toBe(200);
      etags.add(String(res.headers.etag));
    }
    expect(etags.size).toBe(PRINT_DPI_STEPS.length);
    const odd = await t.inject({
      method: 'GET',
      url: `/api/business-cards/${id}/qr.png?dpi=301`,
      remoteAddress: '10.77.0.1',
    });
    const even = await t.inject({
      method: 'GET',
      url: `/api/business-cards/${id}/qr.png?dpi=300`,
      remoteAddress: '10.77.0.1',
    });
    expect(odd.headers.etag).toBe(even.headers.etag);
    expect(odd.headers['content-disposition']).toContain('_qr_300dpi.png');
    expect(PNG.sync.read(odd.rawPayload).width).toBe(600);
    expect(dpiOf(physOf(odd.rawPayload)?.x ?? 0)).toBe(300);
  });

  it('limits the QR codes one address has drawn to 20 a minute; cached codes and other addresses are still served', async () => {
    const owner = await t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' });
    const cardIds: string[] = [];
    for (let i = 0; i < 11; i++) cardIds.push((await approvedCardFor(t, owner, { name: `Burst Card ${i}` })).id);
    const ip = '10.77.1.1';
    const qr = (cardId: string, query: string, from = ip) =>
      t.inject({ method: 'GET', url: `/api/business-cards/${cardId}/qr.png?${query}`, remoteAddress: from });
    // Ten cards, two variants each: twenty drawings.
    for (const cardId of cardIds.slice(0, 10)) {
      expect((await qr(cardId, 'dpi=300')).statusCode).toBe(200);
      expect((await qr(cardId, 'dpi=600')).statusCode).toBe(200);
    }
    const refused = await qr(cardIds[10], 'dpi=300');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Already drawn: served from the cache, no drawing counted.
    expect((await qr(cardIds[0], 'dpi=300')).statusCode).toBe(200);
    // Another address draws the new one.
    expect((await qr(cardIds[10], 'dpi=300', '10.77.1.2')).statusCode).toBe(200);
  });
});

describe('print QR SVG', () => {
  it('is an SVG that renders (librsvg) to a code decoding to the card link', async () => {
    const res = await t.inject({ method: 'GET', url: `/api/business-cards/${id}/qr.svg` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('Layla_Haddad_qr.svg');
    expect(res.body).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"[\s\S]*<\/svg>\s*$/);
    const meta = await sharp(Buffer.from(res.body)).metadata();
    expect(meta.format).toBe('svg');
    const png = await sharp(Buffer.from(res.body), { density: 300 })
      .resize(500)
      .flatten({ background: '#fff' })
      .png()
      .toBuffer();
    expect(decode(png)?.data).toBe(link);
  });
});

async function pdfText(pdf: Buffer): Promise<string> {
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  return (await extractText(doc, { mergePages: true })).text;
}

/** Page 1 rendered by MuPDF at 150 dpi, as PNG. */
function renderPage(pdf: Buffer): Buffer {
  const doc = mupdf.Document.openDocument(pdf, 'application/pdf');
  expect(doc.countPages()).toBe(1);
  const pixmap = doc
    .loadPage(0)
    .toPixmap(mupdf.Matrix.scale(150 / 72, 150 / 72), mupdf.ColorSpace.DeviceRGB, false, true);
  return Buffer.from(pixmap.asPNG());
}

describe('print sheet PDF', () => {
  it('in English: one page whose QR decodes to the link, with the name, company and licence numbers', async () => {
    const res = await t.inject({ method: 'GET', url: `/api/business-cards/${id}/print.pdf?lang=en` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('Layla_Haddad_print_en.pdf');
    const pdf = res.rawPayload;
    expect(decode(renderPage(pdf))?.data).toBe(link);
    const text = await pdfText(pdf);
    for (const s of [
      'Layla Haddad',
      'Senior Property Consultant',
      'Marina Homes',
      'BRN: 48213',
      'ORN: 19077',
      '+971 50 123 4567',
      'layla@marinahomes.ae',
      'Scan to open my card',
    ])
      expect(text).toContain(s);
  });

  it('in Arabic: the same code and numbers with Arabic labels in the shipped font', async () => {
    const res = await t.inject({ method: 'GET', url: `/api/business-cards/${id}/print.pdf?lang=ar` });
    expect(res.statusCode).toBe(200);
    const pdf = res.rawPayload;
    expect(decode(renderPage(pdf))?.data).toBe(link);
    const text = await pdfText(pdf);
    for (const s of [
      'Layla Haddad',
      '48213',
      '19077',
      'رقم تسجيل الوسيط',
      'رقم تسجيل المكتب',
      'امسح الرمز لفتح بطاقتي',
    ])
      expect(text).toContain(s);
    expect(pdf.toString('latin1')).toContain('IBMPlexSansArabic');
  });

  it('renders an Arabic name and answers 400 for another language', async () => {
    const arabicId = await approvedCard(t, {
      name: 'أحمد المنصوري',
      profession: 'مستشار عقاري أول',
      brnNumber: '55120',
    });
    const res = await t.inject({ method: 'GET', url: `/api/business-cards/${arabicId}/print.pdf?lang=ar` });
    expect(res.statusCode).toBe(200);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('أحمد المنصوري');
    expect(text).toContain('مستشار عقاري أول');
    expect(text).toContain('55120');
    expect(decode(renderPage(res.rawPayload))?.data).toBe(`http://bitaqa.test/cards/${arabicId}?src=qr`);
    const bad = await t.inject({ method: 'GET', url: `/api/business-cards/${arabicId}/print.pdf?lang=fr` });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('lang');
  });
});

describe('print downloads of cards the public cannot see', () => {
  it('answer 404 for a pending card, a hidden card and an unknown id', async () => {
    const owner = await t.signUp({ role: 'investor' });
    const pending = await t.inject({
      method: 'POST',
      url: '/api/business-cards',
      payload: { name: 'Pending Person', profession: 'Investor' },
      as: owner,
    });
    const hiddenId = await approvedCard(t, { name: 'Hidden Person', profession: 'Broker' });
    await t.database.db.update(businessCards).set({ isPublic: false }).where(eq(businessCards.id, hiddenId));
    for (const cardId of [pending.json().id as string, hiddenId, '00000000-0000-4000-8000-000000000000']) {
      for (const path of ['qr.svg', 'qr.png', 'print.pdf?lang=ar']) {
        // The owner of the pending card gets no print files either: they are for published cards.
        const res = await t.inject({ method: 'GET', url: `/api/business-cards/${cardId}/${path}`, as: owner });
        expect(res.statusCode, `${cardId} ${path}`).toBe(404);
        expect(res.json()).toMatchObject({ code: 'CARD_NOT_FOUND', message: 'Business card not found' });
      }
    }
  });
});

describe('PDFs made one after another in one process', () => {
  it('each read back their own words: an Arabic invoice made first leaves the print sheet’s text intact', async () => {
    const invoice = {
      number: 'INV-2026-000001',
      sellerName: 'Bitaqa FZ-LLC',
      sellerNameAr: 'بطاقة م.م.ح',
      sellerAddress: 'Dubai Silicon Oasis, Dubai',
      sellerAddressAr: 'واحة دبي للسيليكون، دبي',
      sellerTrn: '100000000000003',
      buyerEmail: 'buyer@example.com',
      description: 'Bitaqa Professional Plan',
      descriptionAr: 'الخطة الاحترافية في Bitaqa، اشتراك سنوي (من 2026-11-26 إلى 2027-11-26)',
      issueDate: '2026-11-26',
      issuedAt: new Date('2026-11-26T10:00:00Z'),
      netFils: 9524,
      vatFils: 476,
      totalFils: 10000,
      vatRateBp: 500,
      currency: 'AED',
    };
    // Names that share ligatures with the card below ("حم", "مد"): fontkit kept the glyphs it made
    // for these, with these letters, and the print sheet's text layer used to read "أمد" for "أحمد".
    for (const buyerName of ['سارة أحمد', 'محمد', 'أحمد المنصوري', 'حمدان بن محمد'])
      await renderInvoicePdf({ ...invoice, buyerName } as unknown as Invoice, 'ar');
    const sheet = await renderPrintSheet(
      {
        name: 'أحمد المنصوري',
        profession: 'مستشار عقاري أول',
        company: null,
        bankName: null,
        brnNumber: '55120',
        ornNumber: null,
        phone: null,
        countryCode: null,
        email: null,
      },
      'https://bitaqa.test/cards/1',
      'bitaqa.test/cards/1',
      'ar',
    );
    const text = await pdfText(sheet);
    expect(text).toContain('أحمد المنصوري');
    expect(text).toContain('مستشار عقاري أول');
  });
});
