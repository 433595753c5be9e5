/**
 * Two-factor sign-in with an authenticator app: TOTP (RFC 6238) through otplib, and
 * ten single-use recovery codes stored as SHA-256 hashes. Sign-in with 2FA is two steps: the
 * password step leaves only a pending marker in a fresh session; /api/auth/login/2fa finishes it.
 */
import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { Db } from '../../db/client';
import { users, type User } from '../../db/schema';
import { openSecret, sealSecret } from './secret-box';

declare module 'fastify' {
  interface Session {
    /** Set after a correct password when the account has 2FA; cleared when the code is accepted. */
    pendingTwoFactor?: { userId: string; at: number };
  }
}

export const TWO_FACTOR_ISSUER = 'Bitaqa';
/** How long the password step stays valid while the user opens their authenticator app. */
export const PENDING_TWO_FACTOR_MS = 5 * 60 * 1000;
const RECOVERY_CODE_COUNT = 10;
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

const sha256 = (v: string) => crypto.createHash('sha256').update(v).digest('hex');
const normalizeRecovery = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');

export function newTotpSecret(): string {
  return generateSecret();
}

export async function setupPayload(email: string, secret: string) {
  const otpauthUrl = generateURI({ issuer: TWO_FACTOR_ISSUER, label: email, secret });
  const qrDataUrl = await QRCode.toDataURL(otpauthUrl, { width: 240, margin: 1, errorCorrectionLevel: 'M' });
  return { otpauthUrl, qrDataUrl, secret };
}

/**
 * The 30-second step of a valid 6-digit code (one step of clock drift either way), or null.
 * `after` refuses that step and earlier ones, so a code that was used cannot be replayed.
 */
export async function totpStep(secret: string, code: string, after?: number | null): Promise<number | null> {
  const token = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const result = await verify({
    secret,
    token,
    epochTolerance: 30,
    ...(after != null ? { afterTimeStep: after } : {}),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/**
 * Accepts an authenticator code at most once: the step is recorded with a
 * conditional update, so of two requests with the same code only one wins.
 */
export async function consumeTotp(db: Db, key: Buffer, user: User, code: string): Promise<boolean> {
  const secret = user.totpSecret ? openSecret(key, user.totpSecret) : null;
  if (!secret) return false;
  const step = await totpStep(secret, code, user.totpLastStep);
  if (step === null) return false;
  const rows = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, user.id), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return rows.length === 1;
}

/** Re-encrypts TOTP secrets stored in clear before encryption existed (run at start). */
export async function sealLegacyTotpSecrets(db: Db, key: Buffer): Promise<number> {
  const rows = await db
    .select({ id: users.id, secret: users.totpSecret })
    .from(users)
    .where(and(isNotNull(users.totpSecret), sql`${users.totpSecret} NOT LIKE 'v1:%'`));
  for (const row of rows) {
    if (row.secret)
      await db
        .update(users)
        .set({ totpSecret: sealSecret(key, row.secret) })
        .where(eq(users.id, row.id));
  }
  return rows.length;
}

/** Fresh recovery codes (shown once) and their hashes (stored). */
export function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = crypto.randomBytes(10);
    const chars = [...bytes].map((b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
  return { codes, hashes: codes.map((c) => sha256(normalizeRecovery(c))) };
}

/** Uses up one recovery code atomically: true only for the one request that removed it. */
export async function consumeRecoveryCode(db: Db, userId: string, code: string): Promise<boolean> {
  const normalized = normalizeRecovery(code);
  if (!/^[a-z0-9]{10}$/.test(normalized)) return false;
  const hash = sha256(normalized);
  const rows = await db
    .update(users)
    .set({ recoveryCodes: sql`${users.recoveryCodes} - ${hash}::text` })
    .where(and(eq(users.id, userId), sql`${users.recoveryCodes} @> jsonb_build_array(${hash}::text)`))
    .returning({ id: users.id });
  return rows.length === 1;
}

/** An authenticator code, or else a recovery code (spent on success). */
export async function checkSecondFactor(
  db: Db,
  key: Buffer,
  user: User,
  code: string,
): Promise<'totp' | 'recovery' | null> {
  if (!user.totpEnabled || !user.totpSecret) return null;
  if (await consumeTotp(db, key, user, code)) return 'totp';
  if (await consumeRecoveryCode(db, user.id, code)) return 'recovery';
  return null;
}

/** The password step of a 2FA account: a new session holding only the pending marker. */
export async function startTwoFactorSignIn(request: FastifyRequest, user: User): Promise<{ twoFactorRequired: true }> {
  await request.session.regenerate();
  request.session.pendingTwoFactor = { userId: user.id, at: Date.now() };
  await request.session.save();
  return { twoFactorRequired: true };
}
