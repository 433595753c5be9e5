/**
 * Photo uploads: a real photo is accepted, resized, stripped of metadata and served
 * with a long cache; a renamed executable, an SVG, an oversized file and a truncated image are
 * refused with a clear message.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { createTestApp } from '../../../../tests/helpers/app';
import { multipartFile } from '../../../../tests/helpers/discovery';
import { IMAGE_MESSAGES } from '../../platform/storage/images';

const t = await createTestApp();

/** A 3000×2000 camera-like JPEG with EXIF (camera, GPS-ish comment) and a rotation tag. */
async function cameraPhoto(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="3000" height="2000"><defs><linearGradient id="g"><stop offset="0" stop-color="#0ea5e9"/><stop offset="1" stop-color="#f59e0b"/></linearGradient></defs><rect width="3000" height="2000" fill="url(#g)"/><rect x="900" y="700" width="1200" height="900" fill="#334155"/></svg>`;
  return sharp(Buffer.from(svg))
    .jpeg({ quality: 90 })
    .withExif({ IFD0: { Make: 'TestCam', Model: 'X100', ImageDescription: 'GPS 25.07N 55.13E' } })
    .toBuffer();
}

async function upload(
  file: Buffer,
  opts: Parameters<typeof multipartFile>[1] = {},
  as?: Awaited<ReturnType<typeof t.signUp>>,
) {
  const user = as ?? (await t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' }));
  const { payload, headers } = multipartFile(file, opts);
  return t.inject({ method: 'POST', url: '/api/uploads/images', payload, headers, as: user });
}

describe('POST /api/uploads/images', () => {
  it('accepts a real photo, fits it in 1600 px as WebP without metadata, and serves it with a long cache', async () => {
    const photo = await cameraPhoto();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const res = await upload(photo);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.url).toMatch(/^\/api\/uploads\/[a-f0-9]{64}\.webp$/);
    expect(body).toMatchObject({ width: 1600, height: 1067 });

    const served = await t.inject({ method: 'GET', url: body.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toContain('max-age=31536000');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1600, height: 1067 });
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('TestCam'))).toBe(false);
  });

  it('accepts PNG and WebP and keeps a small photo at its size', async () => {
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#16a34a' } })
      .png()
      .toBuffer();
    const webp = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#2563eb' } })
      .webp()
      .toBuffer();
    const a = await upload(png, { filename: 'plan.png', contentType: 'image/png' });
    expect(a.statusCode).toBe(201);
    expect(a.json()).toMatchObject({ width: 640, height: 480 });
    const b = await upload(webp, { filename: 'x.webp', contentType: 'image/webp' });
    expect(b.statusCode).toBe(201);
  });

  it('refuses a renamed executable, whatever its name and declared type', async () => {
    const exe = fs.readFileSync(process.execPath).subarray(0, 64 * 1024);
    const res = await upload(exe, { filename: 'villa.jpg', contentType: 'image/jpeg' });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe(IMAGE_MESSAGES.type);
    const mz = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(4096, 1)]);
    expect((await upload(mz, { filename: 'setup.png', contentType: 'image/png' })).statusCode).toBe(415);
  });

  it('refuses an SVG (it can carry scripts)', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>',
    );
    const res = await upload(svg, { filename: 'logo.svg', contentType: 'image/svg+xml' });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe(IMAGE_MESSAGES.type);
  });

  it('refuses a file over 8 MB', async () => {
    const head = await cameraPhoto();
    const big = Buffer.concat([head, Buffer.alloc(9 * 1024 * 1024, 7)]);
    const res = await upload(big);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(IMAGE_MESSAGES.tooLarge);
  });

  it('refuses a truncated image', async () => {
    const photo = await cameraPhoto();
    const res = await upload(photo.subarray(0, Math.floor(photo.length / 2)));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(IMAGE_MESSAGES.unreadable);
  });

  it('refuses a request without a file, a visitor, and a bad or unknown image name', async () => {
    const user = await t.signUp();
    const json = await t.inject({ method: 'POST', url: '/api/uploads/images', payload: { file: 'x' }, as: user });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe(IMAGE_MESSAGES.empty);
    const empty = await upload(Buffer.alloc(0), {}, user);
    expect(empty.statusCode).toBe(400);
    const { payload, headers } = multipartFile(await cameraPhoto());
    expect((await t.inject({ method: 'POST', url: '/api/uploads/images', payload, headers })).statusCode).toBe(401);
    expect((await t.inject({ method: 'GET', url: '/api/uploads/..%2F..%2Fsession-secret' })).statusCode).toBe(404);
    expect((await t.inject({ method: 'GET', url: `/api/uploads/${'a'.repeat(64)}.webp` })).statusCode).toBe(404);
  });
});
