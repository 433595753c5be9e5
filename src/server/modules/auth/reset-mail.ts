/**
 * The password reset e-mail (issue 17), in the account's saved language. Sending is this one
 * small function so it moves to the mail outbox in one place.
 */
import type { AppContext } from '../../context';
import type { User } from '../../db/schema';

type Lang = 'en' | 'ar';

const TEXTS: Record<Lang, { subject: string; body: (name: string, link: string) => string }> = {
  en: {
    subject: 'Reset your Bitaqa password',
    body: (name, link) =>
      `Hello ${name},\n\nSomeone (hopefully you) asked to reset the password of your Bitaqa account. Open this link to choose a new password. It is valid for one hour and works once:\n\n${link}\n\nIf you did not ask for this, ignore this message: your password stays the same.\n\nBitaqa, Dubai Silicon Oasis`,
  },
  ar: {
    subject: 'إعادة تعيين كلمة مرور بطاقة',
    body: (name, link) =>
      `مرحباً ${name}،\n\nطلب أحدهم (ونأمل أن تكون أنت) إعادة تعيين كلمة مرور حسابك في بطاقة. افتح هذا الرابط لاختيار كلمة مرور جديدة. الرابط صالح لمدة ساعة واحدة ويعمل مرة واحدة فقط:\n\n${link}\n\nإذا لم تطلب ذلك، فتجاهل هذه الرسالة: تبقى كلمة مرورك كما هي.\n\nبطاقة، واحة دبي للسيليكون`,
  },
};

/** The link the e-mail carries: the web page /reset-password?token=… */
export const resetLink = (publicUrl: string, token: string) =>
  `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`;

export async function sendPasswordResetMail(
  ctx: Pick<AppContext, 'mailer' | 'config'>,
  user: Pick<User, 'email' | 'firstName' | 'preferredLanguage'>,
  token: string,
): Promise<void> {
  const texts = TEXTS[user.preferredLanguage === 'ar' ? 'ar' : 'en'];
  await ctx.mailer.send({
    to: user.email,
    subject: texts.subject,
    text: texts.body(user.firstName, resetLink(ctx.config.publicUrl, token)),
  });
}
