/**
 * Admin actions: suspending a user and exporting users. Every action is
 * written to the audit log in the same transaction as the change it records.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { toCsv, type CsvCell } from '../../../core/csv';
import type { AdminUser, AdminUsersQuery, AuditLogPage, AuditLogQuery } from '../../../core/schemas/admin';
import type { AppContext } from '../../context';
import { sessions, users, type User } from '../../db/schema';
import { forbidden, notFound } from '../../errors';
import { writeAudit } from '../audit';
import { type AdminUserRow, listAuditLog, listUsers } from './repository';

const EXPORT_BATCH = 1000;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toAdminUser(u: AdminUserRow): AdminUser {
  return {
    ...u,
    subscriptionStatus: u.subscriptionStatus ?? 'inactive',
    subscriptionPeriodEnd: iso(u.subscriptionPeriodEnd),
    suspendedAt: iso(u.suspendedAt),
    createdAt: u.createdAt.toISOString(),
  };
}

export function createAdminService(ctx: AppContext) {
  const { db } = ctx;

  return {
    async users(q: AdminUsersQuery & { limit: number; offset: number }) {
      const { items, total } = await listUsers(db, q);
      return { items: items.map(toAdminUser), total };
    },

    /**
     * Suspends or restores a user. A suspended user's cards and listings leave public view (the
     * public queries check users.suspended_at) and every session of theirs ends now.
     */
    async setSuspended(admin: User, userId: string, suspended: boolean): Promise<AdminUser> {
      return db.transaction(async (tx) => {
        const [target] = await tx
          .select()
          .from(users)
          .where(and(eq(users.id, userId), isNull(users.deletedAt)))
          .for('update')
          .limit(1);
        if (!target) throw notFound('User not found', 'USER_NOT_FOUND');
        if (target.role === 'admin') throw forbidden('Administrators cannot be suspended.', 'CANNOT_SUSPEND_ADMIN');
        const already = !!target.suspendedAt === suspended;
        const suspendedAt = suspended ? (target.suspendedAt ?? new Date()) : null;
        const [updated] = await tx.update(users).set({ suspendedAt }).where(eq(users.id, userId)).returning();
        if (suspended) await tx.delete(sessions).where(eq(sessions.userId, userId));
        if (!already) {
          await writeAudit(tx, {
            actorId: admin.id,
            action: suspended ? 'user.suspend' : 'user.unsuspend',
            entityType: 'user',
            entityId: userId,
            before: { suspendedAt: target.suspendedAt },
            after: { suspendedAt },
          });
        }
        return toAdminUser(updated);
      });
    },

    /** All users as CSV, read in batches; the export itself is audited. */
    async exportUsersCsv(admin: User): Promise<string> {
      const rows: CsvCell[][] = [];
      let offset = 0;
      for (;;) {
        const { items } = await listUsers(db, { limit: EXPORT_BATCH, offset });
        for (const u of items) {
          rows.push([
            u.id,
            u.email,
            u.firstName,
            u.lastName,
            u.role,
            u.isEmailVerified ? 'yes' : 'no',
            u.subscriptionStatus,
            u.subscriptionPeriodEnd,
            u.suspendedAt ? 'yes' : 'no',
            u.createdAt,
          ]);
        }
        if (items.length < EXPORT_BATCH) break;
        offset += EXPORT_BATCH;
      }
      await writeAudit(db, {
        actorId: admin.id,
        action: 'users.export',
        entityType: 'user',
        entityId: null,
        after: { rows: rows.length },
      });
      return toCsv(
        [
          'ID',
          'Email',
          'First name',
          'Last name',
          'Role',
          'Email verified',
          'Subscription',
          'Subscription ends',
          'Suspended',
          'Joined',
        ],
        rows,
      );
    },

    async auditLog(q: AuditLogQuery & { limit: number; offset: number }): Promise<AuditLogPage> {
      const { rows, hasMore } = await listAuditLog(db, q);
      return {
        hasMore,
        items: rows.map((r) => ({
          id: r.id,
          actor: r.actorId
            ? {
                id: r.actorId,
                firstName: r.actorFirstName ?? '',
                lastName: r.actorLastName ?? '',
                username: r.actorUsername,
              }
            : null,
          action: r.action,
          entityType: r.entityType,
          entityId: r.entityId,
          apiKeyId: r.apiKeyId,
          before: r.before,
          after: r.after,
          createdAt: r.createdAt.toISOString(),
        })),
      };
    },
  };
}
