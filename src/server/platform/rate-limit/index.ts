/**
 * Rate limits shared by every app process:
 * rate-limiter-flexible counters in PostgreSQL (the `rate_limits` table; PGlite or a server),
 * or in Redis when REDIS_URL is set. Memory stays bounded however many keys an attacker
 * invents, and no key's counter is ever reset by another key's flood. Keys are hashed, so no
 * e-mail or address is stored in the table.
 *
 *   const limiter = app.ctx.limits.limiter('register', { points: 10, durationSec: 3600 });
 *   await limiter.consume(request.ip, 'Too many sign-ups from your network.');  // 429 when spent
 */
import crypto from 'node:crypto';
import { lt, type SQL, sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import {
  type RateLimiterAbstract,
  RateLimiterDrizzle,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import type { Db } from '../../db/client';
import { prepareOnce } from '../../db/prepared';
import { rateLimits } from '../../db/schema';
import { AppError } from '../../errors';

export interface LimitRule {
  /** Hits allowed in one window. */
  points: number;
  /** Length of the window, in seconds. */
  durationSec: number;
}

export interface Limiter {
  /** Counts a hit; throws 429 with Retry-After once the window's points are spent. */
  consume(key: string, message: string, points?: number): Promise<void>;
  /** Counts a hit without refusing; returns the hits counted in the current window. */
  count(key: string, points?: number): Promise<number>;
  /**
   * For failure counters: milliseconds until the key may try again (0: now), i.e. while the
   * window's points are all spent. Counts nothing.
   */
  blockedFor(key: string): Promise<number>;
  /** Refuses the key for the given time, whatever it counted. */
  block(key: string, seconds: number): Promise<void>;
  reset(key: string): Promise<void>;
  /**
   * Counts a hit and tells where the window stands, for answers that show it (RateLimit-* headers):
   * whether the hit was allowed, the window's points, what is left and when the window resets.
   */
  take(key: string, points?: number): Promise<{ allowed: boolean; limit: number; remaining: number; resetMs: number }>;
}

export interface RateLimits {
  /** The limiter of one rule, made once per name. */
  limiter(name: string, rule: LimitRule): Limiter;
  close(): Promise<void>;
}

/** A 429 that tells the client when to come back (header and body). */
export function rateLimited(message: string, msBeforeNext: number): AppError {
  const retryAfter = Math.max(1, Math.ceil(msBeforeNext / 1000));
  return new AppError(429, 'RATE_LIMITED', message, { retryAfter });
}

const hashKey = (key: string) => crypto.createHash('sha256').update(key).digest('base64url').slice(0, 32);

function wrap(store: RateLimiterAbstract, rule: LimitRule): Limiter {
  return {
    async consume(key, message, points = 1) {
      try {
        await store.consume(hashKey(key), points);
      } catch (err) {
        if (err instanceof RateLimiterRes) throw rateLimited(message, err.msBeforeNext);
        throw err;
      }
    },
    async count(key, points = 1) {
      try {
        return (await store.consume(hashKey(key), points)).consumedPoints;
      } catch (err) {
        if (err instanceof RateLimiterRes) return err.consumedPoints;
        throw err;
      }
    },
    async blockedFor(key) {
      const res = await store.get(hashKey(key));
      return res && res.consumedPoints >= rule.points ? res.msBeforeNext : 0;
    },
    async block(key, seconds) {
      await store.block(hashKey(key), seconds);
    },
    async reset(key) {
      await store.delete(hashKey(key));
    },
    async take(key, points = 1) {
      try {
        const res = await store.consume(hashKey(key), points);
        return { allowed: true, limit: rule.points, remaining: res.remainingPoints, resetMs: res.msBeforeNext };
      } catch (err) {
        if (err instanceof RateLimiterRes)
          return { allowed: false, limit: rule.points, remaining: 0, resetMs: err.msBeforeNext };
        throw err;
      }
    },
  };
}

/**
 * The same store with its counter upsert built once: rate-limiter-flexible's Drizzle
 * store assembles the INSERT … ON CONFLICT with Drizzle's builder on every hit, and every
 * message sent is a hit. Same statement and result, now a named prepared statement.
 */
class PreparedDrizzleStore extends RateLimiterDrizzle {
  private readonly statements: { add: Upsert; force: Upsert };

  constructor(opts: ConstructorParameters<typeof RateLimiterDrizzle>[0] & { storeClient: Db }) {
    super(opts);
    const db = opts.storeClient;
    const t = rateLimits;
    const now = sql.placeholder('now');
    const points = sql.placeholder('points');
    const expire = sql.placeholder('expire');
    const expired = sql`${t.expire} <= ${now}::timestamptz`;
    const upsert = (name: string, set: { points: SQL; expire: SQL }) =>
      prepareOnce(db, name, (d) =>
        d
          .insert(t)
          .values({ key: sql.placeholder('key'), points, expire })
          .onConflictDoUpdate({ target: t.key, set })
          .returning()
          .prepare(name),
      );
    this.statements = {
      add: upsert('rate_limit_add', {
        points: sql`case when ${expired} then ${points}::int else ${t.points} + ${points}::int end`,
        expire: sql`case when ${expired} then ${expire}::timestamptz else ${t.expire} end`,
      }),
      force: upsert('rate_limit_force', { points: sql`${points}::int`, expire: sql`${expire}::timestamptz` }),
    };
  }

  async _upsert(key: string, points: number, msDuration: number, forceExpire = false) {
    const now = new Date();
    const expire = msDuration > 0 ? new Date(now.getTime() + msDuration) : null;
    const [row] = await (forceExpire ? this.statements.force : this.statements.add).execute({
      key,
      points,
      now,
      expire,
    });
    return row;
  }
}

type Upsert = {
  execute(values: Record<string, unknown>): Promise<{ key: string; points: number; expire: Date | null }[]>;
};

/** How often expired counters are deleted from the table. */
const SWEEP_MS = 5 * 60 * 1000;

export function createRateLimits(opts: {
  db: Db;
  redisUrl?: string;
  /** Every rule allows this many times its points (test environments; see RATE_LIMIT_SCALE). */
  scale?: number;
  log: { warn: (o: object, m: string) => void };
}): RateLimits {
  const made = new Map<string, Limiter>();
  const redis = opts.redisUrl
    ? new Redis(opts.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: false })
    : null;
  redis?.on('error', (err) => opts.log.warn({ err }, 'rate-limit Redis error'));

  const sweep = redis
    ? null
    : setInterval(() => {
        opts.db
          .delete(rateLimits)
          .where(lt(rateLimits.expire, new Date()))
          .catch((err: unknown) => opts.log.warn({ err }, 'rate-limit sweep failed'));
      }, SWEEP_MS);
  sweep?.unref();

  return {
    limiter(name, given) {
      let limiter = made.get(name);
      if (limiter) return limiter;
      const rule = { ...given, points: given.points * (opts.scale ?? 1) };
      const base = { keyPrefix: name, points: rule.points, duration: rule.durationSec };
      // If the store is unreachable for a moment, count in this process rather than fail the request.
      const insuranceLimiter = new RateLimiterMemory(base);
      const store = redis
        ? new RateLimiterRedis({ ...base, storeClient: redis, insuranceLimiter })
        : new PreparedDrizzleStore({
            ...base,
            storeClient: opts.db,
            schema: rateLimits,
            clearExpiredByTimeout: false,
            insuranceLimiter,
          });
      limiter = wrap(store, rule);
      made.set(name, limiter);
      return limiter;
    },
    async close() {
      if (sweep) clearInterval(sweep);
      if (redis) redis.disconnect();
    },
  };
}
