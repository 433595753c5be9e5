/**
 * API keys: made and revoked by their user on the settings page, checked on every /api/v1 request.
 *
 * A secret is `bq_live_` and 40 random base62 characters (about 238 bits); only its SHA-256 is
 * stored, so a database leak gives no usable key, and the lookup by hash on every request means a
 * revoked or expired key stops working in every process at once, with no cache to invalidate.
 *
 * A brokerage key is made by the brokerage's owner or a manager and acts as its maker, reaching the
 * team's leads and the brokerage's webhooks as well; it works only while its maker still manages
 * the brokerage, decided again on every request like the team pages do.
 */
import crypto from 'node:crypto';
import { and, asc, count, eq, isNull, or, sql } from 'drizzle-orm';
import {
  API_KEY_LIMITS,
  API_KEY_PREFIX,
  type ApiKey,
  type ApiKeyCreate,
  type ApiKeyCreated,
  type ApiKeyList,
  type ApiScope,
} from '../../../core/schemas/api-keys';
import type { DbOrTx } from '../../db/client';
import { brokerages, type User, users } from '../../db/schema';
import { AppError, conflict, type ErrorCode, fieldError, forbidden, notFound } from '../../errors';
import { writeAudit } from '../audit';
import { isTeamManager, membershipOf, roleIn } from '../brokerages/service';
import { type ApiKeyRow, apiKeys } from './schema';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const SECRET_LENGTH = 40;
/** Characters of the secret kept in clear for lists: the prefix and six of the random part. */
const VISIBLE_CHARS = API_KEY_PREFIX.length + 6;
/** last_used_at is written at most this often per key, not on every request. */
const LAST_USED_GRANULARITY_MS = 60_000;

/** Random base62 without modulo bias: bytes of 248 and above are dropped (248 = 4 × 62). */
export function generateSecret(): string {
  let out = '';
  while (out.length < SECRET_LENGTH) {
    for (const byte of crypto.randomBytes(SECRET_LENGTH * 2)) {
      if (byte < 248 && out.length < SECRET_LENGTH) out += BASE62[byte % 62];
    }
  }
  return `${API_KEY_PREFIX}${out}`;
}

export const hashSecret = (secret: string) => crypto.createHash('sha256').update(secret).digest('hex');

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toApiKey(row: ApiKeyRow, brokerage: { id: string; name: string } | null): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes as ApiScope[],
    brokerage,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: iso(row.lastUsedAt),
    expiresAt: iso(row.expiresAt),
    revokedAt: iso(row.revokedAt),
  };
}

/** The brokerage the user owns or manages (the one brokerage keys may be made for), if any. */
async function managedBrokerageOf(db: DbOrTx, userId: string): Promise<{ id: string; name: string } | null> {
  const m = await membershipOf(db, userId);
  return m && isTeamManager(m.role) ? { id: m.brokerage.id, name: m.brokerage.name } : null;
}

/** Live keys: not revoked (an expired key stays listed, marked by its date, until revoked). */
const live = isNull(apiKeys.revokedAt);

/** The user's personal keys and, for an owner or manager, the brokerage's keys. */
export async function listKeys(db: DbOrTx, user: User): Promise<ApiKeyList> {
  const brokerage = await managedBrokerageOf(db, user.id);
  const mine = and(eq(apiKeys.userId, user.id), isNull(apiKeys.brokerageId));
  const rows = await db
    .select()
    .from(apiKeys)
    .where(and(live, brokerage ? or(mine, eq(apiKeys.brokerageId, brokerage.id)) : mine))
    .orderBy(asc(apiKeys.createdAt), asc(apiKeys.id));
  return {
    items: rows.map((r) => toApiKey(r, r.brokerageId && brokerage ? brokerage : null)),
    manageableBrokerage: brokerage,
  };
}

/** The end of the chosen day (UTC), checked to lie ahead and within the longest allowed expiry. */
function expiryOf(expiresOn: string | null | undefined, now: Date): Date | null {
  if (!expiresOn) return null;
  const end = new Date(`${expiresOn}T23:59:59.999Z`);
  if (Number.isNaN(end.getTime())) throw fieldError('expiresOn', 'Use a date like 2026-12-31');
  if (end <= now) throw fieldError('expiresOn', 'Choose a day after today');
  if (end.getTime() - now.getTime() > API_KEY_LIMITS.expiryDaysMax * 86_400_000)
    throw fieldError('expiresOn', `A key may last at most ${API_KEY_LIMITS.expiryDaysMax} days`);
  return end;
}

