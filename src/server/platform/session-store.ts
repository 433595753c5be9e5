/**
 * @fastify/session store over the `sessions` table (sid, sess, expire indexed).
 * Works on PGlite and PostgreSQL alike, so several app processes share sessions.
 */
import type { Session } from 'fastify';
import { and, eq, gt, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { prepareOnce } from '../db/prepared';
import { sessions, type User, users } from '../db/schema';
import { LIMITS } from '../../core/limits';

/**
 * How long the user read with a session waits for the request's own loadUser (one
 * lookup per request). Far longer than a request's hook chain, far shorter than any change a
 * user could make between two requests.
 */
const PREFETCH_TTL_MS = 1000;
/** Sessions read at once whose user no request took (routes that never load the user). */
const PREFETCH_MAX = 10_000;

/** The session and its user in one query, built once (the user has ~40 columns). */
const readSession = (db: Db) =>
  prepareOnce(db, 'session_read', (d) =>
    d
      .select({ sess: sessions.sess, expire: sessions.expire, userId: sessions.userId, user: users })
      .from(sessions)
      .leftJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.sid, sql.placeholder('sid')))
      .limit(1)
      .prepare('session_read'),
  );

declare module 'fastify' {
  interface Session {
    userId?: string;
  }
}

type Cb = (err?: unknown) => void;

export class PgSessionStore {
  /**
   * The user row read together with each session (one round trip instead of two), kept
   * until the same request's loadUser takes it. Not a cache: an entry is used once, and only by
   * the request whose session read produced it a moment earlier; null means "no such user".
   */
  private readonly prefetched = new Map<string, { user: User | null; at: number }>();

  constructor(private readonly db: Db) {}

  /** The session owner read with this session a moment ago (undefined: not read with it). */
  takeUser(sid: string): User | null | undefined {
    const hit = this.prefetched.get(sid);
    if (!hit) return undefined;
    this.prefetched.delete(sid);
    return performance.now() - hit.at <= PREFETCH_TTL_MS ? hit.user : undefined;
  }

  set(sid: string, session: Session, cb: Cb): void {
    const expires = session.cookie?.expires ?? new Date(Date.now() + LIMITS.sessionTtlMs);
    const sess = JSON.parse(JSON.stringify(session)) as Record<string, unknown>;
    const row = { sid, sess, expire: new Date(expires), userId: session.userId ?? null };
    this.db
      .insert(sessions)
      .values(row)
      .onConflictDoUpdate({ target: sessions.sid, set: { sess, expire: row.expire, userId: row.userId } })
      .then(() => cb(), cb);
  }

  get(sid: string, cb: (err: unknown, result?: Session | null) => void): void {
    // The session and its user in one query: every signed-in request needs both.
    this.prefetched.delete(sid);
    readSession(this.db)
      .execute({ sid })
      .then(([row]) => {
        if (!row || row.expire.getTime() <= Date.now()) return cb(null, null);
        if (row.userId) {
          // A plain map, emptied whole in the rare case that many reads were never taken.
          if (this.prefetched.size >= PREFETCH_MAX) this.prefetched.clear();
          this.prefetched.set(sid, { user: row.user, at: performance.now() });
        }
        cb(null, row.sess as Session);
      }, cb);
  }

  destroy(sid: string, cb: Cb): void {
    this.prefetched.delete(sid);
    this.db
      .delete(sessions)
      .where(eq(sessions.sid, sid))
      .then(() => cb(), cb);
  }

  /** Whether the session is still stored, unexpired, for this user (a live socket's re-check). */
  async belongsTo(sid: string, userId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ userId: sessions.userId, expire: sessions.expire })
      .from(sessions)
      .where(eq(sessions.sid, sid))
      .limit(1);
    return !!row && row.userId === userId && row.expire.getTime() > Date.now();
  }

  /** Which of these sessions are still stored and unexpired (open sockets' periodic re-check). */
  async liveSessions(sids: readonly string[]): Promise<Set<string>> {
    const live = new Set<string>();
    for (let i = 0; i < sids.length; i += 1000) {
      const rows = await this.db
        .select({ sid: sessions.sid })
        .from(sessions)
        .where(and(inArray(sessions.sid, sids.slice(i, i + 1000)), gt(sessions.expire, new Date())));
      for (const r of rows) live.add(r.sid);
    }
    return live;
  }

  /** Deletes expired rows; called on a timer. */
  async purgeExpired(): Promise<void> {
    await this.db.delete(sessions).where(lt(sessions.expire, new Date()));
  }
}

/**
 * Deletes every stored session of a user (but `exceptSid`, the one making the change). Callers
 * then close the sessions' sockets with realtime.endSessions, after the transaction commits.
 */
export async function deleteUserSessions(db: DbOrTx, userId: string, exceptSid?: string): Promise<void> {
  await db
    .delete(sessions)
    .where(exceptSid ? and(eq(sessions.userId, userId), ne(sessions.sid, exceptSid)) : eq(sessions.userId, userId));
}
