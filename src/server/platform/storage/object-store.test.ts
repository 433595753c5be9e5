/**
 * The storage adapters: the local folder and S3-compatible storage (s3rver on
 * 127.0.0.1) behave alike: put, head, streaming get, list, delete, content type, and nothing for
 * a missing object. Then the app itself on S3: an upload lands in the bucket and is served from it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../tests/helpers/app';
import { multipartFile } from '../../../../tests/helpers/discovery';
import { type LocalS3, startLocalS3 } from '../../../../tests/helpers/s3';
import { loadConfig } from '../../config';
import { createObjectStore, type ObjectStore } from './object-store';

let s3: LocalS3;
beforeAll(async () => {
  s3 = await startLocalS3();
});
afterAll(async () => s3?.close());

const key = () => `${crypto.randomBytes(32).toString('hex')}.webp`;

describe.each([
  [
    'local folder',
    () => createObjectStore({ kind: 'local', dir: fs.mkdtempSync(path.join(os.tmpdir(), 'bitaqa-st-')) }),
  ],
  [
    'S3-compatible (s3rver)',
    () => {
      const c = loadConfig({ NODE_ENV: 'test', DATA_DIR: os.tmpdir(), SESSION_SECRET: 'x'.repeat(32), ...s3.env });
      return createObjectStore(c.storage);
    },
  ],
])('%s store', (_name, make) => {
  let store: ObjectStore;
  beforeAll(() => {
    store = make();
  });
  afterAll(async () => store?.close());

  it('stores, describes, streams, lists and deletes an object; a missing one is null, deleting it twice is fine', async () => {
    const k = key();
    const data = crypto.randomBytes(70_000);
    expect(await store.head(k)).toBeNull();
    expect(await store.get(k)).toBeNull();
    await store.put(k, data, 'image/webp');
    expect(await store.head(k)).toEqual({ key: k, size: data.length, contentType: 'image/webp' });
    const got = await store.get(k);
    expect(got).toMatchObject({ key: k, size: data.length, contentType: 'image/webp' });
    const bytes = Buffer.concat(await (got?.body.toArray() ?? []));
    expect(bytes.equals(data)).toBe(true);
    const listed: string[] = [];
    for await (const o of store.list()) listed.push(o.key);
    expect(listed).toContain(k);
    await store.delete(k);
    expect(await store.head(k)).toBeNull();
    expect(await store.get(k)).toBeNull();
    await store.delete(k);
  });

  it('replaces an object put again under the same key', async () => {
    const k = key();
    await store.put(k, Buffer.from('first'), 'image/webp');
    await store.put(k, Buffer.from('second!'), 'image/webp');
    const got = await store.get(k);
    expect(Buffer.concat(await (got?.body.toArray() ?? [])).toString()).toBe('second!');
    await store.delete(k);
  });
});

describe('configuration', () => {
  const base = { NODE_ENV: 'test', DATA_DIR: os.tmpdir(), SESSION_SECRET: 'x'.repeat(32) };
  it('defaults to the local DATA_DIR/uploads folder', () => {
    expect(loadConfig(base).storage).toEqual({ kind: 'local', dir: path.join(path.resolve(os.tmpdir()), 'uploads') });
  });
  it('reads every S3 setting', () => {
    expect(loadConfig({ ...base, ...s3.env }).storage).toEqual({
      kind: 's3',
      endpoint: s3.endpoint,
      bucket: s3.bucket,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    });
  });
  it('refuses S3 without a bucket, half a key pair, a bad value, or S3 settings without STORAGE=s3', () => {
    expect(() => loadConfig({ ...base, STORAGE: 's3' })).toThrow(/S3_BUCKET: required when STORAGE=s3/);
    expect(() => loadConfig({ ...base, STORAGE: 's3', S3_BUCKET: 'photos', S3_ACCESS_KEY_ID: 'k' })).toThrow(
      /set both or neither/,
    );
    expect(() => loadConfig({ ...base, STORAGE: 'ftp' })).toThrow(/STORAGE: must be "local" or "s3"/);
    expect(() => loadConfig({ ...base, STORAGE: 's3', S3_BUCKET: 'Bad_Bucket' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ ...base, S3_BUCKET: 'photos' })).toThrow(/S3_BUCKET: set STORAGE=s3/);
  });
  it('requires region and keys in production with STORAGE=s3', () => {
    const prod = {
      ...base,
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://bitaqa.ae',
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: 'Sapphire-Dune-Harbour-41',
      PAYMENTS: 'test',
      STORAGE: 's3',
      S3_BUCKET: 'photos',
    };
    expect(() => loadConfig(prod)).toThrow(
      /S3_REGION: required[\s\S]*S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: required/,
    );
    expect(
      loadConfig({ ...prod, S3_REGION: 'me-central-1', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' }).storage.kind,
    ).toBe('s3');
  });
});

describe('the app on S3 storage', () => {
  it('stores an upload in the bucket and serves it through the app with a year-long cache and an ETag', async () => {
    const t = await createTestApp({ env: s3.env });
    const user = await t.signUp();
    const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#0ea5e9' } })
      .png()
      .toBuffer();
    const { payload, headers } = multipartFile(photo, { filename: 'a.png', contentType: 'image/png' });
    const res = await t.inject({ method: 'POST', url: '/api/uploads/images', payload, headers, as: user });
    expect(res.statusCode, res.body).toBe(201);
    const url: string = res.json().url;
    const name = url.split('/').pop() as string;
    // In the bucket, not on this process's disk.
    expect(await t.app.ctx.uploads.store.head(name)).toMatchObject({ contentType: 'image/webp' });
    expect(fs.existsSync(path.join(t.config.dataDir, 'uploads', name))).toBe(false);

    const served = await t.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers.etag).toBe(`"${name.replace('.webp', '')}"`);
    expect((await sharp(served.rawPayload).metadata()).width).toBe(400);
    const again = await t.inject({ method: 'GET', url, headers: { 'if-none-match': served.headers.etag as string } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect((await t.inject({ method: 'GET', url: `/api/uploads/${'b'.repeat(64)}.webp` })).statusCode).toBe(404);
  });

  it('answers 503 with Retry-After, not 500, while the storage is unreachable', async () => {
    const down = await startLocalS3();
    const t = await createTestApp({ env: down.env });
    await down.close();
    const res = await t.inject({ method: 'GET', url: `/api/uploads/${'c'.repeat(64)}.webp` });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json().code).toBe('STORAGE_UNAVAILABLE');
  });
});
