/**
 * The delivery signature: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` with the
 * endpoint's secret, so a receiver can check both who sent the body and when.
 */
import crypto from 'node:crypto';

export function signatureHeader(secret: string, rawBody: string, unixSeconds: number): string {
  const v1 = crypto.createHmac('sha256', secret).update(`${unixSeconds}.${rawBody}`).digest('hex');
  return `t=${unixSeconds},v1=${v1}`;
}

/** A new endpoint secret, in the `whsec_` form receivers recognise. */
export function newEndpointSecret(): string {
  return `whsec_${crypto.randomBytes(24).toString('base64url')}`;
}
