/**
 * Mail to a user that respects their notification preferences (issue 6 Settings). Every
 * product e-mail except security mail (verification, password) goes through here.
 * A failed send is logged and never fails the request that caused it.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import type { NotificationPrefs, User } from '../../db/schema';

export type NotificationKind = keyof NotificationPrefs;

export async function notifyUser(
  ctx: AppContext,
  log: FastifyBaseLogger,
  user: Pick<User, 'email' | 'notificationPrefs' | 'deletedAt'>,
  kind: NotificationKind,
  message: { subject: string; text: string },
): Promise<boolean> {
  if (user.deletedAt || user.notificationPrefs?.[kind] === false) return false;
  try {
    await ctx.mailer.send({ to: user.email, ...message });
    return true;
  } catch (err) {
    log.warn({ err, kind }, 'notification e-mail failed');
    return false;
  }
}
