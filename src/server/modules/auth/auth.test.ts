import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { sessions, users } from '../../db/schema';
import { cookiesFrom, createTestApp } from '../../../../tests/helpers/app';

const t = await createTestApp();

const registration = (over: Record<string, unknown> = {}) => ({
  firstName: 'Layla',
  lastName: 'Aboud',
  email: `layla.${Math.random().toString(36).slice(2)}@example.com`,
  phoneNumber: '50 123 4567',
  countryCode: '+971',
  password: 'secret-pass-1',
  confirmPassword: 'secret-pass-1',
  ...over,
});

function tokenFrom(text: string): string {
  const m = text.match(/verify-email\?token=([\w-]+)/);
  if (!m) throw new Error('no link in mail');
  return m[1];
}

describe('registration and e-mail verification', () => {
  it('a sign-up done in Arabic gets an Arabic verification e-mail and an Arabic account', async () => {
    const body = registration();
    const res = await t.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: body,
      headers: { 'accept-language': 'ar-AE,ar;q=0.9,en;q=0.8' },
    });
    expect(res.statusCode).toBe(201);
    const mail = t.mailer.lastTo(body.email);
    expect(mail?.subject).toBe('أكّد بريدك الإلكتروني في Bitaqa');
    expect(mail?.text).toContain('مرحبًا Layla');
    expect(mail?.text).toContain('http://bitaqa.test/verify-email?token=');
    expect(mail?.html).toMatch(/<html lang="ar" dir="rtl">/);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, body.email));
    expect(row.preferredLanguage).toBe('ar');

    // Without a language the e-mail is English.
    const other = registration();
    await t.inject({ method: 'POST', url: '/api/auth/register', payload: other });
    expect(t.mailer.lastTo(other.email)?.subject).toBe('Verify your Bitaqa e-mail address');
    expect(t.mailer.lastTo(other.email)?.html).toMatch(/<html lang="en" dir="ltr">/);
  });

  it('registers, mails a verification link, refuses sign-in until verified, then signs in', async () => {
    const body = registration();
    const res = await t.inject({ method: 'POST', url: '/api/auth/register', payload: body });
    expect(res.statusCode).toBe(201);
    // Only a message: the same answer as for a taken address.
    expect(res.json()).toEqual({ message: 'Please check your email to verify your account, then you can sign in.' });

    const mail = t.mailer.lastTo(body.email);
    expect(mail?.text).toContain('http://bitaqa.test/verify-email?token=');
    const token = tokenFrom(mail!.text);
    // Stored hashed, never as sent.
    const [row] = await t.database.db.select().from(users).where(eq(users.email, body.email));
    expect(row.emailVerificationToken).not.toBe(token);
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);

    const early = await t.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: body.email, password: body.password },
    });
    expect(early.statusCode).toBe(403);
    expect(early.json().code).toBe('EMAIL_NOT_VERIFIED');

    const verify = await t.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
    expect(verify.statusCode).toBe(200);
    expect(verify.json().isEmailVerified).toBe(true);
    // The link signs the new user in: the page can carry on where they were going.
    const signedIn = await t.inject({ method: 'GET', url: '/api/auth/user', cookies: cookiesFrom(verify) });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().email).toBe(body.email);
    // Single use.
    const again = await t.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
    expect(again.statusCode).toBe(400);

    const login = await t.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: body.email.toUpperCase(), password: body.password },
    });
    expect(login.statusCode).toBe(200);
    const me = await t.inject({ method: 'GET', url: '/api/auth/user', cookies: cookiesFrom(login) });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe(body.email);
  });

  it('refuses an expired verification link', async () => {
    const body = registration();
    await t.inject({ method: 'POST', url: '/api/auth/register', payload: body });
    const token = tokenFrom(t.mailer.lastTo(body.email)!.text);
    await t.database.db
      .update(users)
      .set({ emailVerificationExpires: new Date(Date.now() - 1000) })
      .where(eq(users.email, body.email));
    const res = await t.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/expired/);
  });

  it('resends a link for an unverified account and answers the same for an unknown address', async () => {
    const body = registration();
    await t.inject({ method: 'POST', url: '/api/auth/register', payload: body });
    const before = t.mailer.sent.length;
    const known = await t.inject({
      method: 'POST',
      url: '/api/auth/resend-verification',
      payload: { email: body.email },
    });
    const unknown = await t.inject({
      method: 'POST',
      url: '/api/auth/resend-verification',
      payload: { email: 'nobody@example.com' },
    });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    expect(t.mailer.sent.length).toBe(before + 1);
  });

  it('answers a taken e-mail (any letter case) exactly like a new one, writes nothing and tells the owner', async () => {
    const body = registration();
    const first = await t.inject({ method: 'POST', url: '/api/auth/register', payload: body });
    expect(first.statusCode).toBe(201);
    const dup = await t.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { ...body, email: body.email.toUpperCase(), firstName: 'Intruder' },
    });
    expect(dup.statusCode).toBe(201);
    expect(dup.body).toBe(first.body);
    const [{ n }] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(sql`lower(${users.email}) = ${body.email}`);
    expect(n).toBe(1);
    expect(t.mailer.lastTo(body.email)?.subject).toBe('Someone tried to sign up to Bitaqa with your e-mail address');
  });

  it.each([
    [{ password: 'short', confirmPassword: 'short' }, 'password', 'Password must be at least 8 characters'],
    [{ confirmPassword: 'different-1' }, 'confirmPassword', "Passwords don't match"],
    [
      { password: '12345678', confirmPassword: '12345678' },
      'password',
      'This password is too easy to guess. Try a longer one, e.g. a few unrelated words.',
    ],
    [
      { password: 'password', confirmPassword: 'password' },
      'password',
      'This password is too easy to guess. Try a longer one, e.g. a few unrelated words.',
    ],
    [{ email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
    [{ firstName: '' }, 'firstName', 'First name is required'],
    [{ countryCode: '+999' }, 'countryCode', 'Please choose a country code'],
    [{ phoneNumber: 'abc' }, 'phoneNumber', 'Please enter a valid phone number, e.g. 050 123 4567 or +971 50 123 4567'],
    [{ phoneNumber: '50 123 4567 8901 2345' }, 'phoneNumber', 'This phone number is too long'],
    [{ firstName: 'x'.repeat(101) }, 'firstName', 'First name is too long'],
  ])('refuses bad registration input %j', async (over, field, message) => {
    const res = await t.inject({ method: 'POST', url: '/api/auth/register', payload: registration(over) });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBe(message);
  });

  it('answers 400 for malformed JSON and missing fields, never 500', async () => {
    const bad = await t.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"firstName":',
    });
    expect(bad.statusCode).toBe(400);
    const empty = await t.inject({ method: 'POST', url: '/api/auth/register', payload: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toBeTruthy();
  });
});

