/**
 * Delivery across server processes through PostgreSQL LISTEN/NOTIFY.
 * Two app instances, each with its own pool, listener and sockets, share one test database and
 * listen on different ports; nothing connects them but the database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../app';
import { type Database, openDatabase } from '../../db/client';
import { users } from '../../db/schema';
import { hashPassword } from '../auth/passwords';
import { cookiesFrom, testConfig, type TestUser } from '../../../../tests/helpers/app';
import { createTestDatabase, usePostgres } from '../../../../tests/helpers/test-db';
import { connectLive, type LiveClient } from '../../../../tests/helpers/ws-client';
import { WS_CLOSE } from '../../../core/schemas/messaging';

describe.skipIf(!usePostgres)('two server processes on PostgreSQL', () => {
  let db1: Database;
  let db2: Database;
  let app1: FastifyInstance;
  let app2: FastifyInstance;
  let url1 = '';
  let url2 = '';
  let a: TestUser;
  let b: TestUser;
  let conversationId = '';
  const clients: LiveClient[] = [];

  async function user(app: FastifyInstance, firstName: string): Promise<TestUser> {
    const password = 'password-123';
    const email = `${firstName.toLowerCase()}.${Math.random().toString(36).slice(2)}@example.com`;
    const [row] = await db1.db
      .insert(users)
      .values({
        email,
        passwordHash: await hashPassword(password),
        firstName,
        lastName: 'Test',
        phoneNumber: '501234567',
        countryCode: '+971',
        isEmailVerified: true,
        roleChosen: true,
      })
      .returning();
    const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
    expect(res.statusCode).toBe(200);
    return { user: row, password, cookies: cookiesFrom(res) };
  }

  beforeAll(async () => {
    const first = await createTestDatabase();
    db1 = first;
    if (!first.url) throw new Error('the PostgreSQL test database has no url');
    db2 = await openDatabase({ kind: 'postgres', url: first.url, poolSize: 3 });
    const config = testConfig();
    app1 = await buildApp({ config, database: db1, serveWeb: false });
    app2 = await buildApp({ config, database: db2, serveWeb: false });
    url1 = await app1.listen({ port: 0, host: '127.0.0.1' });
    url2 = await app2.listen({ port: 0, host: '127.0.0.1' });
    a = await user(app1, 'Ahmed');
    b = await user(app2, 'Carlos');
    const res = await app1.inject({
      method: 'POST',
      url: '/api/conversations',
      payload: { participantId: b.user.id },
      cookies: a.cookies,
    });
    conversationId = res.json().id;
  });

  afterAll(async () => {
    for (const c of clients) c.close();
    await app2?.close();
    await app1?.close();
    await db2?.close();
    await db1?.close();
  });

  async function connect(base: string, u: TestUser): Promise<LiveClient> {
    const c = await connectLive(base, { as: u });
    clients.push(c);
    c.ws.send(JSON.stringify({ type: 'authenticate', userId: u.user.id }));
    await c.waitFor((e) => e.type === 'authenticated');
    return c;
  }

  async function send(app: FastifyInstance, as: TestUser, content: string) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/messages',
      payload: { conversationId, content },
      cookies: as.cookies,
    });
    expect(res.statusCode).toBe(201);
  }

  const newMessage = (content: string) => (e: Record<string, unknown>) =>
    e.type === 'new_message' && (e.message as { content?: string }).content === content;

  it('delivers from a user on process 1 to a user on process 2 within a second, and back', async () => {
    const aOn1 = await connect(url1, a);
    const bOn2 = await connect(url2, b);
    const aOn2 = await connect(url2, a); // A's other tab, on the other process

    const started = Date.now();
    await send(app1, a, 'Hello from process one');
    const got = await bOn2.waitFor(newMessage('Hello from process one'), 1000);
    expect(Date.now() - started).toBeLessThan(1000);
    // The receiving process loaded the whole message from the ids in the notification.
    expect(got).toMatchObject({ conversationId, message: { senderId: a.user.id, sender: { firstName: 'Ahmed' } } });
    await aOn2.waitFor(newMessage('Hello from process one'), 1000);

    await send(app2, b, 'Reply from process two');
    await aOn1.waitFor(newMessage('Reply from process two'), 1000);
    // Exactly once per socket: a process does not deliver its own notification a second time. No
    // sleep: a socket gets its events in order, so once a later message has reached both
    // sockets, any second copy of the earlier ones would have come before it.
    await send(app1, a, 'Marker after both');
    await aOn1.waitFor(newMessage('Marker after both'), 5000);
    await bOn2.waitFor(newMessage('Marker after both'), 5000);
    expect(aOn1.events.filter(newMessage('Hello from process one'))).toHaveLength(1);
    expect(bOn2.events.filter(newMessage('Reply from process two'))).toHaveLength(1);
  });

  it('ends a session on process 1 and closes its socket on process 2 within a second', async () => {
    const loginAgain = async (u: TestUser): Promise<TestUser> => {
      const res = await app1.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: u.user.email, password: u.password },
      });
      expect(res.statusCode).toBe(200);
      return { ...u, cookies: cookiesFrom(res) };
    };
    const timed = async (c: LiveClient, action: () => Promise<unknown>) => {
      const started = Date.now();
      await action();
      expect(await c.closed).toBe(WS_CLOSE.unauthorized);
      return Date.now() - started;
    };

    // Logout on process 1: the same session's socket on process 2 closes.
    const d = await user(app1, 'Dana');
    const dOn2 = await connect(url2, d);
    const logoutMs = await timed(dOn2, () => app1.inject({ method: 'POST', url: '/api/logout', cookies: d.cookies }));

    // Password change on process 1: the other device's socket on process 2 closes.
    const e = await user(app1, 'Eman');
    const eOther = await loginAgain(e);
    const eOtherOn2 = await connect(url2, eOther);
    const eHereOn2 = await connect(url2, e);
    const passwordMs = await timed(eOtherOn2, () =>
      app1.inject({
        method: 'POST',
        url: '/api/account/change-password',
        payload: { currentPassword: e.password, newPassword: 'Quiet-harbour-lantern-92' },
        cookies: e.cookies,
      }),
    );
    expect(eHereOn2.ws.readyState).toBe(eHereOn2.ws.OPEN);

    // Deletion on process 1: every socket on process 2 closes.
    const f = await user(app1, 'Farah');
    const fOn2 = await connect(url2, f);
    const deleteMs = await timed(fOn2, () =>
      app1.inject({
        method: 'DELETE',
        url: '/api/account',
        payload: { confirmEmail: f.user.email },
        cookies: f.cookies,
      }),
    );
    for (const ms of [logoutMs, passwordMs, deleteMs]) expect(ms).toBeLessThan(1000);
  });

  it('reconnects a dropped listener, tells its sockets to refetch, and delivers again', async () => {
    const bOn2 = await connect(url2, b);
    // A session that ends while the listener is down sends no notice anyone hears: the
    // reconnected process re-checks its sockets' sessions and closes this one.
    const g = await user(app1, 'Ghada');
    const gOn2 = await connect(url2, g);
    await db1.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'LISTEN%'`,
    );
    await db1.db.execute(sql`delete from sessions where user_id = ${g.user.id}`);
    await bOn2.waitFor((e) => e.type === 'resync', 5000);
    expect(await gOn2.closed).toBe(WS_CLOSE.unauthorized);
    await send(app1, a, 'After the first drop');
    await bOn2.waitFor(newMessage('After the first drop'), 1000);

    // And once more: the listener recovers every time, not only the first.
    bOn2.events.length = 0;
    await db1.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'LISTEN%'`,
    );
    await bOn2.waitFor((e) => e.type === 'resync', 5000);
    await send(app1, a, 'After the listener came back');
    await bOn2.waitFor(newMessage('After the listener came back'), 1000);
  });
});
