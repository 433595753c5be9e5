/**
 * Sign-in throttling that slows an attacker without locking out the owner. Failures are
 * counted per account plus address: after FREE_FAILURES, each further
 * failure makes that pair wait twice as long (15 s, 30 s, 1 min … up to 15 minutes). Someone
 * guessing from elsewhere therefore never delays the owner's own address, and a device that
 * signed in to the account before (a signed `bitaqa.device` cookie) has a bucket of its own
 * that no stranger can fill. Failures over all accounts from one address are capped too.
 */
import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { rateLimited } from '../../platform/rate-limit';
import { RATE_RULES } from '../../platform/rate-limit/rules';

export const DEVICE_COOKIE = 'bitaqa.device';
const DEVICE_TTL_MS = 180 * 24 * 60 * 60 * 1000;
const FREE_FAILURES = 3;
const FIRST_WAIT_SEC = 15;
const MAX_WAIT_SEC = 15 * 60;
const TOO_MANY = 'Too many failed sign-in attempts. Please wait a moment and try again.';

function sign(secret: string, payload: string): string {
  return crypto.createHmac('sha256', secret).update(`device:${payload}`).digest('base64url');
}

/** True when the request carries an unexpired device cookie issued to this account. */
export function isKnownDevice(secret: string, request: FastifyRequest, accountId: string): boolean {
  const raw = request.cookies[DEVICE_COOKIE];
  const [id, issued, mac] = raw?.split('.') ?? [];
  if (!id || !issued || !mac || id !== accountId) return false;
  if (!(Date.now() - Number(issued) < DEVICE_TTL_MS)) return false;
  const expected = Buffer.from(sign(secret, `${id}.${issued}`));
  const given = Buffer.from(mac);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

/** Marks this browser as one the account signed in from. */
export function rememberDevice(ctx: AppContext, reply: FastifyReply, accountId: string): void {
  const payload = `${accountId}.${Date.now()}`;
  reply.setCookie(DEVICE_COOKIE, `${payload}.${sign(ctx.config.sessionSecret, payload)}`, {
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.config.publicUrl.startsWith('https://'),
    path: '/api/auth',
    maxAge: DEVICE_TTL_MS / 1000,
  });
}

export interface SignInAttempt {
  /** The account as typed: `e:<email>` or `a:<admin username>`. */
  account: string;
  ip: string;
  knownDevice: boolean;
}

export function createSignInThrottle(ctx: AppContext) {
  const { limits } = ctx;
  const failures = limits.limiter('signin-failures', { points: 1_000_000, durationSec: 60 * 60 });
  const waits = limits.limiter('signin-wait', { points: 1, durationSec: MAX_WAIT_SEC });
  const perIp = limits.limiter('signin-ip', RATE_RULES.signInPerIp);
  const bucket = (a: SignInAttempt) => (a.knownDevice ? `${a.account}|device` : `${a.account}|${a.ip}`);

  return {
    /** Throws 429 while this account+address (or this address overall) must wait. */
    async check(a: SignInAttempt): Promise<void> {
      const wait = await waits.blockedFor(bucket(a));
      if (wait > 0) throw rateLimited(TOO_MANY, wait);
      if (!a.knownDevice) {
        const ipWait = await perIp.blockedFor(a.ip);
        if (ipWait > 0) throw rateLimited(TOO_MANY, ipWait);
      }
    },
    async fail(a: SignInAttempt): Promise<void> {
      const n = await failures.count(bucket(a));
      if (n > FREE_FAILURES)
        await waits.block(bucket(a), Math.min(FIRST_WAIT_SEC * 2 ** (n - FREE_FAILURES - 1), MAX_WAIT_SEC));
      if (!a.knownDevice) await perIp.count(a.ip);
    },
    async succeed(a: SignInAttempt): Promise<void> {
      await failures.reset(bucket(a));
      await waits.reset(bucket(a));
    },
  };
}