describe('sign-in and sessions', () => {
  it('gives the same 401 for an unknown e-mail and a wrong password', async () => {
    const u = await t.signUp();
    const wrong = await t.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: u.user.email, password: 'nope-nope' },
    });
    const unknown = await t.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'ghost@example.com', password: 'nope-nope' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().message).toBe(unknown.json().message);
  });

  it('validates the login form with a message per field', async () => {
    const res = await t.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'bad', password: '' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      email: 'Please enter a valid email address',
      password: 'Password is required',
    });
  });

  it('stores sessions in the sessions table, regenerates the id at sign-in, and ends it at logout', async () => {
    const u = await t.signUp();
    const first = u.cookies['bitaqa.sid'];
    const second = await t.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: u.user.email, password: u.password },
      cookies: u.cookies,
    });
    const secondSid = cookiesFrom(second)['bitaqa.sid'];
    expect(secondSid).toBeTruthy();
    expect(secondSid).not.toBe(first);
    const cookie = second.cookies.find((c) => c.name === 'bitaqa.sid' && c.value);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, u.user.id));
    expect(rows.length).toBeGreaterThan(0);

    // A GET only asks for confirmation (an <img> must not sign anyone out); the POST does it.
    const confirm = await t.inject({ method: 'GET', url: '/api/logout', cookies: { 'bitaqa.sid': secondSid } });
    expect(confirm.statusCode).toBe(200);
    const out = await t.inject({ method: 'POST', url: '/api/logout', cookies: { 'bitaqa.sid': secondSid } });
    expect(out.statusCode).toBe(302);
    expect(out.headers.location).toBe('/');
    const after = await t.inject({ method: 'GET', url: '/api/auth/user', cookies: { 'bitaqa.sid': secondSid } });
    expect(after.statusCode).toBe(401);
  });

  it('POST /api/logout also signs out, and /api/login redirects to /login', async () => {
    const u = await t.signUp();
    const out = await t.inject({ method: 'POST', url: '/api/logout', as: u });
    expect(out.statusCode).toBe(302);
    expect((await t.inject({ method: 'GET', url: '/api/auth/user', as: u })).statusCode).toBe(401);
    const login = await t.inject({ method: 'GET', url: '/api/login' });
    expect(login.statusCode).toBe(302);
    expect(login.headers.location).toBe('/login');
  });

  it('answers 401 for the current user when signed out', async () => {
    expect((await t.inject({ method: 'GET', url: '/api/auth/user' })).statusCode).toBe(401);
  });
});

