/**
 * Password hashing with argon2id at OWASP's recommended minimum (m=19 MiB, t=2, p=1).
 * See docs/decisions/001-password-hash.md.
 */
import argon2 from 'argon2';
import { passwordStrength, WEAK_PASSWORD_MESSAGE } from '../../../core/password-strength';
import { badRequest } from '../../errors';

const OPTIONS = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, OPTIONS);
}

export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  if (!hash) {
    // Same work for an unknown account, so timing does not reveal which e-mails exist.
    await argon2.hash(password, OPTIONS);
    return false;
  }
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/** 400 on the field when zxcvbn rates the password guessable. */
export function requireStrongPassword(password: string, userInputs: string[], field = 'password'): void {
  if (!passwordStrength(password, userInputs).ok) {
    throw badRequest(WEAK_PASSWORD_MESSAGE, 'WEAK_PASSWORD', { errors: { [field]: WEAK_PASSWORD_MESSAGE } });
  }
}