export async function createKey(db: DbOrTx, user: User, input: ApiKeyCreate, now: Date): Promise<ApiKeyCreated> {
  const expiresAt = expiryOf(input.expiresOn, now);
  let brokerage: { id: string; name: string } | null = null;
  if (input.brokerageId) {
    const [b] = await db
      .select({ id: brokerages.id, name: brokerages.name })
      .from(brokerages)
      .where(eq(brokerages.id, input.brokerageId))
      .limit(1);
    if (!b) throw notFound('Brokerage not found', 'BROKERAGE_NOT_FOUND');
    if (!isTeamManager(await roleIn(db, b.id, user.id)))
      throw forbidden('Only the brokerage’s owner or a manager can make its keys.', 'NOT_BROKERAGE_MANAGER');
    brokerage = b;
  }
  const [{ n }] = await db
    .select({ n: count() })
    .from(apiKeys)
    .where(
      and(
        live,
        brokerage
          ? eq(apiKeys.brokerageId, brokerage.id)
          : and(eq(apiKeys.userId, user.id), isNull(apiKeys.brokerageId)),
      ),
    );
  if (n >= API_KEY_LIMITS.keysMax)
    throw conflict(`At most ${API_KEY_LIMITS.keysMax} keys may be live at once; revoke one first.`, 'API_KEY_LIMIT', {
      max: API_KEY_LIMITS.keysMax,
    });
  const secret = generateSecret();
  const [row] = await db
    .insert(apiKeys)
    .values({
      userId: user.id,
      brokerageId: brokerage?.id ?? null,
      name: input.name,
      prefix: secret.slice(0, VISIBLE_CHARS),
      secretHash: hashSecret(secret),
      scopes: input.scopes,
      expiresAt,
    })
    .returning();
  await writeAudit(db, {
    actorId: user.id,
    action: 'api_key.create',
    entityType: 'api_key',
    entityId: row.id,
    after: { name: row.name, scopes: row.scopes, brokerageId: row.brokerageId, expiresAt: iso(row.expiresAt) },
  });
  return { ...toApiKey(row, brokerage), secret };
}

/** Revokes a key the user may manage; any other id answers 404 like a missing one. */
export async function revokeKey(db: DbOrTx, user: User, id: string, now: Date): Promise<void> {
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.id, id), live))
    .limit(1);
  const mayManage =
    !!row && (row.brokerageId ? isTeamManager(await roleIn(db, row.brokerageId, user.id)) : row.userId === user.id);
  if (!row || !mayManage) throw notFound('API key not found', 'API_KEY_NOT_FOUND');
  await db.update(apiKeys).set({ revokedAt: now }).where(eq(apiKeys.id, id));
  await writeAudit(db, {
    actorId: user.id,
    action: 'api_key.revoke',
    entityType: 'api_key',
    entityId: id,
    before: { name: row.name, scopes: row.scopes, brokerageId: row.brokerageId },
  });
}

/** Who a request's key acts as, and what it may reach. */
export interface ApiCaller {
  key: { id: string; scopes: ApiScope[]; brokerageId: string | null };
  user: User;
}

const keyError = (code: ErrorCode, message: string) => new AppError(401, code, message);

/**
 * The caller behind an `Authorization: Bearer` secret, or a 401 saying why not: unknown, revoked
 * or expired key, or a user who can no longer sign in. A brokerage key whose maker no longer
 * manages the brokerage answers 403.
 */
export async function authenticate(db: DbOrTx, secret: string, now: Date): Promise<ApiCaller> {
  if (!secret.startsWith(API_KEY_PREFIX) || secret.length > 200)
    throw keyError('API_KEY_INVALID', 'This API key is not valid.');
  const [found] = await db
    .select({ key: apiKeys, user: users })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(eq(apiKeys.secretHash, hashSecret(secret)))
    .limit(1);
  if (!found) throw keyError('API_KEY_INVALID', 'This API key is not valid.');
  const { key, user } = found;
  if (key.revokedAt) throw keyError('API_KEY_REVOKED', 'This API key has been revoked.');
  if (key.expiresAt && key.expiresAt <= now) throw keyError('API_KEY_EXPIRED', 'This API key has expired.');
  if (user.deletedAt || user.suspendedAt) throw keyError('API_KEY_INVALID', 'This API key is not valid.');
  if (key.brokerageId && !isTeamManager(await roleIn(db, key.brokerageId, user.id)))
    throw forbidden(
      'The person who made this brokerage key no longer manages the brokerage.',
      'API_KEY_BROKERAGE_ACCESS_ENDED',
    );
  if (!key.lastUsedAt || now.getTime() - key.lastUsedAt.getTime() >= LAST_USED_GRANULARITY_MS) {
    await db
      .update(apiKeys)
      .set({ lastUsedAt: now })
      .where(
        and(
          eq(apiKeys.id, key.id),
          or(
            isNull(apiKeys.lastUsedAt),
            sql`${apiKeys.lastUsedAt} < ${new Date(now.getTime() - LAST_USED_GRANULARITY_MS)}`,
          ),
        ),
      );
  }
  return { key: { id: key.id, scopes: key.scopes as ApiScope[], brokerageId: key.brokerageId }, user };
}
