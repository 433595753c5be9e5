/**
 * The uploads table: an upload is recorded with its owner; deleting a card or a listing
 * removes the photos nothing else uses (and keeps one another listing still shows); the sweep
 * deletes what stayed unreferenced past the grace period and nothing younger; photos already in
 * storage when the table arrived are registered at start-up. The clock is the app's, moved by hand.
 */
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createTestApp, type TestUser } from '../../../../tests/helpers/app';
import { multipartFile } from '../../../../tests/helpers/discovery';
import { uploads } from '../../db/schema';
import { LocalStore } from '../../platform/storage/object-store';
import { Uploads } from '../../platform/storage/uploads';

let clock = new Date('2026-03-01T08:00:00Z');
const t = await createTestApp({ now: () => clock });
const HOUR = 60 * 60 * 1000;
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

/** Uploads a photo (random pixels unless given: every photo is a different object). */
async function upload(as: TestUser, bytes?: Buffer): Promise<string> {
  const png =
    bytes ??
    (await sharp(crypto.randomBytes(16 * 16 * 3), { raw: { width: 16, height: 16, channels: 3 } })
      .png()
      .toBuffer());
  const res = await t.inject({
    method: 'POST',
    url: '/api/uploads/images',
    ...multipartFile(png, { filename: 'photo.png', contentType: 'image/png' }),
    as,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().url;
}

const keyOf = (url: string) => url.split('/').pop() as string;
const row = async (url: string) =>
  (
    await t.database.db
      .select()
      .from(uploads)
      .where(eq(uploads.key, keyOf(url)))
  )[0];
const served = async (url: string) => (await t.inject({ method: 'GET', url })).statusCode;

async function newCard(as: TestUser, photo: string): Promise<string> {
  const res = await t.inject({
    method: 'POST',
    url: '/api/business-cards',
    payload: { name: 'Card Person', profession: 'Broker', profileImageUrl: photo },
    as,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

let permit = 7_200_000_000;
async function newListing(as: TestUser, photos: string[]): Promise<string> {
  permit += 1;
  const res = await t.inject({
    method: 'POST',
    url: '/api/properties',
    payload: {
      title: 'Flat in Dubai Marina',
      propertyType: 'apartment',
      status: 'for_sale',
      price: 1_000_000,
      city: 'Dubai',
      permitNumber: String(permit),
      permitExpiresOn: '2099-12-31',
      imageUrls: photos,
    },
    as,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

describe('the uploads table', () => {
  it('records an upload with its key, size, type, owner and time; the same photo again is one row, first owner kept', async () => {
    const a = await t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' });
    const b = await t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' });
    const url = await upload(a);
    const r = await row(url);
    expect(r).toMatchObject({ key: keyOf(url), contentType: 'image/webp', ownerId: a.user.id, orphanedAt: null });
    expect(r.size).toBe(fs.statSync(path.join(t.config.dataDir, 'uploads', keyOf(url))).size);
    expect(r.createdAt.toISOString()).toBe(clock.toISOString());
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const first = await upload(a, png);
    const second = await upload(b, png);
    expect(second).toBe(first);
    const rows = await t.database.db
      .select()
      .from(uploads)
      .where(eq(uploads.key, keyOf(first)));
    expect(rows).toHaveLength(1);
    expect(rows[0].ownerId).toBe(a.user.id);
  });

  it('deleting a card removes its photo; a photo a listing still shows stays', async () => {
    const owner = await t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' });
    const alone = await upload(owner);
    const shared = await upload(owner);
    const cardA = await newCard(owner, alone);
    const cardB = await newCard(owner, shared);
    await newListing(owner, [shared]);

    expect((await t.inject({ method: 'DELETE', url: `/api/business-cards/${cardA}`, as: owner })).statusCode).toBe(204);
    expect(await row(alone)).toBeUndefined();
    expect(await served(alone)).toBe(404);
    expect(fs.existsSync(path.join(t.config.dataDir, 'uploads', keyOf(alone)))).toBe(false);

    expect((await t.inject({ method: 'DELETE', url: `/api/business-cards/${cardB}`, as: owner })).statusCode).toBe(204);
    expect(await row(shared)).toMatchObject({ orphanedAt: null });
    expect(await served(shared)).toBe(200);
  });

  it('deleting a listing removes the photos only it used', async () => {
    const owner = await t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' });
    const [p1, p2] = [await upload(owner), await upload(owner)];
    const listing = await newListing(owner, [p1, p2]);
    await newCard(owner, p2);
    expect((await t.inject({ method: 'DELETE', url: `/api/properties/${listing}`, as: owner })).statusCode).toBe(204);
    expect(await served(p1)).toBe(404);
    expect(await row(p1)).toBeUndefined();
    expect(await served(p2)).toBe(200);
  });

  it('the sweep deletes an upload unreferenced past the grace period and keeps a recent one and a used one', async () => {
    const owner = await t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' });
    const old = await upload(owner);
    const used = await upload(owner);
    await newCard(owner, used);
    // First sweep: the unreferenced upload is marked, nothing is deleted yet.
    await t.app.ctx.uploads.sweep();
    expect((await row(old)).orphanedAt?.toISOString()).toBe(clock.toISOString());
    advance(23 * HOUR);
    const recent = await upload(owner); // a photo for a card still being written
    await t.app.ctx.uploads.sweep();
    expect(await served(old)).toBe(200);
    advance(2 * HOUR);
    const result = await t.app.ctx.uploads.sweep();
    expect(result?.removed).toBeGreaterThanOrEqual(1);
    expect(await served(old)).toBe(404);
    expect(await row(old)).toBeUndefined();
    expect(await served(recent)).toBe(200);
    expect(await served(used)).toBe(200);
    expect((await row(used)).orphanedAt).toBeNull();

    // Attached after all (within the grace period): the mark is cleared and the photo stays for good.
    await newCard(owner, recent);
    await t.app.ctx.uploads.sweep();
    expect((await row(recent)).orphanedAt).toBeNull();
    advance(48 * HOUR);
    await t.app.ctx.uploads.sweep();
    expect(await served(recent)).toBe(200);
  });

  it('keeps the photo of a scanned card saved with the contact past the grace period', async () => {
    const owner = await t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' });
    const photo = await upload(owner);
    const saved = await t.inject({
      method: 'POST',
      url: '/api/contacts',
      payload: { name: 'Scanned Person', source: 'scan', photoUrl: photo },
      as: owner,
    });
    expect(saved.statusCode, saved.body).toBe(201);
    await t.app.ctx.uploads.sweep();
    advance(48 * HOUR);
    await t.app.ctx.uploads.sweep();
    expect(await served(photo)).toBe(200);
    expect((await row(photo)).orphanedAt).toBeNull();
  });

  it('registers photos found in storage that the table does not know (existing installs), owner unknown', async () => {
    const key = `${crypto.randomBytes(32).toString('hex')}.webp`;
    const data = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#abcdef' } })
      .webp()
      .toBuffer();
    fs.mkdirSync(path.join(t.config.dataDir, 'uploads'), { recursive: true });
    fs.writeFileSync(path.join(t.config.dataDir, 'uploads', key), data);
    fs.writeFileSync(path.join(t.config.dataDir, 'uploads', 'notes.txt'), 'not an upload');
    expect(await t.app.ctx.uploads.backfill()).toBe(1);
    expect(await row(`/api/uploads/${key}`)).toMatchObject({
      size: data.length,
      ownerId: null,
      contentType: 'image/webp',
    });
    expect(await t.app.ctx.uploads.backfill()).toBe(0);
    expect(await served(`/api/uploads/${key}`)).toBe(200);
  });

  it('sweeps by itself on its interval (one timer per process), until closed', async () => {
    const dir = fs.mkdtempSync(path.join(t.config.dataDir, 'sweep-'));
    const quiet = { info() {}, warn() {} };
    // Its own clock, a day and more ahead of the app's: whatever is unreferenced goes at the second tick.
    let later = new Date(clock.getTime() + 25 * HOUR);
    const sweeper = new Uploads(t.database, new LocalStore(dir), () => later, quiet, { sweepIntervalMs: 25 });
    const key = `${crypto.randomBytes(32).toString('hex')}.webp`;
    await sweeper.put(key, Buffer.from('unused'), 'image/webp', null);
    sweeper.start();
    await expect
      .poll(async () => (await row(`/api/uploads/${key}`))?.orphanedAt ?? null, { timeout: 30_000 })
      .not.toBeNull();
    later = new Date(later.getTime() + 25 * HOUR);
    // The bytes go inside the transaction that deletes the row, so they are gone before the row's
    // deletion commits (visible at once on PostgreSQL, from another connection): wait for the row.
    await expect.poll(async () => (await row(`/api/uploads/${key}`)) ?? null, { timeout: 30_000 }).toBeNull();
    expect(fs.existsSync(path.join(dir, key))).toBe(false);
    await sweeper.close();
  });
});
