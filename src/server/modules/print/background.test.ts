/**
 * Video-call backgrounds, read back by independent decoders: the PNG's size from its header, the QR
 * code with jsQR, and where the ink lies (the text block on the reading side, the code opposite).
 */
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/helpers/app';
import { contrastRatio, palette } from './background';

let t: TestApp;
let approvedId: string;

async function newCard(t: TestApp, name: string) {
  const owner = await t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' });
  const created = await t.inject({
    method: 'POST',
    url: '/api/business-cards',
    payload: {
      name,
      profession: 'Senior Property Consultant',
      company: 'Marina Homes',
      phone: '50 123 4567',
      countryCode: '+971',
      email: 'layla@marinahomes.ae',
      brnNumber: '48213',
    },
    as: owner,
  });
  expect(created.statusCode, created.body).toBe(201);
  return { owner, id: created.json().id as string, version: created.json().version as number };
}

beforeAll(async () => {
  t = await createTestApp();
  const { id, version } = await newCard(t, 'ليلى حداد');
  const admin = await t.signInAdmin();
  const approved = await t.inject({
    method: 'PATCH',
    url: `/api/admin/business-cards/${id}/status`,
    payload: { status: 'approved', version },
    as: admin,
  });
  expect(approved.statusCode).toBe(200);
  approvedId = id;
});

/** The QR code found anywhere in the picture (jsQR scans the whole image). */
function decodeQr(png: Buffer): string | undefined {
  const img = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(img.data), img.width, img.height)?.data;
}

/** Share of pixels that differ from the background colour, in a region given as fractions of the frame. */
async function ink(png: Buffer, region: { left: number; top: number; width: number; height: number }): Promise<number> {
  const { width = 0, height = 0 } = await sharp(png).metadata();
  const area = {
    left: Math.round(region.left * width),
    top: Math.round(region.top * height),
    width: Math.round(region.width * width),
    height: Math.round(region.height * height),
  };
  const { data, info } = await sharp(png).extract(area).greyscale().raw().toBuffer({ resolveWithObject: true });
  const stats = await sharp(png).extract(area).greyscale().stats();
  const median = stats.channels[0].mean;
  let differing = 0;
  for (const v of data) if (Math.abs(v - median) > 60) differing++;
  return differing / (info.width * info.height);
}

describe('video-call background', () => {
  it('decodes at each asked size, with a QR code that opens the card marked as a background visit', async () => {
    for (const [size, w, h] of [
      ['1920x1080', 1920, 1080],
      ['1280x720', 1280, 720],
    ] as const) {
      for (const design of ['1', '2', '3']) {
        const res = await t.inject({
          method: 'GET',
          url: `/api/business-cards/${approvedId}/background.png?design=${design}&size=${size}`,
        });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.headers['content-type']).toBe('image/png');
        const meta = await sharp(res.rawPayload).metadata();
        expect([meta.width, meta.height]).toEqual([w, h]);
        expect(decodeQr(res.rawPayload)).toBe(`http://bitaqa.test/cards/${approvedId}?src=background`);
      }
    }
  });

  it('puts the text on the reading side and the code opposite, in English and in Arabic, leaving the middle free', async () => {
    const get = async (lang: string) =>
      (await t.inject({ method: 'GET', url: `/api/business-cards/${approvedId}/background.png?lang=${lang}` }))
        .rawPayload;
    const [en, ar] = await Promise.all([get('en'), get('ar')]);
    const lowLeft = { left: 0.02, top: 0.55, width: 0.3, height: 0.37 };
    const lowRight = { left: 0.68, top: 0.55, width: 0.3, height: 0.37 };
    const middle = { left: 0.38, top: 0.2, width: 0.24, height: 0.6 };
    expect(await ink(en, lowLeft)).toBeGreaterThan(0.01);
    expect(await ink(en, lowRight)).toBeLessThan(0.002);
    expect(await ink(ar, lowRight)).toBeGreaterThan(0.01);
    expect(await ink(ar, lowLeft)).toBeLessThan(0.002);
    expect(await ink(en, middle)).toBeLessThan(0.002);
    // The code sits high on the side opposite the text.
    const topRight = { left: 0.7, top: 0.05, width: 0.28, height: 0.35 };
    const topLeft = { left: 0.02, top: 0.05, width: 0.28, height: 0.35 };
    expect(await ink(en, topRight)).toBeGreaterThan(0.1);
    expect(await ink(ar, topLeft)).toBeGreaterThan(0.1);
  });

  it("is the owner's alone until the card is public, and refuses sizes it does not make", async () => {
    const { owner, id } = await newCard(t, 'Omar Khalid');
    const stranger = await t.signUp({ role: 'investor' });
    const url = `/api/business-cards/${id}/background.png`;
    expect((await t.inject({ method: 'GET', url, as: owner })).statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url, as: stranger })).statusCode).toBe(404);
    expect((await t.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect(
      (await t.inject({ method: 'GET', url: `/api/business-cards/${approvedId}/background.png` })).statusCode,
    ).toBe(200);
    const bad = await t.inject({ method: 'GET', url: `${url}?size=4000x4000`, as: owner });
    expect(bad.statusCode).toBe(400);
  });
});

describe('colours of a brokerage', () => {
  const card = (primaryColor: string, secondaryColor: string) =>
    ({ brokerage: { primaryColor, secondaryColor } }) as unknown as Parameters<typeof palette>[1];

  it('writes the company in the brand colour only where it reads against the background', () => {
    // A gold that reads on the dark designs is kept.
    expect(palette('1', card('#0f4c81', '#e6b655')).company).toBe('#e6b655');
    expect(palette('3', card('#0f4c81', '#e6b655')).company).toBe('#e6b655');
    // A dark bronze on the dark designs, and a pale yellow on the light one, give way to plain text.
    for (const design of ['1', '3'] as const) {
      const p = palette(design, card('#0f4c81', '#7a5c12'));
      expect(p.company).toBe('#ffffff');
      expect(contrastRatio(p.company, p.background)).toBeGreaterThanOrEqual(4.5);
    }
    const light = palette('2', card('#f5e663', '#7a5c12'));
    expect(light.company).toBe('#0f172a');
    expect(palette('2', card('#0f4c81', '#7a5c12')).company).toBe('#0f4c81');
  });

  it('keeps the white name readable: a light brand colour does not become the background', () => {
    expect(palette('1', card('#0f4c81', '#e6b655')).background).toBe('#0f4c81');
    const p = palette('1', card('#f5e663', '#e6b655'));
    expect(contrastRatio('#ffffff', p.background)).toBeGreaterThanOrEqual(4.5);
  });
});
