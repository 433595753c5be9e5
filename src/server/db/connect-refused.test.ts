/**
 * A database that refuses new connections is unavailable, whatever SQLSTATE it refuses them with.
 * During maintenance PostgreSQL answers a new connection with 55000 ("database is not currently
 * accepting connections"), a code that also means a plain mistake inside a session, so the app
 * must recognise the failure by *where* it happened (opening a connection), not by its code alone.
 *
 * A real server process runs against its own throwaway database. The test stops that database
 * accepting connections, terminates the process's backends, and fires a burst at API reads, a
 * write and a public page: every answer must be 503 with Retry-After, none 500, and the process
 * must stay up. Once connections are allowed again the same requests succeed.
 */
import crypto from 'node:crypto';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { hashPassword } from '../modules/auth/passwords';
import { isDatabaseUnavailable, markConnectFailure } from './faults';
import { SERVER_BUNDLE, type ServerProcess, serverEnv, spawnServer } from '../../../tests/helpers/server-process';
import { postgresUrlFor, usePostgres } from '../../../tests/helpers/test-db';

describe.skipIf(!usePostgres)('PostgreSQL refusing new connections (ALLOW_CONNECTIONS false)', () => {
  const dbName = `bitaqa_fault_${crypto.randomBytes(5).toString('hex')}`;
  let admin: pg.Client;
  let server: ServerProcess | undefined;
  let cookie = '';
  let cardId = '';

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName} TEMPLATE ${inject('templateDb')}`);
    const seed = new pg.Client({ connectionString: postgresUrlFor(dbName) });
    await seed.connect();
    try {
      const email = `owner.${dbName}@example.com`;
      const user = await seed.query<{ id: string }>(
        `insert into users (email, password_hash, first_name, last_name, phone_number, country_code,
           is_email_verified, role_chosen)
         values ($1, $2, 'Outage', 'Owner', '501234567', '+971', true, true) returning id`,
        [email, await hashPassword('password-123')],
      );
      const card = await seed.query<{ id: string }>(
        `insert into business_cards (user_id, name, profession, status, is_public)
         values ($1, 'Outage Card', 'Broker', 'approved', true) returning id`,
        [user.rows[0].id],
      );
      cardId = card.rows[0].id;
      server = await spawnServer(serverEnv({ DATABASE_URL: postgresUrlFor(dbName) }), { entry: SERVER_BUNDLE });
      const login = await fetch(`${server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'password-123' }),
      });
      expect(login.status).toBe(200);
      cookie = login.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
    } finally {
      await seed.end();
    }
  }, 180_000);

  afterAll(async () => {
    await server?.stop('SIGKILL');
    await admin?.query(`ALTER DATABASE ${dbName} ALLOW_CONNECTIONS true`).catch(() => {});
    await admin?.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin?.end();
  });

  /** API reads (signed in and anonymous), a write, and the server-rendered public card page. */
  function burst(): Promise<Response>[] {
    const url = (server as ServerProcess).url;
    const requests: Promise<Response>[] = [];
    for (let round = 0; round < 4; round++) {
      requests.push(
        fetch(`${url}/api/auth/user`, { headers: { cookie } }),
        fetch(`${url}/api/properties`),
        fetch(`${url}/api/services`),
        fetch(`${url}/api/business-cards/${cardId}`),
        fetch(`${url}/api/contacts`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie },
          body: JSON.stringify({ name: `Contact ${round}` }),
        }),
        fetch(`${url}/cards/${cardId}`, { headers: { accept: 'text/html,application/xhtml+xml' } }),
      );
    }
    return requests;
  }

  async function answers(): Promise<
    { route: string; status: number; retryAfter: string | null; type: string | null }[]
  > {
    return Promise.all(
      burst().map(async (p) => {
        const res = await p;
        await res.arrayBuffer();
        return {
          route: new URL(res.url).pathname,
          status: res.status,
          retryAfter: res.headers.get('retry-after'),
          type: res.headers.get('content-type'),
        };
      }),
    );
  }

  it('answers 503 with Retry-After on every route while connections are refused, then recovers', {
    timeout: 180_000,
  }, async () => {
    const proc = server as ServerProcess;
    const before = await answers();
    for (const a of before) expect([200, 201], JSON.stringify(a)).toContain(a.status);

    await admin.query(`ALTER DATABASE ${dbName} ALLOW_CONNECTIONS false`);
    await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [dbName]);

    const during = await answers();
    const wrong = during.filter((a) => a.status !== 503 || a.retryAfter === null);
    expect(wrong, proc.output().slice(-4000)).toEqual([]);
    // The browser opening the public page gets a page saying so, not JSON.
    for (const a of during.filter((x) => x.route.startsWith('/cards/'))) expect(a.type).toMatch(/^text\/html/);
    expect(proc.child.exitCode, proc.output().slice(-4000)).toBeNull();

    await admin.query(`ALTER DATABASE ${dbName} ALLOW_CONNECTIONS true`);
    const after = await answers();
    for (const a of after) expect([200, 201], JSON.stringify(a)).toContain(a.status);
    expect(proc.child.exitCode).toBeNull();
  });
});

describe('which database errors answer 503', () => {
  const refused = Object.assign(new Error('database "x" is not currently accepting connections'), {
    code: '55000',
    severity: 'FATAL',
  });

  it('treats 55000 as unavailable when PostgreSQL ends the session with it (FATAL), not as a statement error', () => {
    expect(isDatabaseUnavailable(refused)).toBe(true);
    expect(isDatabaseUnavailable(new DrizzleQueryError('select 1', [], refused))).toBe(true);
    const statementError = Object.assign(new Error('currval of sequence "s" is not yet defined in this session'), {
      code: '55000',
      severity: 'ERROR',
    });
    expect(isDatabaseUnavailable(statementError)).toBe(false);
  });

  it('treats any error raised while opening a connection as unavailable, whatever its SQLSTATE', () => {
    const odd = Object.assign(new Error('role "app" is not permitted to log in'), { code: '28000', severity: 'FATAL' });
    expect(isDatabaseUnavailable(odd)).toBe(false);
    expect(isDatabaseUnavailable(markConnectFailure(odd))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code: '08P01' }))).toBe(true);
  });
});
