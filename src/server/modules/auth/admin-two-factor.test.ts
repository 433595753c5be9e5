/**
 * Admin two-factor holds. With TOTP on, the password alone no longer signs
 * the admin in; a code works once within its step; the secret is stored encrypted.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { users } from '../../db/schema';
import { openSecret } from '../account/secret-box';
import { sealLegacyTotpSecrets } from '../account/two-factor';
import { createTestApp } from '../../../../tests/helpers/app';

const t = await createTestApp();
const now = () => Math.floor(Date.now() / 1000);

const adminLogin = (payload: Record<string, string>, remoteAddress = '192.0.2.1') =>
  t.inject({
    method: 'POST',
    url: '/api/auth/admin-login',
    payload: { username: 'admin', password: 'admin-password-1', ...payload },
    remoteAddress,
  });

describe('admin two-factor', () => {
  const admin = t.signInAdmin();
  let secret = '';

  it('turns on for the admin account; the secret is stored encrypted, not in clear', async () => {
    const a = await admin;
    const setup = await t.inject({ method: 'POST', url: '/api/account/2fa/setup', as: a });
    expect(setup.statusCode).toBe(200);
    secret = setup.json().secret;
    const enable = await t.inject({
      method: 'POST',
      url: '/api/account/2fa/enable',
      as: a,
      payload: { code: await generate({ secret }) },
    });
    expect(enable.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, a.user.id));
    expect(row.totpSecret).not.toContain(secret);
    expect(row.totpSecret).toMatch(/^v1:/);
    expect(openSecret(t.config.totpKey, row.totpSecret ?? '')).toBe(secret);
    // Another key cannot read it.
    expect(openSecret(Buffer.alloc(32, 7), row.totpSecret ?? '')).toBeNull();
  });

  it('refuses the password alone', async () => {
    const res = await adminLogin({});
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'TWO_FACTOR_REQUIRED', twoFactorRequired: true });
    expect(res.cookies.find((c) => c.name === 'bitaqa.sid')).toBeUndefined();
    expect((await adminLogin({ code: '000000' })).statusCode).toBe(401);
  });

  it('accepts a code once: the same code a second time within its step is refused', async () => {
    // The next step's code (one step of drift is accepted): enabling used the current one.
    const code = await generate({ secret, epoch: now() + 30 });
    const first = await adminLogin({ code });
    expect(first.statusCode).toBe(200);
    const cookie = first.cookies.find((c) => c.name === 'bitaqa.sid');
    expect(cookie).toBeDefined();
    const again = await adminLogin({ code }, '192.0.2.2');
    expect(again.statusCode).toBe(401);
    expect(again.json().code).toBe('INVALID_CODE');
  });

  it('a code of an earlier step than the last one used is refused too', async () => {
    expect((await adminLogin({ code: await generate({ secret }) }, '192.0.2.3')).statusCode).toBe(401);
  });

  it('encrypts secrets stored in clear before this change, at start', async () => {
    const other = await t.signUp();
    await t.database.db
      .update(users)
      .set({ totpSecret: 'JBSWY3DPEHPK3PXP', totpEnabled: true })
      .where(eq(users.id, other.user.id));
    expect(await sealLegacyTotpSecrets(t.database.db, t.config.totpKey)).toBe(1);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, other.user.id));
    expect(row.totpSecret).toMatch(/^v1:/);
    expect(openSecret(t.config.totpKey, row.totpSecret ?? '')).toBe('JBSWY3DPEHPK3PXP');
  });
});

describe('admin two-factor where it is required', () => {
  it('opens the admin centre only after the first sign-in enrols a second factor', async () => {
    const strict = await createTestApp({ env: { ADMIN_TWO_FACTOR: 'required' } });
    const admin = await strict.signInAdmin();
    const centre = await strict.inject({ method: 'GET', url: '/api/admin/auth', as: admin });
    expect(centre.statusCode).toBe(403);
    expect(centre.json().code).toBe('TWO_FACTOR_ENROLMENT_REQUIRED');
    expect((await strict.inject({ method: 'GET', url: '/api/admin/pending-approvals', as: admin })).statusCode).toBe(
      403,
    );
    // The password-only session may turn two-factor on, and then the centre opens.
    const setup = await strict.inject({ method: 'POST', url: '/api/account/2fa/setup', as: admin });
    expect(setup.statusCode).toBe(200);
    const enable = await strict.inject({
      method: 'POST',
      url: '/api/account/2fa/enable',
      as: admin,
      payload: { code: await generate({ secret: setup.json().secret }) },
    });
    expect(enable.statusCode).toBe(200);
    expect((await strict.inject({ method: 'GET', url: '/api/admin/auth', as: admin })).statusCode).toBe(200);
  });
});
