/**
 * Who is calling. Every protected route uses one of these preHandlers, so what each role may do
 * is enforced here on the server, not only hidden in the UI.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq, isNull } from 'drizzle-orm';
import { users, type User } from '../../db/schema';
import { forbidden, unauthorized } from '../../errors';
import { sessionUntouched } from '../../platform/deferred-session';
import type { PgSessionStore } from '../../platform/session-store';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, set by loadUser/requireUser. */
    user?: User;
  }
}

/** Loads the session's user (null when signed out, suspended or deleted). Cached per request. */
export async function loadUser(request: FastifyRequest): Promise<User | null> {
  if (request.user) return request.user;
  // A visitor without a session cookie: no need to build the session to find it empty.
  if (sessionUntouched(request)) return null;
  const userId = request.session?.userId;
  if (!userId) return null;
  // Read with the session by the store when it could (one lookup per request).
  const store = request.sessionStore as Partial<PgSessionStore> | undefined;
  const prefetched = store?.takeUser?.(request.session.sessionId);
  // null: the store read the session and no user came with it.
  if (prefetched === null) return null;
  // Anything else than this session's user (not read, or another user's row) is read here.
  const [user] =
    prefetched?.id === userId
      ? [prefetched]
      : await request.server.ctx.db
          .select()
          .from(users)
          .where(and(eq(users.id, userId), isNull(users.deletedAt)))
          .limit(1);
  if (!user || user.deletedAt || user.suspendedAt) return null;
  request.user = user;
  return user;
}

export async function requireUser(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const user = await loadUser(request);
  if (!user) throw unauthorized();
}

export async function requireAdmin(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const user = await loadUser(request);
  if (!user) throw unauthorized();
  if (user.role !== 'admin') throw forbidden('Admin access required.', 'ADMIN_REQUIRED');
  // Where the admin must use a second factor, a password-only admin session may do one thing:
  // turn it on (the account's two-factor routes need only a signed-in user).
  if (request.server.ctx.config.adminTwoFactorRequired && !user.totpEnabled) {
    throw forbidden('Turn on two-factor sign-in to use the admin centre.', 'TWO_FACTOR_ENROLMENT_REQUIRED');
  }
}

/** The signed-in user inside a handler guarded by requireUser/requireAdmin. */
export function userOf(request: FastifyRequest): User {
  if (!request.user) throw unauthorized();
  return request.user;
}
