/**
 * Every error leaves in one shape, { message, code }, including the ones Fastify itself raises
 * before a route runs: a broken %-escape in the path, malformed JSON, a body too large, an
 * unsupported content type. A client parses one shape and never meets Fastify's default body.
 */
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../tests/helpers/app';

const t = await createTestApp();

function ourShape(res: { statusCode: number; body: string; headers: Record<string, unknown> }) {
  expect(String(res.headers['content-type'])).toMatch(/application\/json/);
  const body = JSON.parse(res.body) as Record<string, unknown>;
  expect(typeof body.message).toBe('string');
  expect(typeof body.code).toBe('string');
  expect(body).not.toHaveProperty('statusCode');
  expect(body).not.toHaveProperty('error');
  return body;
}

describe("Fastify's own errors", () => {
  it('a broken %-escape in the path answers 400 BAD_URL', async () => {
    for (const url of ['/cards/%E0%A4%A', '/api/business-cards/%E0%A4%A']) {
      const res = await t.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(ourShape(res).code).toBe('BAD_URL');
    }
  });

  it('malformed JSON, a body too large and an unsupported content type keep the shape', async () => {
    const user = await t.signUp();
    const malformed = await t.inject({
      method: 'PATCH',
      url: '/api/auth/profile',
      as: user,
      headers: { 'content-type': 'application/json' },
      payload: '{"firstName": ',
    });
    expect(malformed.statusCode).toBe(400);
    ourShape(malformed);
    const large = await t.inject({
      method: 'PATCH',
      url: '/api/auth/profile',
      as: user,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ bio: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(large.statusCode).toBe(413);
    ourShape(large);
    const foreign = await t.inject({
      method: 'PATCH',
      url: '/api/auth/profile',
      as: user,
      headers: { 'content-type': 'application/x-unknown' },
      payload: 'firstName=x',
    });
    expect(foreign.statusCode).toBe(415);
    ourShape(foreign);
  });
});
