/**
 * The subscription clock: a paid period ends one year after payment. A periodic job
 * marks lapsed subscriptions inactive (the card then leaves the directory) and mails one
 * reminder about two weeks before the end. Each row is claimed by an UPDATE … RETURNING, so
 * several app processes never mail twice.
 */
import type { FastifyBaseLogger } from 'fastify';
import { type JobHooks, scheduleEvery } from '../../platform/schedule';
import { and, eq, gt, inArray, isNull, lte } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import { notifyUser } from '../../platform/mail/notify';
import { writeAudit } from '../audit';

const DAY_MS = 24 * 60 * 60 * 1000;
export const REMINDER_DAYS_BEFORE = 14;
export const EXPIRY_JOB_INTERVAL_MS = 60 * 60 * 1000;
const BATCH = 500;

const formatDate = (d: Date) => d.toISOString().slice(0, 10);

export async function runSubscriptionMaintenance(
  ctx: AppContext,
  log: FastifyBaseLogger,
  now: Date = new Date(),
): Promise<{ lapsed: number; reminded: number }> {
  const { db } = ctx;
  let lapsed = 0;
  let reminded = 0;

  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const due = tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.subscriptionStatus, 'active'), lte(users.subscriptionPeriodEnd, now)))
        .limit(BATCH);
      const rows = await tx
        .update(users)
        .set({ subscriptionStatus: 'inactive' })
        .where(and(inArray(users.id, due), eq(users.subscriptionStatus, 'active')))
        .returning();
      for (const u of rows) {
        await writeAudit(tx, {
          actorId: null,
          action: 'subscription.lapse',
          entityType: 'user',
          entityId: u.id,
          before: { subscriptionStatus: 'active', subscriptionPeriodEnd: u.subscriptionPeriodEnd },
          after: { subscriptionStatus: 'inactive', subscriptionPeriodEnd: u.subscriptionPeriodEnd },
        });
        // Queued with the change: no lapse without its e-mail, no e-mail twice.
        await notifyUser(tx, u, 'subscription', 'subscriptionEnded', {
          name: u.firstName,
          end: u.subscriptionPeriodEnd ? formatDate(u.subscriptionPeriodEnd) : null,
          link: `${ctx.config.publicUrl}/subscription`,
        });
      }
      return rows;
    });
    lapsed += batch.length;
    if (batch.length < BATCH) break;
  }

  const horizon = new Date(now.getTime() + REMINDER_DAYS_BEFORE * DAY_MS);
  for (;;) {
    const due = db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.subscriptionStatus, 'active'),
          gt(users.subscriptionPeriodEnd, now),
          lte(users.subscriptionPeriodEnd, horizon),
          isNull(users.subscriptionReminderSentAt),
          isNull(users.deletedAt),
        ),
      )
      .limit(BATCH);
    const batch = await db.transaction(async (tx) => {
      const rows = await tx
        .update(users)
        .set({ subscriptionReminderSentAt: now })
        .where(and(inArray(users.id, due), isNull(users.subscriptionReminderSentAt)))
        .returning();
      for (const u of rows) {
        const end = u.subscriptionPeriodEnd ? formatDate(u.subscriptionPeriodEnd) : '';
        if (u.stripeSubscriptionId)
          await notifyUser(tx, u, 'subscription', 'subscriptionRenews', { name: u.firstName, end });
        else
          await notifyUser(tx, u, 'subscription', 'subscriptionEnds', {
            name: u.firstName,
            end,
            link: `${ctx.config.publicUrl}/subscription`,
          });
      }
      return rows;
    });
    reminded += batch.length;
    if (batch.length < BATCH) break;
  }
  if (lapsed || reminded) log.info({ lapsed, reminded }, 'subscription maintenance');
  return { lapsed, reminded };
}

/** Runs the job at start and then every hour; stops when the app closes. */
export function scheduleSubscriptionMaintenance(ctx: AppContext, log: FastifyBaseLogger, hooks: JobHooks): void {
  scheduleEvery(hooks, log, { name: 'subscription maintenance', everyMs: EXPIRY_JOB_INTERVAL_MS, atStart: true }, () =>
    runSubscriptionMaintenance(ctx, log),
  );
}
