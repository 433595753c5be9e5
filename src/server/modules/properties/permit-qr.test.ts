/**
 * The regulator's QR on a listing and the listing's share pictures. QR images are made here with
 * the qrcode package, as a lister's screenshot of the permit would be; share pictures are read
 * back with sharp and jsQR, as a phone camera would read them.
 */
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import jsQR from 'jsqr';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createTestApp, type TestUser } from '../../../../tests/helpers/app';
import { createCard, createProperty, multipartFile } from '../../../../tests/helpers/discovery';
import { checkPermitLink } from '../../../core/permit-qr';
import { properties } from '../../db/schema';

const t = await createTestApp();
const db = t.database.db;

/** DLD's permit links carry an encrypted token, not the number. */
const DLD_LINK = 'https://trakheesi.dubailand.gov.ae/rev/madmoun/listing/validation?khevJujtDIXYBYP8RFFOUA==';
const PERMIT = '7120385412';

/** A permit QR as a lister would upload it: a PNG of the code with a white margin. */
const qrPng = (text: string) => QRCode.toBuffer(text, { type: 'png', width: 360, margin: 4 });

async function broker(): Promise<TestUser> {
  return t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' });
}

function uploadQr(id: string, png: Buffer, as?: TestUser) {
  const { payload, headers } = multipartFile(png, { filename: 'permit.png', contentType: 'image/png' });
  return t.inject({ method: 'PUT', url: `/api/properties/${id}/permit-qr`, payload, headers, as });
}

/** Reads the QR code in a picture, as a phone camera would. */
async function readQr(png: Buffer): Promise<string | null> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data ?? null;
}

describe('the permit link rule', () => {
  it('takes the regulator domain and its subdomains, never a look-alike', () => {
    expect(checkPermitLink(DLD_LINK, 'Dubai', PERMIT).ok).toBe(true);
    expect(checkPermitLink('https://dubailand.gov.ae/en/permit?permitNumber=7120385412', 'Dubai', PERMIT).ok).toBe(
      true,
    );
    expect(checkPermitLink('https://madhmoun.ae/check?permit=AD-1234', 'Abu Dhabi', 'ad1234').ok).toBe(true);
    for (const link of [
      'https://dubailand.gov.ae.example.com/x',
      'https://evil-dubailand.gov.ae/x',
      'https://user@dubailand.gov.ae/x',
      'https://dubailand.gov.ae:8443/x',
      'javascript:alert(1)//dubailand.gov.ae',
      'dubailand.gov.ae/permit',
    ])
      expect(checkPermitLink(link, 'Dubai', PERMIT), link).toMatchObject({ ok: false, code: 'PERMIT_QR_WRONG_DOMAIN' });
    // Each emirate its own regulator.
    expect(checkPermitLink(DLD_LINK, 'Abu Dhabi', PERMIT)).toMatchObject({ code: 'PERMIT_QR_WRONG_DOMAIN' });
  });
});

