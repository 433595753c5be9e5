/**
 * The real app on a fresh database, for API tests through app.inject().
 *
 *   const t = await createTestApp();
 *   const broker = await t.signUp({ role: 'real_estate_broker' });
 *   const res = await t.app.inject({ method: 'GET', url: '/api/auth/user', cookies: broker.cookies });
 */
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, onTestFinished } from 'vitest';
import { eq } from 'drizzle-orm';
import { type BuildOptions, buildApp } from '../../src/server/app';
import { type Config, loadConfig } from '../../src/server/config';
import { users, type User } from '../../src/server/db/schema';
import type { MailMessage, Mailer } from '../../src/server/platform/mail/mailer';
import { hashPassword } from '../../src/server/modules/auth/passwords';
import { OUTBOX_CHANNEL } from '../../src/server/platform/mail/outbox';
import type { UserRole } from '../../src/core/enums';
import { createTestDatabase, type TestDatabase } from './test-db';

export class MemoryMailer implements Mailer {
  readonly kind = 'outbox' as const;
  sent: MailMessage[] = [];
  async send(m: MailMessage) {
    this.sent.push(m);
    for (const w of this.waiters.filter((x) => x.match(m))) {
      this.waiters.splice(this.waiters.indexOf(w), 1);
      w.resolve(m);
    }
  }
  /** Waits until the app's outbox has nothing due (set by createTestApp). */
  settle: () => Promise<void> = async () => {};
  /** The last message to an address. */
  lastTo(to: string): MailMessage | undefined {
    return [...this.sent].reverse().find((m) => m.to === to);
  }
  private waiters: { match: (m: MailMessage) => boolean; resolve: (m: MailMessage) => void }[] = [];
  /** Resolves with the next message (from now on) that matches: for mail sent after the answer. */
  next(match: (m: MailMessage) => boolean): Promise<MailMessage> {
    return new Promise((resolve) => this.waiters.push({ match, resolve }));
  }
}

export interface TestUser {
  user: User;
  password: string;
  /** Session cookie for app.inject({ cookies }). */
  cookies: Record<string, string>;
}

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  mailer: MemoryMailer;
  config: Config;
  /** Inserts a verified user directly and signs them in through the API. */
  signUp(
    opts?: Partial<Pick<User, 'role' | 'firstName' | 'lastName' | 'email' | 'subscriptionStatus' | 'roleChosen'>>,
  ): Promise<TestUser>;
  /** The admin account, signed in through /api/auth/admin-login. */
  signInAdmin(): Promise<TestUser>;
  inject(opts: InjectOptions & { as?: TestUser }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: path.join(os.tmpdir(), `bitaqa-test-${crypto.randomBytes(4).toString('hex')}`),
    SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
    PUBLIC_URL: 'http://bitaqa.test',
    ADMIN_USERNAME: 'admin',
    ADMIN_PASSWORD: 'admin-password-1',
    SEED_DEMO: 'false',
    ...overrides,
  });
}

export function cookiesFrom(res: { cookies: { name: string; value: string }[] }): Record<string, string> {
  return Object.fromEntries(res.cookies.map((c) => [c.name, c.value]));
}

let counter = 0;

const passwordHashes = new Map<string, Promise<string>>();
/**
 * One argon2 hash per password per test process: a salt shared between test users changes
 * nothing a test checks, and each fresh hash costs 40–100 ms of CPU (hundreds of sign-ups per run).
 * Signing in still verifies the hash the real way.
 */
function testPasswordHash(password: string): Promise<string> {
  let hash = passwordHashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    passwordHashes.set(password, hash);
  }
  return hash;
}

/**
 * Builds the app on a test database; closes it (and hands the database back) when the test that
 * made it ends, or after the file's tests when made outside a test.
 */
