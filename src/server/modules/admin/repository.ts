/** SQL for the admin control center: users and the audit log, paged (the review queue is moderation's). */
import { and, count, desc, eq, ilike, isNotNull, isNull, or, type SQL } from 'drizzle-orm';
import type { AdminUsersQuery, AuditLogQuery } from '../../../core/schemas/admin';
import type { DbOrTx } from '../../db/client';
import { auditLog, type User, users } from '../../db/schema';

const _ownerColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  role: users.role,
};

function userFilter(q: Pick<AdminUsersQuery, 'search' | 'role' | 'suspended'>): SQL | undefined {
  const term = q.search?.trim();
  const like = term ? `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  return and(
    isNull(users.deletedAt),
    like ? or(ilike(users.email, like), ilike(users.firstName, like), ilike(users.lastName, like)) : undefined,
    q.role ? eq(users.role, q.role) : undefined,
    q.suspended === 'true'
      ? isNotNull(users.suspendedAt)
      : q.suspended === 'false'
        ? isNull(users.suspendedAt)
        : undefined,
  );
}

const adminUserColumns = {
  id: users.id,
  email: users.email,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  isEmailVerified: users.isEmailVerified,
  subscriptionStatus: users.subscriptionStatus,
  subscriptionPeriodEnd: users.subscriptionPeriodEnd,
  suspendedAt: users.suspendedAt,
  createdAt: users.createdAt,
};
export type AdminUserRow = Pick<
  User,
  | 'id'
  | 'email'
  | 'username'
  | 'firstName'
  | 'lastName'
  | 'role'
  | 'isEmailVerified'
  | 'subscriptionStatus'
  | 'subscriptionPeriodEnd'
  | 'suspendedAt'
  | 'createdAt'
>;

/** Newest sign-ups first (users_created_at_idx). */
export async function listUsers(db: DbOrTx, q: AdminUsersQuery & { limit: number; offset: number }) {
  const where = userFilter(q);
  const [items, [total]] = await Promise.all([
    db
      .select(adminUserColumns)
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(q.limit)
      .offset(q.offset),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { items: items satisfies AdminUserRow[], total: total?.n ?? 0 };
}

export async function listAuditLog(db: DbOrTx, q: AuditLogQuery & { limit: number; offset: number }) {
  const rows = await db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      entityType: auditLog.entityType,
      entityId: auditLog.entityId,
      apiKeyId: auditLog.apiKeyId,
      before: auditLog.before,
      after: auditLog.after,
      createdAt: auditLog.createdAt,
      actorId: users.id,
      actorFirstName: users.firstName,
      actorLastName: users.lastName,
      actorUsername: users.username,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(
      and(
        q.entityType ? eq(auditLog.entityType, q.entityType) : undefined,
        q.entityId ? eq(auditLog.entityId, q.entityId) : undefined,
      ),
    )
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(q.limit + 1)
    .offset(q.offset);
  return { rows: rows.slice(0, q.limit), hasMore: rows.length > q.limit };
}
