/**
 * Secrets at rest: AES-256-GCM with the key from TOTP_ENCRYPTION_KEY
 * (config.totpKey). Stored as `v1:<iv>:<tag>:<ciphertext>` in base64url; a value without the
 * prefix is a secret stored before encryption and is read as is until it is re-encrypted.
 */
import crypto from 'node:crypto';

const PREFIX = 'v1:';

export function sealSecret(key: Buffer, plain: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return `${PREFIX}${[iv, tag, data].map((b) => b.toString('base64url')).join(':')}`;
}

/** The plain secret, or null when the value was sealed with another key or tampered with. */
export function openSecret(key: Buffer, stored: string): string | null {
  if (!stored.startsWith(PREFIX)) return stored;
  const [iv, tag, data] = stored
    .slice(PREFIX.length)
    .split(':')
    .map((p) => Buffer.from(p, 'base64url'));
  try {
    const decipher = crypto.createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
