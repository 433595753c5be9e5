/**
 * Database faults are weather, not death. A real server process on
 * PostgreSQL takes writes from 8 concurrent clients while the test terminates the app's
 * backends 30 times in 3 s: the process stays up, clients get 503 + Retry-After (never 500)
 * during the outage, and every acknowledged message is in the database afterwards.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { users } from './schema';
import { hashPassword } from '../modules/auth/passwords';
import { createTestDatabase, type TestDatabase, usePostgres } from '../../../tests/helpers/test-db';
import { SERVER_BUNDLE, type ServerProcess, serverEnv, spawnServer } from '../../../tests/helpers/server-process';

const APP_NAME = 'bitaqa_fault_test';

describe.skipIf(!usePostgres)('PostgreSQL backends terminated under write load', () => {
  let database: TestDatabase;
  let server: ServerProcess;
  let admin: pg.Client;

  async function signIn(email: string, password: string): Promise<string> {
    const res = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    expect(res.status).toBe(200);
    return res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
  }

  async function user(name: string): Promise<{ id: string; email: string }> {
    const email = `${name}.${Math.random().toString(36).slice(2)}@example.com`;
    const [row] = await database.db
      .insert(users)
      .values({
        email,
        passwordHash: await hashPassword('password-123'),
        firstName: name,
        lastName: 'Test',
        phoneNumber: '501234567',
        countryCode: '+971',
        isEmailVerified: true,
        roleChosen: true,
      })
      .returning();
    return { id: row.id, email };
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    const url = new URL(database.url as string);
    url.searchParams.set('application_name', APP_NAME);
    server = await spawnServer(serverEnv({ DATABASE_URL: url.toString() }), { entry: SERVER_BUNDLE });
    admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
  }, 180_000);

  afterAll(async () => {
    await server?.stop('SIGKILL');
    await admin?.end();
    await database?.close();
  });

  it('stays up, answers 503 during the outage and keeps every acknowledged write', { timeout: 300_000 }, async () => {
    // Eight writers, each its own user and conversation (the per-user message limit stays far away).
    const recipient = await user('Carlos');
    const writers: { cookie: string; conversationId: string }[] = [];
    for (let w = 0; w < 8; w++) {
      const sender = await user(`Writer${w}`);
      const cookie = await signIn(sender.email, 'password-123');
      const started = await fetch(`${server.url}/api/conversations`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ participantId: recipient.id }),
      });
      writers.push({ cookie, conversationId: (await started.json()).id as string });
    }

    const acknowledged: string[] = [];
    const statuses = new Map<number, number>();
    let missingRetryAfter = 0;
    let killing = true;
    let okAfterOutage = 0;
    let giveUpAt = Number.POSITIVE_INFINITY;

    const writer = async (w: number) => {
      const { cookie, conversationId } = writers[w];
      // Paced so each writer stays under the per-user message limit (30 a minute) on a fast
      // machine: about 20 messages in the 3 s outage, a few after it, never more than 28.
      for (let n = 0; n < 28 && (killing || (okAfterOutage < 8 && Date.now() < giveUpAt)); n++) {
        if (n > 0) await new Promise((r) => setTimeout(r, 150));
        const content = `writer ${w} message ${n}`;
        const res = await fetch(`${server.url}/api/messages`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie },
          body: JSON.stringify({ conversationId, content }),
        });
        await res.arrayBuffer();
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (res.status === 201) {
          acknowledged.push(content);
          if (!killing) okAfterOutage++;
        }
        if (res.status === 503 && !res.headers.get('retry-after')) missingRetryAfter++;
      }
    };

    const killer = async () => {
      // 30 rounds in 3 s: terminate every backend of the app (pool and listener connections).
      for (let round = 0; round < 30; round++) {
        await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1', [
          APP_NAME,
        ]);
        await new Promise((r) => setTimeout(r, 100));
      }
      killing = false;
      giveUpAt = Date.now() + 20_000;
    };

    await Promise.all([killer(), ...Array.from({ length: 8 }, (_, w) => writer(w))]);

    const served = Object.fromEntries(statuses);
    expect(server.child.exitCode, server.output()).toBeNull();
    expect(okAfterOutage, server.output().slice(-5000)).toBeGreaterThanOrEqual(8);
    // Only success or a retryable "come back later" — never a 500.
    expect(Object.keys(served).sort(), JSON.stringify(served)).toEqual(expect.arrayContaining(['201']));
    for (const status of statuses.keys()) expect([201, 503], JSON.stringify(served)).toContain(status);
    expect(statuses.get(503) ?? 0, JSON.stringify(served)).toBeGreaterThan(0);
    expect(missingRetryAfter).toBe(0);

    const stored = await admin.query<{ content: string }>('select content from messages');
    const inDb = new Set(stored.rows.map((r) => r.content));
    const lost = acknowledged.filter((c) => !inDb.has(c));
    expect(lost).toEqual([]);
    expect(acknowledged.length).toBeGreaterThan(8);

    const health = await fetch(`${server.url}/api/auth/user`, { headers: { cookie: writers[0].cookie } });
    expect(health.status).toBe(200);
  });
});
