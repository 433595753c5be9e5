/**
 * An e-mail change needs the current password and takes effect only after
 * the link sent to the new address is followed; nobody can squat on another's address.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { createTestApp, type TestUser } from '../../../../tests/helpers/app';

const t = await createTestApp();

const change = (u: TestUser, email: string, currentPassword?: string) =>
  t.inject({
    method: 'PATCH',
    url: '/api/auth/profile',
    as: u,
    payload: { firstName: u.user.firstName, lastName: u.user.lastName, email, currentPassword },
  });
const row = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0];
const linkIn = (text: string) => text.match(/confirm-email\?token=([\w-]+)/)?.[1];

describe('changing the e-mail address', () => {
  it('needs the current password', async () => {
    const u = await t.signUp();
    const none = await change(u, 'new-address@example.com');
    expect(none.statusCode).toBe(400);
    expect(none.json().errors.currentPassword).toMatch(/current password/);
    const wrong = await change(u, 'new-address@example.com', 'not-my-password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('WRONG_PASSWORD');
    expect((await row(u.user.id)).email).toBe(u.user.email);
  });

  it('takes effect only when the link sent to the new address is followed', async () => {
    const u = await t.signUp();
    const target = `moved.${u.user.id.slice(0, 8)}@example.com`;
    const res = await change(u, target, u.password);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: u.user.email, pendingEmail: target, isEmailVerified: true });
    // Nothing changed yet: the old address still signs in, the new one does not.
    expect((await row(u.user.id)).email).toBe(u.user.email);
    const login = (email: string) =>
      t.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: u.password },
        remoteAddress: '192.0.2.5',
      });
    expect((await login(target)).statusCode).toBe(401);
    expect(t.mailer.lastTo(u.user.email)?.subject).toMatch(/change of your Bitaqa e-mail address was requested/);

    const token = linkIn(t.mailer.lastTo(target)?.text ?? '');
    expect(token).toBeTruthy();
    const confirm = await t.inject({ method: 'POST', url: '/api/auth/confirm-email-change', payload: { token } });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json()).toMatchObject({ email: target, isEmailVerified: true, pendingEmail: null });
    expect((await login(target)).statusCode).toBe(200);
    // The link works once.
    expect(
      (await t.inject({ method: 'POST', url: '/api/auth/confirm-email-change', payload: { token } })).statusCode,
    ).toBe(400);
  });

  it("cannot squat on someone else's address: the link goes to that inbox, and the owner can still sign up", async () => {
    const squatter = await t.signUp();
    const victimEmail = `victim.${squatter.user.id.slice(0, 8)}@example.com`;
    const res = await change(squatter, victimEmail, squatter.password);
    expect(res.statusCode).toBe(200);
    expect((await row(squatter.user.id)).email).toBe(squatter.user.email);
    // Only the address's real owner receives the link.
    const token = linkIn(t.mailer.lastTo(victimEmail)?.text ?? '');
    expect(token).toBeTruthy();
    // The real owner registers the address afterwards.
    const reg = await t.inject({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress: '192.0.2.6',
      payload: {
        firstName: 'Real',
        lastName: 'Owner',
        email: victimEmail,
        phoneNumber: '501234567',
        countryCode: '+971',
        password: 'tulip-harbour-sketch',
        confirmPassword: 'tulip-harbour-sketch',
      },
    });
    expect(reg.statusCode).toBe(201);
    expect(t.mailer.lastTo(victimEmail)?.subject).toBe('Verify your Bitaqa e-mail address');
    // Once the address has its account, the old link cannot take it.
    const late = await t.inject({ method: 'POST', url: '/api/auth/confirm-email-change', payload: { token } });
    expect(late.statusCode).toBe(409);
    expect((await row(squatter.user.id)).email).toBe(squatter.user.email);
  });

  it('an address taken by another account gets no link and says nothing about it', async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    const before = t.mailer.sent.filter((m) => m.to === b.user.email).length;
    const res = await change(a, b.user.email, a.password);
    expect(res.statusCode).toBe(200);
    expect(t.mailer.sent.filter((m) => m.to === b.user.email).length).toBe(before);
    expect((await row(a.user.id)).email).toBe(a.user.email);
  });
});

describe('password strength', () => {
  it('refuses 12345678 and "password" at sign-up and on password change', async () => {
    const u = await t.signUp();
    for (const weak of ['12345678', 'password']) {
      const res = await t.inject({
        method: 'POST',
        url: '/api/account/change-password',
        as: u,
        payload: { currentPassword: u.password, newPassword: weak },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.newPassword).toMatch(/too easy to guess/);
    }
  });
});
