/**
 * Start and stop like a service, on the compiled server (`npm run build:server`, which
 * the test run's global setup does, then `node dist/server/main.js` as `npm run serve` runs it):
 * SIGTERM closes live sockets with 1001 "going away", lets the in-flight request finish and exits
 * 0; a request that hangs past SHUTDOWN_TIMEOUT_MS does not keep the process alive.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { usePostgres } from '../../tests/helpers/test-db';
import { afterAll, describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import { SERVER_BUNDLE, serverEnv, spawnServer } from '../../tests/helpers/server-process';

/** An OpenAI-compatible endpoint that answers only when the test says so: a request held in flight. */
function slowAi() {
  let arrived!: () => void;
  const received = new Promise<void>((r) => {
    arrived = r;
  });
  const held: http.ServerResponse[] = [];
  const server = http.createServer((req, res) => {
    req.resume();
    held.push(res);
    arrived();
  });
  return {
    received,
    async start(): Promise<string> {
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
    },
    release() {
      const content = JSON.stringify({ profession: 'Real Estate Broker', description: 'Dubai Marina specialist.' });
      for (const res of held.splice(0)) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            id: 'x',
            object: 'chat.completion',
            created: 0,
            model: 'm',
            choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content } }],
          }),
        );
      }
    },
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

async function adminCookie(url: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/admin-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'admin-password-1' }),
  });
  expect(res.status).toBe(200);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

function generate(url: string, cookie: string) {
  return fetch(`${url}/api/ai/generate-card-content`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ role: 'real_estate_broker', name: 'Ahmed Al Mansoori' }),
  });
}

// The servers it starts run on an embedded database whatever TEST_TARGET says: the PGlite run
// covers this file, and the PostgreSQL run would only repeat it.
describe.skipIf(usePostgres)('shutdown of the compiled server', () => {
  const ais: ReturnType<typeof slowAi>[] = [];
  afterAll(() => {
    for (const ai of ais) ai.close();
  });

  it('on SIGTERM says "going away" to sockets, finishes the request in flight and exits 0', {
    timeout: 300_000,
  }, async () => {
    const ai = slowAi();
    ais.push(ai);
    const server = await spawnServer(serverEnv({ AI_BASE_URL: await ai.start(), AI_API_KEY: 'test' }), {
      entry: SERVER_BUNDLE,
      databaseFolder: inject('pgliteFolder'),
    });
    const cookie = await adminCookie(server.url);
    const ws = new WebSocket(`${server.url.replace('http', 'ws')}/ws`, { headers: { cookie } });
    const closed = new Promise<{ code: number; reason: string }>((resolve) =>
      ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });

    const inFlight = generate(server.url, cookie);
    await ai.received;
    server.child.kill('SIGTERM');

    expect(await closed).toEqual({ code: 1001, reason: 'Server shutting down' });
    // A new request now gets a clean, retryable answer: refused, or 503 from the closing server.
    const late = await fetch(`${server.url}/health/live`).then(
      (r) => r.status,
      () => 'refused',
    );
    expect([503, 'refused']).toContain(late);

    ai.release();
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect((await res.json()).profession).toBe('Real Estate Broker');
    expect(await server.exited, server.output().slice(-3000)).toBe(0);
  });

  it('exits at the deadline when a request never finishes', { timeout: 300_000 }, async () => {
    const ai = slowAi();
    ais.push(ai);
    const server = await spawnServer(
      serverEnv({ AI_BASE_URL: await ai.start(), AI_API_KEY: 'test', SHUTDOWN_TIMEOUT_MS: '1500' }),
      { entry: SERVER_BUNDLE, databaseFolder: inject('pgliteFolder') },
    );
    const cookie = await adminCookie(server.url);
    const hanging = generate(server.url, cookie).then(
      (r) => r.status,
      () => 'connection closed',
    );
    await ai.received;
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('shutdown deadline passed');
    expect(await hanging).toBe('connection closed');
  });
});
