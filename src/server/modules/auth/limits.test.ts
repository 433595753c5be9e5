/**
 * The missing limits. Register, resend-verification, messages, new
 * conversations and /api/search now stop a burst; the paid AI refiner is asked once per query
 * (cached) and never more than its per-client budget.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestUser } from '../../../../tests/helpers/app';
import { RATE_RULES } from '../../platform/rate-limit/rules';

let aiCalls = 0;
const fakeAi = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    aiCalls += 1;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        id: 'x',
        object: 'chat.completion',
        created: 0,
        model: 'test',
        choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: '{"bedrooms":2}' } }],
      }),
    );
  });
});
await new Promise<void>((resolve) => fakeAi.listen(0, '127.0.0.1', resolve));
afterAll(async () => {
  fakeAi.closeAllConnections();
  await new Promise((resolve) => fakeAi.close(resolve));
});
const t = await createTestApp({
  env: { AI_BASE_URL: `http://127.0.0.1:${(fakeAi.address() as AddressInfo).port}/v1`, AI_API_KEY: 'k' },
});

const statuses = async (n: number, call: (i: number) => Promise<{ statusCode: number }>) => {
  const out: number[] = [];
  for (let i = 0; i < n; i += 1) out.push((await call(i)).statusCode);
  return out;
};
const count = (codes: number[], status: number) => codes.filter((c) => c === status).length;

describe('limits on writes that cost someone else', () => {
  it('register: 25 sign-ups from one address stop after 10', async () => {
    const codes = await statuses(25, (i) =>
      t.inject({
        method: 'POST',
        url: '/api/auth/register',
        remoteAddress: '198.51.100.1',
        payload: {
          firstName: 'Bulk',
          lastName: `Signup${i}`,
          email: `bulk${i}@example.com`,
          phoneNumber: '501234567',
          countryCode: '+971',
          password: 'correct horse battery staple',
          confirmPassword: 'correct horse battery staple',
        },
      }),
    );
    expect(count(codes, 201)).toBe(RATE_RULES.register.points);
    expect(count(codes, 429)).toBe(25 - RATE_RULES.register.points);
  });

  it('resend-verification: 20 requests for one inbox send at most 3 e-mails', async () => {
    const target = 'victim-inbox@example.com';
    await t.inject({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress: '198.51.100.2',
      payload: {
        firstName: 'Inbox',
        lastName: 'Owner',
        email: target,
        phoneNumber: '501234567',
        countryCode: '+971',
        password: 'correct horse battery staple',
        confirmPassword: 'correct horse battery staple',
      },
    });
    const before = t.mailer.sent.filter((m) => m.to === target).length;
    const codes = await statuses(20, (i) =>
      t.inject({
        method: 'POST',
        url: '/api/auth/resend-verification',
        payload: { email: target },
        remoteAddress: `198.51.100.${10 + i}`,
      }),
    );
    expect(count(codes, 200)).toBe(RATE_RULES.resendPerEmail.points);
    expect(t.mailer.sent.filter((m) => m.to === target).length - before).toBe(RATE_RULES.resendPerEmail.points);
  });

  it('messages: a burst of 60 stops after 30', async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    const conv = await t.inject({
      method: 'POST',
      url: '/api/conversations',
      payload: { participantId: b.user.id },
      as: a,
    });
    const conversationId = conv.json().id;
    const codes = await statuses(60, (i) =>
      t.inject({ method: 'POST', url: '/api/messages', payload: { conversationId, content: `spam ${i}` }, as: a }),
    );
    expect(count(codes, 201)).toBe(RATE_RULES.messages.points);
    expect(count(codes, 429)).toBe(60 - RATE_RULES.messages.points);
  });

  it('new conversations: 28 in a row stop after 20', async () => {
    const a = await t.signUp();
    const others: TestUser[] = [];
    for (let i = 0; i < 28; i += 1) others.push(await t.signUp());
    const codes = await statuses(28, (i) =>
      t.inject({ method: 'POST', url: '/api/conversations', payload: { participantId: others[i].user.id }, as: a }),
    );
    expect(count(codes, 201)).toBe(RATE_RULES.newConversations.points);
    expect(count(codes, 429)).toBe(28 - RATE_RULES.newConversations.points);
  });
});

describe('/api/search', () => {
  it('asks the paid AI once for a repeated query (cache) and within a per-client budget', async () => {
    aiCalls = 0;
    for (let i = 0; i < 5; i += 1) {
      const res = await t.inject({
        method: 'GET',
        url: '/api/search?q=villa%20in%20dubai',
        remoteAddress: '203.0.113.1',
      });
      expect(res.statusCode).toBe(200);
    }
    expect(aiCalls).toBe(1);
    // Distinct queries: the budget caps the paid calls; past it the parser's answer stands.
    const codes = await statuses(20, (i) =>
      t.inject({ method: 'GET', url: `/api/search?q=apartment%20${i}%20marina`, remoteAddress: '203.0.113.2' }),
    );
    expect(codes.every((c) => c === 200)).toBe(true);
    expect(aiCalls).toBe(1 + RATE_RULES.searchAi.points);
  });

  it('anonymous requests from one address stop at 30 a minute', async () => {
    const codes = await statuses(40, (i) =>
      t.inject({ method: 'GET', url: `/api/search?q=broker%20${i % 3}`, remoteAddress: '203.0.113.3' }),
    );
    expect(count(codes, 200)).toBe(RATE_RULES.search.points);
    expect(count(codes, 429)).toBe(40 - RATE_RULES.search.points);
  });
});
