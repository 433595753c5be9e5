/**
 * The owner's notice 7 days before a listing's advertising permit ends. The listing itself needs
 * no job to come down (the public queries compare the expiry with today); this only tells the
 * owner in time to renew.
 *
 * Runs every hour; a listing's notice is claimed by an UPDATE … RETURNING of the expiry date it
 * is for, in the transaction that queues the e-mail, so several processes and restarts send it
 * once per listing and expiry date, and a renewed permit (a new date) gets its own notice.
 */
import type { FastifyBaseLogger } from 'fastify';
import { type JobHooks, scheduleEvery } from '../../platform/schedule';
import { and, eq, gte, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import { AVAILABLE_PROPERTY_STATUSES } from '../../../core/enums';
import { daysBetween, PERMIT_NOTICE_DAYS, uaeToday } from '../../../core/permits';
import type { AppContext } from '../../context';
import { properties, users } from '../../db/schema';
import { notifyUser } from '../../platform/mail/notify';

const HOUR_MS = 3600_000;

const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** Queues the notices due at `now`; answers how many e-mails were queued. */
export async function sendPermitExpiryNotices(ctx: AppContext, now: Date): Promise<number> {
  const today = uaeToday(now);
  return ctx.db.transaction(async (tx) => {
    const claimed = await tx
      .update(properties)
      .set({ permitNoticeFor: sql`${properties.permitExpiresOn}` })
      .where(
        and(
          eq(properties.isApproved, true),
          inArray(properties.status, [...AVAILABLE_PROPERTY_STATUSES]),
          gte(properties.permitExpiresOn, today),
          lte(properties.permitExpiresOn, addDays(today, PERMIT_NOTICE_DAYS)),
          or(isNull(properties.permitNoticeFor), ne(properties.permitNoticeFor, properties.permitExpiresOn)),
        ),
      )
      .returning({
        id: properties.id,
        userId: properties.userId,
        title: properties.title,
        permitNumber: properties.permitNumber,
        expiresOn: properties.permitExpiresOn,
      });
    if (claimed.length === 0) return 0;
    const owners = await tx
      .select()
      .from(users)
      .where(
        inArray(
          users.id,
          claimed.map((c) => c.userId),
        ),
      );
    let queued = 0;
    for (const c of claimed) {
      const owner = owners.find((u) => u.id === c.userId);
      if (!owner || !c.expiresOn || owner.suspendedAt) continue;
      const sent = await notifyUser(tx, owner, 'cardStatus', 'permitExpiring', {
        name: owner.firstName,
        title: c.title,
        permit: c.permitNumber ?? '',
        end: c.expiresOn,
        days: daysBetween(today, c.expiresOn),
        link: `${ctx.config.publicUrl}/properties/${c.id}/edit`,
      });
      if (sent) queued++;
    }
    return queued;
  });
}

export function schedulePermitNotices(ctx: AppContext, log: FastifyBaseLogger, hooks: JobHooks): void {
  scheduleEvery(hooks, log, { name: 'permit expiry notices', everyMs: HOUR_MS }, () =>
    sendPermitExpiryNotices(ctx, ctx.now()),
  );
}
