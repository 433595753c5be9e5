/** Who is opening a card, for counting repeats once. */
import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/**
 * The signed-in user, else a hash of the address (as the trusted-proxy setting gives it) and the
 * browser. Never stored as it is: analytics salt it with the day's salt first.
 */
export function visitorKey(request: FastifyRequest, userId: string | undefined): string {
  if (userId) return `u:${userId}`;
  const ua = request.headers['user-agent'] ?? '';
  return `a:${crypto.createHash('sha256').update(`${request.ip}|${ua}`).digest('base64url').slice(0, 22)}`;
}
