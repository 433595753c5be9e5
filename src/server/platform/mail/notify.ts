/**
 * Mail to a user that respects their notification preferences, in their
 * saved language. Every product e-mail except security mail (verification,
 * password, e-mail change) goes through here. The e-mail is written to the outbox with `db`,
 * which should be the transaction of the change that causes it.
 */
import type { DbOrTx } from '../../db/client';
import type { MailAttachmentRef, NotificationPrefs, User } from '../../db/schema';
import { queueTemplate } from './outbox';
import { type MailKind, type MailParams, mailLang } from './templates';

export type NotificationKind = keyof NotificationPrefs;

export async function notifyUser<K extends MailKind>(
  db: DbOrTx,
  user: Pick<User, 'email' | 'notificationPrefs' | 'deletedAt' | 'preferredLanguage'>,
  pref: NotificationKind,
  kind: K,
  params: MailParams<K>,
  /** Rendered when the e-mail is sent (e.g. the tax invoice PDF). */
  attachments?: MailAttachmentRef[],
): Promise<boolean> {
  if (user.deletedAt || user.notificationPrefs?.[pref] === false) return false;
  await queueTemplate(db, { email: user.email, lang: mailLang(user.preferredLanguage) }, kind, params, attachments);
  return true;
}
