/**
 * The e-mailed link works once, for one hour, ends every session,
 * and asking for it says nothing about whether the address has an account.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { passwordResetTokens, users } from '../../db/schema';
import { sha256 } from './service';
import { cookiesFrom, createTestApp, type TestApp, type TestUser } from '../../../../tests/helpers/app';

let offsetMs = 0;
const t = await createTestApp({ now: () => new Date(Date.now() + offsetMs) });
const NEW_PASSWORD = 'Violet-harbour-cinnamon-71';
let ip = 0;
/** A fresh client address per request group, so one test's counting never limits another. */
const nextIp = () => `198.51.100.${++ip}`;

async function askReset(app: TestApp, email: string, remoteAddress = nextIp()) {
  return app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email }, remoteAddress });
}

/** Asks for a link and returns the token from the e-mail that arrives. */
async function tokenFor(u: TestUser): Promise<string> {
  const mail = t.mailer.next((m) => m.to === u.user.email && /reset-password/.test(m.text));
  const res = await askReset(t, u.user.email);
  expect(res.statusCode).toBe(200);
  const text = (await mail).text;
  const token = text.match(/http:\/\/bitaqa\.test\/reset-password\?token=([\w-]+)/)?.[1];
  expect(token).toBeTruthy();
  return token as string;
}

const reset = (token: string, password = NEW_PASSWORD, confirmPassword = password) =>
  t.inject({
    method: 'POST',
    url: '/api/auth/reset-password',
    payload: { token, password, confirmPassword },
    remoteAddress: nextIp(),
  });

const login = (email: string, password: string) =>
  t.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: nextIp() });

describe('password reset', () => {
  it('sets a new password from the e-mailed link and ends every session of the account', async () => {
    const u = await t.signUp();
    const other = await login(u.user.email, u.password);
    expect(other.statusCode).toBe(200);
    const token = await tokenFor(u);
    // Only the token's hash is stored.
    const rows = await t.database.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, u.user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].tokenHash).toBe(sha256(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    const expiresIn = rows[0].expiresAt.getTime() - rows[0].createdAt.getTime();
    expect(Math.abs(expiresIn - 60 * 60 * 1000)).toBeLessThan(60_000);

    const res = await reset(token);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatch(/Sign in with your new password/);

    for (const cookies of [u.cookies, cookiesFrom(other)]) {
      const me = await t.inject({ method: 'GET', url: '/api/auth/user', cookies });
      expect(me.statusCode).toBe(401);
    }
    expect((await login(u.user.email, u.password)).statusCode).toBe(401);
    expect((await login(u.user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a link used once already, and the older links of the account', async () => {
    const u = await t.signUp();
    const older = await tokenFor(u);
    const token = await tokenFor(u);
    expect((await reset(token)).statusCode).toBe(200);
    const again = await reset(token, 'Another-quiet-lantern-44');
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('TOKEN_USED');
    expect(again.json().message).toMatch(/already been used/);
    expect((await reset(older, 'Another-quiet-lantern-44')).json().code).toBe('TOKEN_USED');
    expect((await login(u.user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('expires after one hour (the clock moves, nobody waits)', async () => {
    const u = await t.signUp();
    const fresh = await tokenFor(u);
    const stale = await tokenFor(u);
    try {
      offsetMs = 61 * 60 * 1000;
      const late = await reset(stale);
      expect(late.statusCode).toBe(400);
      expect(late.json().code).toBe('TOKEN_EXPIRED');
      expect(late.json().message).toMatch(/expired/);
      offsetMs = 59 * 60 * 1000;
      expect((await reset(fresh)).statusCode).toBe(200);
    } finally {
      offsetMs = 0;
    }
  });

  it('answers the same for an address without an account, and mails nobody', async () => {
    const u = await t.signUp();
    const unknown = `nobody.${u.user.id.slice(0, 8)}@example.com`;
    const before = t.mailer.sent.length;
    const a = await askReset(t, unknown);
    const mail = t.mailer.next((m) => m.to === u.user.email);
    const b = await askReset(t, u.user.email);
    await mail;
    expect(a.statusCode).toBe(b.statusCode);
    expect(a.body).toBe(b.body);
    expect(a.json().message).toMatch(/If an account exists/);
    expect(t.mailer.sent.slice(before).map((m) => m.to)).toEqual([u.user.email]);
  });

  it('checks the new password like sign-up does', async () => {
    const u = await t.signUp();
    const token = await tokenFor(u);
    const weak = await reset(token, 'password123');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors.password).toMatch(/too easy to guess/);
    const mismatch = await reset(token, NEW_PASSWORD, `${NEW_PASSWORD}x`);
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().errors.confirmPassword).toBe("Passwords don't match");
    const bogus = await reset('not-a-real-token-1234567');
    expect(bogus.statusCode).toBe(400);
    expect(bogus.json().code).toBe('TOKEN_INVALID');
    // The refused attempts did not spend the link.
    expect((await reset(token)).statusCode).toBe(200);
  });

  it('writes the e-mail in the account language', async () => {
    const u = await t.signUp();
    await t.database.db.update(users).set({ preferredLanguage: 'ar' }).where(eq(users.id, u.user.id));
    const mail = t.mailer.next((m) => m.to === u.user.email);
    await askReset(t, u.user.email);
    const m = await mail;
    expect(m.subject).toBe('إعادة تعيين كلمة مرور بطاقة');
    expect(m.text).toMatch(/صالح لمدة ساعة واحدة/);
    expect(m.text).toContain('/reset-password?token=');
  });

  it('limits requests per address, the same way for unknown addresses', async () => {
    const u = await t.signUp();
    const unknown = `ghost.${u.user.id.slice(0, 8)}@example.com`;
    for (const email of [u.user.email, unknown]) {
      for (let i = 0; i < 3; i++) expect((await askReset(t, email)).statusCode).toBe(200);
      const over = await askReset(t, email.toUpperCase());
      expect(over.statusCode).toBe(429);
      expect(over.headers['retry-after']).toBeTruthy();
      expect(over.json().code).toBe('RATE_LIMITED');
    }
  });

  it('limits requests per client address', async () => {
    const address = nextIp();
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) codes.push((await askReset(t, `spray${i}@example.com`, address)).statusCode);
    expect(codes.slice(0, 10).every((c) => c === 200)).toBe(true);
    expect(codes[10]).toBe(429);
  });
});