describe('PUT /api/properties/{id}/permit-qr', () => {
  it("keeps the link of a DLD permit QR and shows it on the listing; the owner's edit waits for review", async () => {
    const owner = await broker();
    const pending = await createProperty(db, owner.user.id, { permitNumber: PERMIT, isApproved: false });
    const res = await uploadQr(pending.id, await qrPng(DLD_LINK), owner);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().permitQrLink).toBe(DLD_LINK);

    // An approved listing keeps what visitors see until an admin approves the edit.
    const live = await createProperty(db, owner.user.id, { permitNumber: PERMIT });
    const edit = await uploadQr(live.id, await qrPng(`https://dubailand.gov.ae/permit?permitNumber=${PERMIT}`), owner);
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().permitQrLink).toBeNull();
    expect(edit.json().pendingRevision).toEqual({
      permitQrLink: `https://dubailand.gov.ae/permit?permitNumber=${PERMIT}`,
    });
  });

  it('refuses a picture with no QR code in it', async () => {
    const owner = await broker();
    const p = await createProperty(db, owner.user.id, { permitNumber: PERMIT });
    const noise = await sharp(crypto.randomBytes(200 * 200 * 3), { raw: { width: 200, height: 200, channels: 3 } })
      .png()
      .toBuffer();
    const res = await uploadQr(p.id, noise, owner);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('PERMIT_QR_NOT_FOUND');
    const text = await uploadQr(p.id, Buffer.from('not an image at all'), owner);
    expect(text.statusCode).toBe(415);
  });

  it("refuses a QR that does not open the emirate's regulator", async () => {
    const owner = await broker();
    const dubai = await createProperty(db, owner.user.id, { permitNumber: PERMIT });
    const res = await uploadQr(dubai.id, await qrPng('https://dubailand-permits.example.com/validation?x=1'), owner);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'PERMIT_QR_WRONG_DOMAIN', domains: 'dubailand.gov.ae, dld.gov.ae' });

    const abuDhabi = await createProperty(db, owner.user.id, { city: 'Abu Dhabi', permitNumber: '20241234' });
    const wrong = await uploadQr(abuDhabi.id, await qrPng(DLD_LINK), owner);
    expect(wrong.json()).toMatchObject({ code: 'PERMIT_QR_WRONG_DOMAIN', domains: 'adrec.gov.ae, madhmoun.ae' });
    const right = await uploadQr(abuDhabi.id, await qrPng('https://madhmoun.ae/listing?permit=20241234'), owner);
    expect(right.statusCode, right.body).toBe(200);

    const sharjah = await createProperty(db, owner.user.id, { city: 'Sharjah', permitNumber: '5555' });
    expect((await uploadQr(sharjah.id, await qrPng(DLD_LINK), owner)).json().code).toBe(
      'PERMIT_QR_EMIRATE_UNSUPPORTED',
    );
  });

  it('refuses a QR naming another permit number, and one before the listing has a number', async () => {
    const owner = await broker();
    const p = await createProperty(db, owner.user.id, { permitNumber: PERMIT, isApproved: false });
    const res = await uploadQr(p.id, await qrPng('https://dubailand.gov.ae/permit?permitNumber=7000000001'), owner);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'PERMIT_QR_NUMBER_MISMATCH', found: '7000000001', expected: PERMIT });
    const [row] = await db.select().from(properties).where(eq(properties.id, p.id));
    expect(row.permitQrLink).toBeNull();

    const none = await createProperty(db, owner.user.id, { city: 'Abu Dhabi', permitNumber: null });
    expect((await uploadQr(none.id, await qrPng('https://madhmoun.ae/x'), owner)).json().code).toBe(
      'PERMIT_NUMBER_FIRST',
    );
  });

  it("is the owner's alone: 401 signed out, 403 on another's listed unit, 404 on another's pending one", async () => {
    const owner = await broker();
    const other = await broker();
    const listed = await createProperty(db, owner.user.id, { permitNumber: PERMIT });
    const pending = await createProperty(db, owner.user.id, { permitNumber: PERMIT, isApproved: false });
    const png = await qrPng(DLD_LINK);
    expect((await uploadQr(listed.id, png)).statusCode).toBe(401);
    expect((await uploadQr(listed.id, png, other)).statusCode).toBe(403);
    expect((await uploadQr(pending.id, png, other)).statusCode).toBe(404);
    const del = await t.inject({ method: 'DELETE', url: `/api/properties/${listed.id}/permit-qr`, as: other });
    expect(del.statusCode).toBe(403);
    const [row] = await db.select().from(properties).where(eq(properties.id, listed.id));
    expect(row.permitQrLink).toBeNull();
    expect(row.pendingRevision).toBeNull();
  });

  it('drops the QR when the owner changes the permit number it names', async () => {
    const owner = await broker();
    const p = await createProperty(db, owner.user.id, {
      permitNumber: PERMIT,
      isApproved: false,
      permitQrLink: `https://dubailand.gov.ae/permit?permitNumber=${PERMIT}`,
    });
    const kept = await t.inject({
      method: 'PATCH',
      url: `/api/properties/${p.id}`,
      payload: { price: 1_200_000 },
      as: owner,
    });
    expect(kept.json().permitQrLink).toContain(PERMIT);
    const res = await t.inject({
      method: 'PATCH',
      url: `/api/properties/${p.id}`,
      payload: { permitNumber: '7000000002', permitExpiresOn: '2099-12-31' },
      as: owner,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().permitQrLink).toBeNull();
  });
});

