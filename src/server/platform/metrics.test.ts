/**
 * Observability: Prometheus metrics at /metrics and request ids in every log line.
 */
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../tests/helpers/app';

describe('GET /metrics', { timeout: 180_000 }, () => {
  it('serves per-route latency, connections and outbox depth to a local scraper only', async () => {
    const t = await createTestApp();
    const user = await t.signUp();
    await t.inject({ method: 'GET', url: '/api/auth/user', as: user });
    await t.inject({ method: 'PATCH', url: '/api/account/settings', as: user, payload: { cardVisibility: 'private' } });

    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const body = res.body;
    // Latency histogram per route (its _count is the request rate), labelled by the route pattern.
    expect(body).toMatch(
      /http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/api\/auth\/user",status_code="200"\}/,
    );
    expect(body).toMatch(
      /http_request_duration_seconds_count\{method="PATCH",route="\/api\/account\/settings",status_code="200"\} 1/,
    );
    expect(body).toMatch(/bitaqa_open_connections\{kind="websocket"\} 0/);
    expect(body).toMatch(/bitaqa_mail_outbox_messages\{state="pending"\} 0/);
    expect(body).toMatch(/bitaqa_mail_outbox_deliveries_total\{outcome="sent"\} \d+/);
    expect(body).toMatch(/process_resident_memory_bytes \d+/);

    // From another machine, or through a proxy on this one: refused.
    expect((await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.7' })).statusCode).toBe(403);
    const proxied = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { 'x-forwarded-for': '198.51.100.1' },
    });
    expect(proxied.statusCode).toBe(403);
    expect(proxied.json()).toMatchObject({ code: 'METRICS_FORBIDDEN' });
  });

  it('with METRICS_TOKEN: the bearer token from anywhere, nothing without it', async () => {
    const token = 'metrics-token-0123456789abcdef';
    const t = await createTestApp({ env: { METRICS_TOKEN: token } });
    const from = { remoteAddress: '203.0.113.7' };
    expect((await t.app.inject({ method: 'GET', url: '/metrics', ...from })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(403);
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      ...from,
      headers: { authorization: 'Bearer metrics-token-0123456789abcdeX' },
    });
    expect(wrong.statusCode).toBe(403);
    const ok = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      ...from,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('bitaqa_mail_outbox_messages');
  });
});

describe('request ids', { timeout: 180_000 }, () => {
  it('every log line written during a request carries its id, also from loggers that are not the request’s', async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        for (const l of String(chunk).split('\n')) if (l.trim()) lines.push(JSON.parse(l));
        done();
      },
    });
    const t = await createTestApp({ env: { LOG_LEVEL: 'info' }, logStream: stream });
    const user = await t.signUp();
    const start = lines.length;
    const res = await t.inject({
      method: 'DELETE',
      url: '/api/account',
      as: user,
      payload: { confirmEmail: user.user.email },
    });
    expect(res.statusCode).toBe(200);
    const reqId = res.headers['x-request-id'];
    expect(reqId).toMatch(/^[0-9a-f-]{36}$/);
    const during = lines.slice(start).filter((l) => l.msg !== 'e-mail written to outbox' && l.component !== 'outbox');
    // The account service logs through the app's logger, not request.log: it still has the id.
    const deleted = during.find((l) => l.msg === 'account deleted');
    expect(deleted?.reqId).toBe(reqId);
    for (const l of during.filter((x) => x.msg === 'incoming request' || x.msg === 'request completed'))
      expect(l.reqId).toBe(reqId);
    // A client cannot choose its id when no proxy is trusted.
    const forged = await t.app.inject({ method: 'GET', url: '/health/live', headers: { 'x-request-id': 'forged-1' } });
    expect(forged.headers['x-request-id']).not.toBe('forged-1');
  });

  it('takes the id a trusted proxy sends', async () => {
    const t = await createTestApp({ env: { TRUST_PROXY: '1' } });
    const res = await t.app.inject({ method: 'GET', url: '/health/live', headers: { 'x-request-id': 'edge-42.a' } });
    expect(res.headers['x-request-id']).toBe('edge-42.a');
    const bad = await t.app.inject({ method: 'GET', url: '/health/live', headers: { 'x-request-id': 'a b\nc' } });
    expect(bad.headers['x-request-id']).not.toBe('a b\nc');
  });
});
