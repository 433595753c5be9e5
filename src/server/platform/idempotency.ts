/**
 * Idempotency-Key for creating routes: a client that may send the same request twice (an offline
 * capture retried after its answer was lost, a background sync that fires twice) sends a key it
 * made when the user acted. The first request with a key is handled and its answer kept; the same
 * key with the same request gets that answer again and creates nothing; the same key with a
 * different request is refused, since the client has mixed up two actions.
 *
 * Keys belong to one user (two users' keys never meet) and are honoured for 24 hours.
 *
 * The kept row is written in the same transaction as the work it guards: a request that fails
 * leaves no row (the client may retry with the same key), and a second request racing the first
 * waits on the row's primary key until the first commits, then replays its answer.
 */
import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db, DbOrTx } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { AppError, badRequest } from '../errors';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_TTL_MS = 24 * 3600 * 1000;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export interface IdempotentAnswer {
  status: number;
  body: unknown;
  /** True when this is the kept answer of an earlier request with the same key. */
  replayed: boolean;
}

/** The request's Idempotency-Key, or null without one; a malformed key is a 400. */
export function idempotencyKeyOf(request: FastifyRequest): string | null {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return null;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (typeof key !== 'string' || !KEY_PATTERN.test(key))
    throw badRequest('Idempotency-Key must be 1 to 255 visible ASCII characters.', 'IDEMPOTENCY_KEY_INVALID');
  return key;
}

/** A hash of what the request asks for; objects are hashed with their keys sorted. */
export function requestHash(fingerprint: unknown): string {
  const stable = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(stable);
    if (value && typeof value === 'object' && !(value instanceof Date))
      return Object.fromEntries(
        Object.entries(value as Record<string, unknown>)
          .filter(([, v]) => v !== undefined)
          .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
          .map(([k, v]) => [k, stable(v)]),
      );
    return value;
  };
  return createHash('sha256')
    .update(JSON.stringify(stable(fingerprint)))
    .digest('hex');
}

/**
 * Runs `work` once per (user, key): later calls with the same key and the same fingerprint get the
 * first answer back. `fingerprint` should name the route as well as the body, so one key reused on
 * another route is refused too.
 */
export async function idempotent(
  db: Db,
  options: { userId: string; key: string; fingerprint: unknown; now: Date },
  work: (tx: DbOrTx) => Promise<{ status: number; body: unknown }>,
): Promise<IdempotentAnswer> {
  const { userId, key, now } = options;
  const hash = requestHash(options.fingerprint);
  return db.transaction(async (tx) => {
    // Keys are honoured for a day; the user's older ones are forgotten here, on their next use.
    await tx
      .delete(idempotencyKeys)
      .where(
        and(
          eq(idempotencyKeys.userId, userId),
          lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_TTL_MS)),
        ),
      );
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({ userId, key, requestHash: hash, createdAt: now })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length === 0) {
      const [kept] = await tx
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
      if (kept && kept.requestHash !== hash)
        throw new AppError(
          422,
          'IDEMPOTENCY_KEY_REUSED',
          'This Idempotency-Key was already used for a different request.',
        );
      if (!kept || kept.status === null)
        throw new AppError(
          409,
          'IDEMPOTENCY_IN_PROGRESS',
          'A request with this Idempotency-Key is still being handled.',
        );
      return { status: kept.status, body: kept.response, replayed: true };
    }
    const answer = await work(tx);
    await tx
      .update(idempotencyKeys)
      .set({ status: answer.status, response: answer.body as object })
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    return { ...answer, replayed: false };
  });
}
