/**
 * The client's address and limits shared by every process: a forged
 * X-Forwarded-For no longer picks the client's address, counters live in the database so a
 * flood of other keys never resets a victim's counter, and two app processes on one database
 * share one limit.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../app';
import { businessCards, rateLimits } from '../../db/schema';
import { createTestApp, MemoryMailer, testConfig, type TestApp } from '../../../../tests/helpers/app';

const lead = {
  inquirerName: 'Visitor',
  inquirerEmail: 'visitor@example.com',
  inquiryType: 'buying',
  message: 'Interested in your listings',
  consent: true,
};

async function publicCard(t: TestApp): Promise<string> {
  const owner = await t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' });
  const [card] = await t.database.db
    .insert(businessCards)
    .values({ userId: owner.user.id, name: 'Owner Card', profession: 'Broker', status: 'approved', isPublic: true })
    .returning();
  return card.id;
}

const inquire = (t: TestApp, cardId: string, headers: Record<string, string>, remoteAddress = '203.0.113.7') =>
  t.inject({ method: 'POST', url: `/api/business-cards/${cardId}/inquiries`, payload: lead, headers, remoteAddress });

const t = await createTestApp();
const proxied = await createTestApp({ env: { TRUST_PROXY: '1' } });

describe('client address (TRUST_PROXY unset)', () => {
  it('ignores X-Forwarded-For: rotating the header does not get past the inquiry limit of 5', async () => {
    const cardId = await publicCard(t);
    const codes: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      codes.push((await inquire(t, cardId, { 'x-forwarded-for': `198.51.100.${i + 1}` })).statusCode);
    }
    expect(codes.filter((c) => c === 201)).toHaveLength(5);
    expect(codes.slice(5).every((c) => c === 429)).toBe(true);
  });

  it('answers 429 with Retry-After', async () => {
    const cardId = await publicCard(t);
    let last = await inquire(t, cardId, {}, '203.0.113.8');
    for (let i = 0; i < 5; i += 1) last = await inquire(t, cardId, {}, '203.0.113.8');
    expect(last.statusCode).toBe(429);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    expect(last.json().retryAfter).toBeGreaterThan(0);
  });

  // 1,500 keys, each its own database round trip: generous time for a loaded 2-core machine.
  it('keeps a victim counter through a flood of 1,500 other keys (no global reset), in the database', {
    timeout: 240_000,
  }, async () => {
    const cardId = await publicCard(t);
    const victim = '203.0.113.9';
    for (let i = 0; i < 5; i += 1) expect((await inquire(t, cardId, {}, victim)).statusCode).toBe(201);
    const flood = t.app.ctx.limits.limiter('inquiries', { points: 5, durationSec: 600 });
    for (let i = 0; i < 1500; i += 1) await flood.count(`10.${i >> 8}.${i & 255}.1`);
    expect((await inquire(t, cardId, {}, victim)).statusCode).toBe(429);
    const [{ n }] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(rateLimits);
    expect(n).toBeGreaterThan(1500);
  });
});

describe('client address behind a proxy (TRUST_PROXY=1)', () => {
  it("believes exactly one hop: the proxy's view of the client, not the client's own claims", async () => {
    const cardId = await publicCard(proxied);
    // The client prepends forged addresses; the proxy (the socket peer) appends the real one.
    const codes: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      const res = await inquire(proxied, cardId, { 'x-forwarded-for': `198.51.100.${i}, 192.0.2.50` }, '10.0.0.2');
      codes.push(res.statusCode);
    }
    expect(codes.filter((c) => c === 201)).toHaveLength(5);
    // Another real client behind the same proxy is not affected.
    expect((await inquire(proxied, cardId, { 'x-forwarded-for': '192.0.2.51' }, '10.0.0.2')).statusCode).toBe(201);
  });
});

describe('shared limits across processes', () => {
  it('two app instances on one database allow the limit of 5 in total, not 5 each', async () => {
    const second = await buildApp({
      config: testConfig(),
      database: t.database,
      mailer: new MemoryMailer(),
      serveWeb: false,
    });
    await second.ready();
    try {
      const cardId = await publicCard(t);
      const codes: number[] = [];
      for (let i = 0; i < 10; i += 1) {
        const app = i % 2 === 0 ? t.app : second;
        const res = await app.inject({
          method: 'POST',
          url: `/api/business-cards/${cardId}/inquiries`,
          payload: lead,
          remoteAddress: '203.0.113.20',
        });
        codes.push(res.statusCode);
      }
      expect(codes.filter((c) => c === 201)).toHaveLength(5);
      expect(codes.filter((c) => c === 429)).toHaveLength(5);
    } finally {
      await second.close();
    }
  });
});

describe('TRUST_PROXY values', () => {
  it('refuses "true" (any client could pick its address) and bad addresses', async () => {
    expect(() => testConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(() => testConfig({ TRUST_PROXY: '10.0.0.1, not-an-ip' })).toThrow(/not-an-ip/);
    expect(testConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(testConfig({}).trustProxy).toBe(false);
  });
});
