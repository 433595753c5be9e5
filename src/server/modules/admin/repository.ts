/** SQL for the admin control center: review queue, users and the audit log, all paged. */
import { and, asc, count, desc, eq, ilike, isNotNull, isNull, or, type SQL } from 'drizzle-orm';
import type { AdminUsersQuery, AuditLogQuery } from '../../../core/schemas/admin';
import type { DbOrTx } from '../../db/client';
import { auditLog, businessCards, properties, type User, users } from '../../db/schema';

const ownerColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  role: users.role,
};

const pendingCard = and(
  or(eq(businessCards.status, 'pending'), isNotNull(businessCards.pendingRevision)),
  isNull(users.deletedAt),
);
const pendingProperty = and(
  or(and(eq(properties.isApproved, false), isNull(properties.rejectionReason)), isNotNull(properties.pendingRevision)),
  isNull(users.deletedAt),
);

/**
 * Cards awaiting review (new submissions and pending revisions of published cards), oldest first
 * so the queue is worked in order; the whole row, so the service can set the revision against the
 * live content.
 */
export async function reviewCards(db: DbOrTx, page: { limit: number; offset: number }) {
  const [items, [total]] = await Promise.all([
    db
      .select({ card: businessCards, owner: ownerColumns })
      .from(businessCards)
      .innerJoin(users, eq(users.id, businessCards.userId))
      .where(pendingCard)
      .orderBy(asc(businessCards.createdAt), asc(businessCards.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: count() })
      .from(businessCards)
      .innerJoin(users, eq(users.id, businessCards.userId))
      .where(pendingCard),
  ]);
  return { items, total: total?.n ?? 0 };
}

export async function reviewProperties(db: DbOrTx, page: { limit: number; offset: number }) {
  const [items, [total]] = await Promise.all([
    db
      .select({ property: properties, owner: ownerColumns })
      .from(properties)
      .innerJoin(users, eq(users.id, properties.userId))
      .where(pendingProperty)
      .orderBy(asc(properties.createdAt), asc(properties.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(properties).innerJoin(users, eq(users.id, properties.userId)).where(pendingProperty),
  ]);
  return { items, total: total?.n ?? 0 };
}

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
