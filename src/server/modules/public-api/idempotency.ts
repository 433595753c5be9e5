/**
 * Idempotency-Key on POST: a client that lost an answer (timeout, dropped connection) sends the
 * same request again with the same key and gets the first answer back instead of a second
 * contact or webhook. Keys are per API key and kept for a day.
 *
 * The first request claims the key by inserting its row (the primary key makes two concurrent
 * first requests pick one winner); the other gets 409 while the first is running. The body is
 * compared as sent (hashed before validation trims or defaults anything), with the method and path.
 * Only answers that changed something are kept: a refused request frees its key, since sending it
 * again cannot do anything twice. A claim whose process died is given up after a few minutes.
 */
import crypto from 'node:crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { AppError, conflict } from '../../errors';
import { apiIdempotency } from '../api-keys/schema';

const KEEP_MS = 24 * 3600 * 1000;
const ABANDONED_MS = 5 * 60 * 1000;

declare module 'fastify' {
  interface FastifyRequest {
    /** SHA-256 of method, path and body as sent (set before validation on /api/v1 POSTs). */
    requestHash?: string;
  }
}

/** Stable JSON: object keys sorted, so the same body in another key order is the same body. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value ?? null);
}

export function hashRequest(request: FastifyRequest): string {
  return crypto
    .createHash('sha256')
    .update(`${request.method} ${request.routeOptions.url}\n${request.url.split('?')[0]}\n${canonical(request.body)}`)
    .digest('hex');
}

/**
 * Runs `fn` once per (API key, Idempotency-Key): answers `status` with its result, or replays the
 * stored answer (marked `Idempotent-Replayed: true`). An error `fn` throws frees the key.
 */
export async function idempotent<T>(
  db: DbOrTx,
  request: FastifyRequest,
  reply: FastifyReply,
  apiKeyId: string,
  status: number,
  fn: () => Promise<T>,
): Promise<T> {
  const key = request.headers['idempotency-key'];
  if (typeof key !== 'string' || !key) {
    reply.code(status);
    return fn();
  }
  const hash = request.requestHash ?? hashRequest(request);
  await db
    .delete(apiIdempotency)
    .where(
      and(
        eq(apiIdempotency.apiKeyId, apiKeyId),
        eq(apiIdempotency.idempotencyKey, key),
        or(
          lt(apiIdempotency.createdAt, sql`now() - ${`${KEEP_MS} milliseconds`}::interval`),
          and(
            isNull(apiIdempotency.status),
            lt(apiIdempotency.createdAt, sql`now() - ${`${ABANDONED_MS} milliseconds`}::interval`),
          ),
        ),
      ),
    );
  const claimed = await db
    .insert(apiIdempotency)
    .values({ apiKeyId, idempotencyKey: key, requestHash: hash })
    .onConflictDoNothing()
    .returning({ key: apiIdempotency.idempotencyKey });
  if (!claimed.length) {
    const [first] = await db
      .select()
      .from(apiIdempotency)
      .where(and(eq(apiIdempotency.apiKeyId, apiKeyId), eq(apiIdempotency.idempotencyKey, key)));
    if (!first) throw conflict('This Idempotency-Key is being used; try again.', 'IDEMPOTENCY_KEY_IN_USE');
    if (first.requestHash !== hash)
      throw new AppError(
        422,
        'IDEMPOTENCY_KEY_REUSED',
        'This Idempotency-Key was used with another request; use a new key for a new request.',
      );
    if (first.status === null)
      throw conflict(
        'The first request with this Idempotency-Key is still running; try again.',
        'IDEMPOTENCY_KEY_IN_USE',
      );
    reply.header('Idempotent-Replayed', 'true');
    reply.code(first.status);
    return first.response as T;
  }
  const where = and(eq(apiIdempotency.apiKeyId, apiKeyId), eq(apiIdempotency.idempotencyKey, key));
  try {
    const result = await fn();
    await db
      .update(apiIdempotency)
      .set({ status, response: JSON.parse(JSON.stringify(result ?? null)) })
      .where(where);
    reply.code(status);
    return result;
  } catch (err) {
    await db.delete(apiIdempotency).where(where);
    throw err;
  }
}
