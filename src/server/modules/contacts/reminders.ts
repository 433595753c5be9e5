/**
 * Follow-up reminders: on the morning of a follow-up's date (Dubai time, from 07:00) the owner gets
 * one e-mail, in their language, listing the contacts due that day with a link to each. A contact
 * is claimed by an UPDATE … RETURNING of the date it is reminded for, so several app processes
 * never send the same reminder twice and a new date earns a new reminder.
 */
import type { FastifyBaseLogger } from 'fastify';
import { type JobHooks, scheduleEvery } from '../../platform/schedule';
import { and, eq, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import { notifyUser } from '../../platform/mail/notify';
import { contacts } from './schema';
import { dubaiDay } from './service';

/** The hour (Dubai) from which the day's reminders go out. */
export const MORNING_HOUR = 7;
const INTERVAL_MS = 15 * 60 * 1000;
const BATCH = 500;

export async function runFollowUpReminders(ctx: AppContext, now: Date): Promise<number> {
  const dubaiHour = (now.getUTCHours() + 4) % 24;
  if (dubaiHour < MORNING_HOUR) return 0;
  const today = dubaiDay(now);
  let sent = 0;
  for (;;) {
    const batch = await ctx.db.transaction(async (tx) => {
      const due = tx
        .select({ id: contacts.id })
        .from(contacts)
        .where(
          and(
            isNotNull(contacts.followUpOn),
            eq(contacts.followUpOn, today),
            or(isNull(contacts.remindedFor), ne(contacts.remindedFor, contacts.followUpOn)),
          ),
        )
        .limit(BATCH);
      const claimed = await tx
        .update(contacts)
        .set({ remindedFor: sql`${contacts.followUpOn}` })
        .where(
          and(
            inArray(contacts.id, due),
            or(isNull(contacts.remindedFor), ne(contacts.remindedFor, contacts.followUpOn)),
          ),
        )
        .returning({ id: contacts.id, ownerId: contacts.ownerId, name: contacts.name, note: contacts.followUpNote });
      const byOwner = new Map<string, typeof claimed>();
      for (const c of claimed) byOwner.set(c.ownerId, [...(byOwner.get(c.ownerId) ?? []), c]);
      if (byOwner.size) {
        const owners = await tx
          .select()
          .from(users)
          .where(inArray(users.id, [...byOwner.keys()]));
        for (const owner of owners) {
          const items = (byOwner.get(owner.id) ?? []).map((c) => ({
            contact: c.name,
            note: c.note,
            link: `${ctx.config.publicUrl}/contacts/${c.id}`,
          }));
          // Written with the claim: no reminder lost to a crash, none sent twice.
          if (await notifyUser(tx, owner, 'inquiries', 'followUpReminder', { name: owner.firstName, items })) sent++;
        }
      }
      return claimed.length;
    });
    if (batch < BATCH) break;
  }
  return sent;
}

export function scheduleFollowUpReminders(ctx: AppContext, log: FastifyBaseLogger, hooks: JobHooks): void {
  scheduleEvery(hooks, log, { name: 'follow-up reminders', everyMs: INTERVAL_MS }, () =>
    runFollowUpReminders(ctx, ctx.now()),
  );
}