describe('role selection', () => {
  it('accepts the four professional roles and records the choice', async () => {
    const u = await t.signUp({ roleChosen: false });
    const res = await t.inject({
      method: 'POST',
      url: '/api/auth/update-role',
      as: u,
      payload: { role: 'banking_broker' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ role: 'banking_broker', roleChosen: true });
  });

  it.each(['admin', 'visitor', 'superuser'])('refuses role %s', async (role) => {
    const u = await t.signUp();
    const res = await t.inject({ method: 'POST', url: '/api/auth/update-role', as: u, payload: { role } });
    expect(res.statusCode).toBe(400);
    const me = await t.inject({ method: 'GET', url: '/api/auth/user', as: u });
    expect(me.json().role).toBe('investor');
  });

  it('needs a session', async () => {
    const res = await t.inject({ method: 'POST', url: '/api/auth/update-role', payload: { role: 'investor' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('profile', () => {
  it('saves the profile fields (the e-mail change is in email-change.test.ts)', async () => {
    const u = await t.signUp();
    const payload = {
      firstName: 'Omar',
      lastName: 'Khalid',
      email: u.user.email,
      phone: '+971 50 765 4321',
      company: 'Marina Homes',
      position: 'Senior Broker',
      bio: 'Ten years in Dubai Marina.\nArabic and English.',
    };
    const res = await t.inject({ method: 'PATCH', url: '/api/auth/profile', as: u, payload });
    expect(res.statusCode).toBe(200);
    const me = (await t.inject({ method: 'GET', url: '/api/auth/user', as: u })).json();
    // The number is stored in E.164.
    expect(me).toMatchObject({ ...payload, phone: '+971507654321' });
  });

  it('needs a session and valid input', async () => {
    expect(
      (
        await t.inject({
          method: 'PATCH',
          url: '/api/auth/profile',
          payload: { firstName: 'A', lastName: 'B', email: 'a@b.co' },
        })
      ).statusCode,
    ).toBe(401);
    const u = await t.signUp();
    const bad = await t.inject({
      method: 'PATCH',
      url: '/api/auth/profile',
      as: u,
      payload: { firstName: 'A', lastName: 'B', email: 'nope' },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('admin sign-in', () => {
  it('signs the admin in by username and answers /api/admin/auth', async () => {
    const admin = await t.signInAdmin();
    const res = await t.inject({ method: 'GET', url: '/api/admin/auth', as: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json().role).toBe('admin');
  });

  it('refuses wrong admin credentials, and a professional account on the admin sign-in', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/auth/admin-login',
      payload: { username: 'admin', password: 'wrong-password' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Invalid admin credentials. Please try again.');
    const empty = await t.inject({
      method: 'POST',
      url: '/api/auth/admin-login',
      payload: { username: '', password: '' },
    });
    expect(empty.json().errors).toMatchObject({ username: 'Username is required', password: 'Password is required' });
  });

  it('answers 401 signed out and 403 for other roles on /api/admin/auth', async () => {
    expect((await t.inject({ method: 'GET', url: '/api/admin/auth' })).statusCode).toBe(401);
    const broker = await t.signUp({ role: 'real_estate_broker' });
    expect((await t.inject({ method: 'GET', url: '/api/admin/auth', as: broker })).statusCode).toBe(403);
  });
});

describe('unknown API paths', () => {
  it('answers JSON 404', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
  });
});