export async function createTestApp(
  opts: {
    env?: Record<string, string>;
    serveWeb?: boolean;
    onRoute?: BuildOptions['onRoute'];
    /** Serve this built front end (page tests). */
    webDist?: string;
    /** The app's clock (expiry tests move it forward instead of sleeping). */
    now?: () => Date;
    /** 'config': send through the transport the config names (SMTP_URL) instead of recording. */
    transport?: 'memory' | 'config';
    /** Outbox worker timings (short retries for SMTP outage tests). */
    outbox?: BuildOptions['outbox'];
    /** Log lines go here (with env LOG_LEVEL set). */
    logStream?: BuildOptions['logStream'];
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = testConfig(opts.env);
  const mailer = new MemoryMailer();
  const app = await buildApp({
    config,
    database,
    mailer: opts.transport === 'config' ? undefined : mailer,
    outbox: opts.outbox,
    logStream: opts.logStream,
    serveWeb: opts.serveWeb ?? !!opts.webDist,
    onRoute: opts.onRoute,
    webDist: opts.webDist,
    now: opts.now,
  });
  const { createAuthService } = await import('../../src/server/modules/auth/service');
  await createAuthService(app.ctx).ensureAdmin({ info() {}, warn() {} });
  await app.ready();
  mailer.settle = () => app.ctx.outbox.drain();
  // Whether a request may have queued mail since the outbox was last drained. PGlite hands the
  // outbox's NOTIFY to listeners before the COMMIT that sent it returns, so after a request that
  // queued nothing the test client can skip the outbox round, which otherwise doubles the cost of
  // every request in a test. On a PostgreSQL server the NOTIFY arrives on its own connection,
  // possibly after the answer: there the client always drains.
  let mailQueued = true;
  const stopWatchingMail =
    database.kind === 'pglite'
      ? await database.listen(
          OUTBOX_CHANNEL,
          () => {
            mailQueued = true;
          },
          { info() {}, warn() {} },
        )
      : async () => {};

  const signInWith = async (url: string, payload: object, user: User, password: string): Promise<TestUser> => {
    const res = await app.inject({ method: 'POST', url, payload });
    if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
    return { user, password, cookies: cookiesFrom(res) };
  };

  const t: TestApp = {
    app,
    database,
    mailer,
    config,
    async signUp(o = {}) {
      counter += 1;
      const password = 'password-123';
      const email = o.email ?? `user${counter}-${crypto.randomBytes(3).toString('hex')}@example.com`;
      const [user] = await database.db
        .insert(users)
        .values({
          email,
          passwordHash: await testPasswordHash(password),
          firstName: o.firstName ?? 'Test',
          lastName: o.lastName ?? `User${counter}`,
          phoneNumber: '501234567',
          countryCode: '+971',
          role: o.role ?? 'investor',
          roleChosen: o.roleChosen ?? true,
          isEmailVerified: true,
          subscriptionStatus: o.subscriptionStatus ?? 'inactive',
        })
        .returning();
      return signInWith('/api/auth/login', { email, password }, user, password);
    },
    async signInAdmin() {
      const [user] = await database.db.select().from(users).where(eq(users.username, 'admin'));
      return signInWith(
        '/api/auth/admin-login',
        { username: 'admin', password: 'admin-password-1' },
        user,
        'admin-password-1',
      );
    },
    async inject({ as, ...o }) {
      const res = await app.inject({ ...o, cookies: { ...(o.cookies ?? {}), ...(as?.cookies ?? {}) } });
      // E-mail leaves through the outbox after the request: the test client, not the
      // server, waits until what the request queued has been handed to the recording mailer.
      if (mailQueued || database.kind !== 'pglite') {
        mailQueued = false;
        await app.ctx.outbox.drain();
      }
      return res;
    },
    async close() {
      await stopWatchingMail();
      await app.close();
      await database.close();
    },
  };
  // An app made inside a test closes when that test ends, so its database is free for the next
  // test's app; one made in a file's hooks or at its top closes after the file.
  try {
    onTestFinished(() => t.close());
  } catch {
    afterAll(() => t.close());
  }
  return t;
}

export type { UserRole };
