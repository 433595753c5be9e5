/**
 * POST /api/contacts with an Idempotency-Key, as the offline capture sends it: the same key and
 * body add one contact however often they arrive and answer the same each time; the same key with
 * another body is refused; another user's identical key is their own; a key is kept for a day.
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../../../tests/helpers/app';
import { multipartFile } from '../../../../tests/helpers/discovery';

let t: TestApp;
let clock = new Date('2026-11-28T05:00:00Z');
let owner: TestUser;
let other: TestUser;

const post = (payload: Record<string, unknown>, key: string | undefined, as: TestUser) =>
  t.inject({
    method: 'POST',
    url: '/api/contacts',
    payload,
    headers: key === undefined ? {} : { 'idempotency-key': key },
    as,
  });
const namesOf = async (as: TestUser, q: string) => {
  const res = await t.inject({ method: 'GET', url: `/api/contacts?q=${encodeURIComponent(q)}`, as });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { items: { name: string }[] }).items.map((c) => c.name);
};

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  owner = await t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' });
  other = await t.signUp({ role: 'investor' });
});

describe('Idempotency-Key on POST /api/contacts', () => {
  it('adds the contact once for the same key and body, and answers the same each time', async () => {
    const key = randomUUID();
    const body = { name: 'Layla Haddad', phones: ['050 444 1122'], event: 'Cityscape' };
    const first = await post(body, key, owner);
    expect(first.statusCode, first.body).toBe(201);
    const again = await post(body, key, owner);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    // The same body written with its keys in another order is still the same request.
    const reordered = await post({ event: 'Cityscape', phones: ['050 444 1122'], name: 'Layla Haddad' }, key, owner);
    expect(reordered.json().id).toBe(first.json().id);
    expect(await namesOf(owner, 'Layla Haddad')).toEqual(['Layla Haddad']);
  });

  it('refuses the same key with a different body, and adds nothing', async () => {
    const key = randomUUID();
    expect((await post({ name: 'Omar Farouk' }, key, owner)).statusCode).toBe(201);
    const changed = await post({ name: 'Omar Farouk', company: 'Emaar' }, key, owner);
    expect(changed.statusCode, changed.body).toBe(422);
    expect(changed.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await namesOf(owner, 'Omar Farouk')).toEqual(['Omar Farouk']);
  });

  it('keeps two users apart: another user sending the same key gets their own contact', async () => {
    const key = randomUUID();
    const body = { name: 'Noura Saeed' };
    const mine = await post(body, key, owner);
    const theirs = await post(body, key, other);
    expect(mine.statusCode).toBe(201);
    expect(theirs.statusCode, theirs.body).toBe(201);
    expect(theirs.json().id).not.toBe(mine.json().id);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(await namesOf(owner, 'Noura Saeed')).toEqual(['Noura Saeed']);
    expect(await namesOf(other, 'Noura Saeed')).toEqual(['Noura Saeed']);
  });

  it('does not keep a refused request: fixing the body and sending the key again adds it', async () => {
    const key = randomUUID();
    const invalid = await post({ name: '' }, key, owner);
    expect(invalid.statusCode).toBe(400);
    const fixed = await post({ name: 'Hassan Ali' }, key, owner);
    expect(fixed.statusCode, fixed.body).toBe(201);
  });

  it('answers a scanned card saved again, its photo uploaded again, from the first answer', async () => {
    // What the scan page sends for a card photographed offline: the same photo bytes give the
    // same stored URL, so the retried contact is the same request as the first.
    const png = await sharp({ create: { width: 24, height: 16, channels: 3, background: '#2a6f97' } })
      .png()
      .toBuffer();
    const uploadPhoto = async () => {
      const res = await t.inject({
        method: 'POST',
        url: '/api/uploads/images',
        ...multipartFile(png, { filename: 'front.jpg', contentType: 'image/png' }),
        as: owner,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().url as string;
    };
    const key = randomUUID();
    const contact = (photoUrl: string) => ({ name: 'Scanned Broker', company: 'Gulf Homes', source: 'scan', photoUrl });
    const first = await post(contact(await uploadPhoto()), key, owner);
    expect(first.statusCode, first.body).toBe(201);
    const again = await post(contact(await uploadPhoto()), key, owner);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().id).toBe(first.json().id);
    expect(await namesOf(owner, 'Scanned Broker')).toEqual(['Scanned Broker']);
  });

  it('refuses a malformed key and forgets keys after a day', async () => {
    const bad = await post({ name: 'Key Tester' }, 'has spaces in it', owner);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('IDEMPOTENCY_KEY_INVALID');

    const key = randomUUID();
    const first = await post({ name: 'Rania Khoury' }, key, owner);
    clock = new Date(clock.getTime() + 23 * 3600 * 1000);
    expect((await post({ name: 'Rania Khoury' }, key, owner)).json().id).toBe(first.json().id);
    clock = new Date(clock.getTime() + 2 * 3600 * 1000);
    const later = await post({ name: 'Rania Khoury' }, key, owner);
    expect(later.statusCode).toBe(201);
    expect(later.json().id).not.toBe(first.json().id);
  });

  it('works as before without a key: each request adds a contact', async () => {
    await post({ name: 'Sami Nasser' }, undefined, owner);
    await post({ name: 'Sami Nasser' }, undefined, owner);
    expect(await namesOf(owner, 'Sami Nasser')).toHaveLength(2);
  });
});
