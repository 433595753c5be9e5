/**
 * Shared rate limits, the Redis path: with REDIS_URL set, the counters
 * live in Redis, so two app instances that share nothing else (each its own database) still allow
 * the limit in total, not each. Needs the Redis server at 127.0.0.1:6379 (it runs on this machine
 * and on CI); keys are unique per run so runs side by side never share a counter.
 */
import crypto from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { businessCards, rateLimits, users } from '../../db/schema';
import { createTestApp } from '../../../../tests/helpers/app';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const hashKey = (key: string) => crypto.createHash('sha256').update(key).digest('base64url').slice(0, 32);

const one = await createTestApp({ env: { REDIS_URL } });
const two = await createTestApp({ env: { REDIS_URL } });
const redis = new Redis(REDIS_URL);
afterAll(() => redis.quit());

const lead = {
  inquirerName: 'Visitor',
  inquirerEmail: 'visitor@example.com',
  inquiryType: 'buying',
  message: 'Interested in your listings',
  consent: true,
};

describe('rate limits in Redis (REDIS_URL)', () => {
  it('two app instances with separate databases share one counter: 5 inquiries in total, not 5 each', async () => {
    // The same public card in both databases, so only the limit can tell the instances apart.
    const owner = await one.signUp({ role: 'investor' });
    const [card] = await one.database.db
      .insert(businessCards)
      .values({
        userId: owner.user.id,
        name: 'Shared Card',
        profession: 'Investor',
        status: 'approved',
        isPublic: true,
      })
      .returning();
    await two.database.db.insert(users).values(owner.user);
    await two.database.db.insert(businessCards).values(card);

    // A documentation address unique to this run (no other run shares its counter).
    const client = `2001:db8::${crypto
      .randomBytes(4)
      .toString('hex')
      .replace(/(....)(....)/, '$1:$2')}`;
    const codes: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      const app = i % 2 === 0 ? one : two;
      const res = await app.inject({
        method: 'POST',
        url: `/api/business-cards/${card.id}/inquiries`,
        payload: lead,
        remoteAddress: client,
      });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 5)).toEqual([201, 201, 201, 201, 201]);
    expect(codes.slice(5)).toEqual([429, 429, 429, 429, 429]);

    // The counter is in Redis, hashed (no address stored), and not in either database.
    const keys = await redis.keys(`inquiries:${hashKey(client)}*`);
    expect(keys.length).toBeGreaterThan(0);
    expect(Number(await redis.get(keys[0] as string))).toBeGreaterThanOrEqual(5);
    expect(await redis.keys(`*${client}*`)).toEqual([]);
    for (const t of [one, two]) expect(await t.database.db.select().from(rateLimits)).toEqual([]);
  });
});
