/**
 * The password reset e-mail, in the account's saved language (template
 * `passwordReset` in platform/mail/templates.ts), written to the mail outbox in the transaction
 * that stores the link's hash: no link without its e-mail, no e-mail for a lost link.
 */
import type { DbOrTx } from '../../db/client';
import type { User } from '../../db/schema';
import { queueTemplate } from '../../platform/mail/outbox';
import { mailLang } from '../../platform/mail/templates';

/** The link the e-mail carries: the web page /reset-password?token=… */
export const resetLink = (publicUrl: string, token: string) =>
  `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`;

export async function queuePasswordResetMail(
  tx: DbOrTx,
  publicUrl: string,
  user: Pick<User, 'email' | 'firstName' | 'preferredLanguage'>,
  token: string,
): Promise<void> {
  await queueTemplate(tx, { email: user.email, lang: mailLang(user.preferredLanguage) }, 'passwordReset', {
    name: user.firstName,
    link: resetLink(publicUrl, token),
  });
}