describe('GET /api/properties/{id}/share.png', () => {
  async function listedWithQr() {
    const owner = await broker();
    await createCard(db, owner.user.id, { name: 'Layla Haddad', brnNumber: '48213', ornNumber: '12876' });
    const photo = await t.inject({
      method: 'POST',
      url: '/api/uploads/images',
      as: owner,
      ...multipartFile(
        await sharp({ create: { width: 900, height: 600, channels: 3, background: '#7aa6c2' } })
          .jpeg()
          .toBuffer(),
      ),
    });
    expect(photo.statusCode, photo.body).toBe(201);
    return createProperty(db, owner.user.id, {
      title: 'Marina view two-bedroom apartment',
      bedrooms: 2,
      area: 1250,
      price: 2_150_000,
      permitNumber: PERMIT,
      permitQrLink: DLD_LINK,
      imageUrls: [photo.json().url],
    });
  }

  it('draws the square and wide pictures at their sizes with a QR that opens the permit link, in both languages', async () => {
    const p = await listedWithQr();
    for (const [format, width, height] of [
      ['square', 1080, 1080],
      ['wide', 1200, 630],
    ] as const) {
      for (const lang of ['en', 'ar']) {
        const res = await t.inject({
          method: 'GET',
          url: `/api/properties/${p.id}/share.png?format=${format}&lang=${lang}`,
        });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.headers['content-type']).toBe('image/png');
        const png = res.rawPayload;
        const meta = await sharp(png).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual(['png', width, height]);
        expect(await readQr(png), `${format} ${lang}`).toBe(DLD_LINK);
      }
    }
  });

  it('answers 304 to the ETag of the same listing version, and a new picture after an edit', async () => {
    const p = await listedWithQr();
    const url = `/api/properties/${p.id}/share.png?format=wide&lang=en`;
    const first = await t.inject({ method: 'GET', url });
    const etag = String(first.headers.etag);
    expect(first.headers['cache-control']).toContain('max-age');
    const again = await t.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    await db
      .update(properties)
      .set({ price: 1_990_000, version: p.version + 1 })
      .where(eq(properties.id, p.id));
    const changed = await t.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('refuses a sold listing (410) and one not on show (404), and checks its query', async () => {
    const owner = await broker();
    const sold = await createProperty(db, owner.user.id, { status: 'sold', permitNumber: PERMIT });
    const pending = await createProperty(db, owner.user.id, { isApproved: false, permitNumber: PERMIT });
    const soldRes = await t.inject({ method: 'GET', url: `/api/properties/${sold.id}/share.png` });
    expect(soldRes.statusCode).toBe(410);
    expect(soldRes.json().code).toBe('LISTING_CLOSED');
    expect((await t.inject({ method: 'GET', url: `/api/properties/${pending.id}/share.png` })).statusCode).toBe(404);
    const live = await createProperty(db, owner.user.id, { permitNumber: PERMIT });
    const bad = await t.inject({ method: 'GET', url: `/api/properties/${live.id}/share.png?format=huge` });
    expect(bad.statusCode).toBe(400);
  });

  it("is the listing page's link preview", async () => {
    const p = await listedWithQr();
    const head = t.app.headProviders.get('/properties/:id');
    if (!head) throw new Error('no head provider for /properties/:id');
    const request = { headers: {}, cookies: {} } as Parameters<typeof head>[1];
    const html = await head({ id: p.id }, request);
    const image = `http://bitaqa.test/api/properties/${p.id}/share.png?format=wide&amp;lang=en&amp;v=${p.version}`;
    expect(html).toContain(`<meta property="og:image" content="${image}">`);
    expect(html).toContain(`<meta name="twitter:image" content="${image}">`);
    expect(html).toContain('<meta property="og:image:width" content="1200">');
    const sold = await createProperty(db, p.userId, { status: 'sold' });
    expect(await head({ id: sold.id }, request)).toBeNull();
  });
});
