/**
 * Sign-in throttling slows an attacker without locking out the
 * owner. Failures count per account plus address with a growing wait; a forged
 * X-Forwarded-For changes nothing; the owner's correct password from a known device or from
 * another address still works while the attack goes on.
 */
import { describe, expect, it } from 'vitest';
import { cookiesFrom, createTestApp } from '../../../../tests/helpers/app';

const t = await createTestApp();

const login = (email: string, password: string, remoteAddress: string, extra: Record<string, unknown> = {}) =>
  t.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress, ...extra });

describe('sign-in throttling', () => {
  it('stops 14 guesses with rotating X-Forwarded-For from one address (429 with Retry-After)', async () => {
    const victim = await t.signUp();
    const codes: number[] = [];
    let retryAfter: string | undefined;
    for (let i = 0; i < 14; i += 1) {
      const res = await login(victim.user.email, `guess-${i}`, '198.51.100.66', {
        headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
      });
      codes.push(res.statusCode);
      if (res.statusCode === 429) retryAfter ??= res.headers['retry-after'] as string;
    }
    expect(codes.slice(0, 4)).toEqual([401, 401, 401, 401]);
    expect(codes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(9);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });

  it('ten wrong passwords on the e-mail do not lock the owner out: another address and a known device still sign in', async () => {
    const owner = await t.signUp();
    // The owner signed in on their phone before: it holds the device cookie.
    const phone = await login(owner.user.email, owner.password, '192.0.2.10');
    expect(phone.statusCode).toBe(200);
    const device = { 'bitaqa.device': cookiesFrom(phone)['bitaqa.device'] };
    expect(device['bitaqa.device']).toBeTruthy();

    // The attacker hammers the account from the owner's own network (same address, e.g. a shared NAT).
    for (let i = 0; i < 10; i += 1) await login(owner.user.email, `wrong-${i}`, '192.0.2.10');
    expect((await login(owner.user.email, owner.password, '192.0.2.10')).statusCode).toBe(429);

    // The owner's known device on that same address still gets in with the right password.
    expect((await login(owner.user.email, owner.password, '192.0.2.10', { cookies: device })).statusCode).toBe(200);
    // So does the owner from any other address.
    expect((await login(owner.user.email, owner.password, '192.0.2.99')).statusCode).toBe(200);
  });

  it('a device cookie made for another account does not help an attacker', async () => {
    const attacker = await t.signUp();
    const victim = await t.signUp();
    const own = await login(attacker.user.email, attacker.password, '192.0.2.30');
    const cookie = { 'bitaqa.device': cookiesFrom(own)['bitaqa.device'] };
    const codes: number[] = [];
    for (let i = 0; i < 8; i += 1)
      codes.push((await login(victim.user.email, `x${i}`, '192.0.2.30', { cookies: cookie })).statusCode);
    expect(codes).toContain(429);
    // A forged cookie is no better.
    const forged = { 'bitaqa.device': `${victim.user.id}.${Date.now()}.AAAA` };
    expect((await login(victim.user.email, 'y', '192.0.2.30', { cookies: forged })).statusCode).toBe(429);
  });

  it('caps failures over many accounts from one address (password spraying)', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 55; i += 1)
      codes.push((await login(`nobody${i}@example.com`, 'Password1', '192.0.2.77')).statusCode);
    expect(codes.slice(0, 50).every((c) => c === 401)).toBe(true);
    expect(codes.slice(50).every((c) => c === 429)).toBe(true);
  });
});
