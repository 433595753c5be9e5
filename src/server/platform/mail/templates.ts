/**
 * Every e-mail Bitaqa sends, in English and Arabic, in one place. A template gives a
 * subject and paragraphs; `renderMail` turns them into the plain-text part and an HTML part
 * (`lang` and `dir="rtl"` for Arabic, everything escaped).
 *
 * Only the link Bitaqa itself made for the mail (the `link` parameter) is clickable. Anything a
 * user wrote that ends up in a mail (a name, a brokerage name, a webhook address) stays plain
 * text, so nobody can make our no-reply address carry their link.
 *
 * Which language: the addressee's saved language for mail about their account; for a request
 * without a signed-in user, the request's Accept-Language (see `requestLanguage`).
 */
import type { InquiryType } from '../../../core/enums';

export type MailLang = 'en' | 'ar';

export interface RenderedMail {
  kind: MailKind;
  lang: MailLang;
  subject: string;
  text: string;
  html: string;
}

interface Draft {
  subject: string;
  /** Paragraphs; a paragraph that is a bare URL becomes a link of its own. */
  body: (string | false | null | undefined)[];
}

const SIGN_EN = 'Bitaqa, Dubai Silicon Oasis';
const SIGN_AR = 'فريق Bitaqa، واحة دبي للسيليكون';
const TEAM_EN = 'The Bitaqa team';
const TEAM_AR = 'فريق Bitaqa';

const INQUIRY_TYPE_AR: Record<InquiryType, string> = {
  buying: 'شراء',
  selling: 'بيع',
  renting: 'إيجار',
  financing: 'تمويل',
  partnership: 'شراكة',
  other: 'أخرى',
};

type Template<P> = Record<MailLang, (p: P) => Draft>;

function template<P>(t: Template<P>): Template<P> {
  return t;
}

const TEMPLATES = {
  verification: template<{ name: string; link: string }>({
    en: (p) => ({
      subject: 'Verify your Bitaqa e-mail address',
      body: [
        `Hello ${p.name},`,
        'Welcome to Bitaqa. Please confirm your e-mail address by opening this link (valid for 24 hours):',
        p.link,
        'If you did not sign up, you can ignore this message.',
        SIGN_EN,
      ],
    }),
    ar: (p) => ({
      subject: 'أكّد بريدك الإلكتروني في Bitaqa',
      body: [
        `مرحبًا ${p.name}،`,
        'أهلًا بك في Bitaqa. يرجى تأكيد بريدك الإلكتروني بفتح هذا الرابط (صالح لمدة 24 ساعة):',
        p.link,
        'إذا لم تقم بالتسجيل، يمكنك تجاهل هذه الرسالة.',
        SIGN_AR,
      ],
    }),
  }),
  signUpAttempt: template<{ name: string; link: string }>({
    en: (p) => ({
      subject: 'Someone tried to sign up to Bitaqa with your e-mail address',
      body: [
        `Hello ${p.name},`,
        'Someone just tried to create a Bitaqa account with this e-mail address, which already has an account. If it was you, sign in here instead:',
        p.link,
        'If it was not you, you can ignore this message: nothing was changed.',
        SIGN_EN,
      ],
    }),
    ar: (p) => ({
      subject: 'حاول شخص ما التسجيل في Bitaqa ببريدك الإلكتروني',
      body: [
        `مرحبًا ${p.name}،`,
        'حاول شخص ما للتو إنشاء حساب في Bitaqa بهذا البريد الإلكتروني، وله حساب بالفعل. إن كنت أنت، فسجّل الدخول من هنا:',
        p.link,
        'إن لم تكن أنت، يمكنك تجاهل هذه الرسالة: لم يتغير شيء.',
        SIGN_AR,
      ],
    }),
  }),
  emailChangeConfirm: template<{ name: string; link: string }>({
    en: (p) => ({
      subject: 'Confirm your new Bitaqa e-mail address',
      body: [
        `Hello ${p.name},`,
        'To use this address for your Bitaqa account, open this link (valid for 24 hours):',
        p.link,
        'If you did not ask for this, ignore this message: nothing changes.',
        SIGN_EN,
      ],
    }),
    ar: (p) => ({
      subject: 'أكّد عنوان بريدك الإلكتروني الجديد في Bitaqa',
      body: [
        `مرحبًا ${p.name}،`,
        'لاستخدام هذا العنوان لحسابك في Bitaqa، افتح هذا الرابط (صالح لمدة 24 ساعة):',
        p.link,
        'إن لم تطلب ذلك، فتجاهل هذه الرسالة: لن يتغير شيء.',
        SIGN_AR,
      ],
    }),
  }),
  emailChangeRequested: template<{ name: string; newEmail: string }>({
    en: (p) => ({
      subject: 'A change of your Bitaqa e-mail address was requested',
      body: [
        `Hello ${p.name},`,
        `Someone signed in to your Bitaqa account asked to change its e-mail address to ${p.newEmail}. The change happens only when the link sent to that address is opened.`,
        'If this was not you, change your password now.',
        SIGN_EN,
      ],
    }),
    ar: (p) => ({
      subject: 'طُلب تغيير بريدك الإلكتروني في Bitaqa',
      body: [
        `مرحبًا ${p.name}،`,
        `طلب شخص مسجّل الدخول إلى حسابك في Bitaqa تغيير بريده الإلكتروني إلى \u2068${p.newEmail}\u2069. لا يتم التغيير إلا عند فتح الرابط المرسل إلى ذلك العنوان.`,
        'إن لم تكن أنت، فغيّر كلمة المرور الآن.',
        SIGN_AR,
      ],
    }),
  }),
  emailChanged: template<{ name: string; newEmail: string }>({
    en: (p) => ({
      subject: 'Your Bitaqa e-mail address was changed',
      body: [
        `Hello ${p.name},`,
        `Your Bitaqa account now uses ${p.newEmail}. If this was not you, contact support right away.`,
        SIGN_EN,
      ],
    }),
    ar: (p) => ({
      subject: 'تم تغيير بريدك الإلكتروني في Bitaqa',
      body: [
        `مرحبًا ${p.name}،`,
        `يستخدم حسابك في Bitaqa الآن العنوان \u2068${p.newEmail}\u2069. إن لم تكن أنت، فتواصل مع الدعم فورًا.`,
        SIGN_AR,
      ],
    }),
  }),
  passwordChanged: template<{ name: string; support: string }>({
    en: (p) => ({
      subject: 'Your Bitaqa password was changed',
      body: [
        `Hello ${p.name},`,
        'The password of your Bitaqa account was just changed, and every other device was signed out.',
        `If this was not you, reset your password right away and contact ${p.support}.`,
        SIGN_EN,
      ],
    }),
    ar: (p) => ({
      subject: 'تم تغيير كلمة مرور حسابك في Bitaqa',
      body: [
        `مرحبًا ${p.name}،`,
        'تم للتو تغيير كلمة مرور حسابك في Bitaqa، وتم تسجيل الخروج من جميع الأجهزة الأخرى.',
        `إن لم تكن أنت، فأعد تعيين كلمة المرور فورًا وتواصل مع \u2068${p.support}\u2069.`,
        SIGN_AR,
      ],
    }),
  }),
  twoFactorOn: template<{ name: string }>({
    en: (p) => ({
      subject: 'Two-factor sign-in is on',
      body: [
        `Hello ${p.name},`,
        'Two-factor sign-in is now on for your Bitaqa account. Keep your recovery codes somewhere safe.',
        SIGN_EN,
      ],
    }),
    ar: (p) => ({
      subject: 'تم تفعيل التحقق بخطوتين',
      body: [
        `مرحبًا ${p.name}،`,
        'أصبح التحقق بخطوتين مفعّلًا لحسابك في Bitaqa. احتفظ برموز الاسترداد في مكان آمن.',
        SIGN_AR,
      ],
    }),
  }),
  twoFactorOff: template<{ name: string }>({
    en: (p) => ({
      subject: 'Two-factor sign-in is off',
      body: [
        `Hello ${p.name},`,
        'Two-factor sign-in was turned off for your Bitaqa account. If this was not you, change your password now.',
        SIGN_EN,
      ],
    }),
    ar: (p) => ({
      subject: 'تم إيقاف التحقق بخطوتين',
      body: [
        `مرحبًا ${p.name}،`,
        'تم إيقاف التحقق بخطوتين لحسابك في Bitaqa. إن لم تكن أنت، فغيّر كلمة المرور الآن.',
        SIGN_AR,
      ],
    }),
  }),
  accountDeleted: template<{ site: string }>({
    en: (p) => ({
      subject: 'Your Bitaqa account was deleted',
      body: [
        'Hello,',
        'Your Bitaqa account and its personal data, business cards and listings have been deleted as you asked. Thank you for using Bitaqa.',
        `${SIGN_EN} (${p.site})`,
      ],
    }),
    ar: (p) => ({
      subject: 'تم حذف حسابك في Bitaqa',
      body: [
        'مرحبًا،',
        'تم حذف حسابك في Bitaqa وبياناته الشخصية وبطاقات الأعمال والإعلانات كما طلبت. شكرًا لاستخدامك Bitaqa.',
        `${SIGN_AR} (\u2068${p.site}\u2069)`,
      ],
    }),
  }),
  passwordReset: template<{ name: string; link: string }>({
    en: (p) => ({
      subject: 'Reset your Bitaqa password',
      body: [
        `Hello ${p.name},`,
        'Someone (hopefully you) asked to reset the password of your Bitaqa account. Open this link to choose a new password. It is valid for one hour and works once:',
        p.link,
        'If you did not ask for this, ignore this message: your password stays the same.',
        SIGN_EN,
      ],
    }),
    ar: (p) => ({
      subject: 'إعادة تعيين كلمة مرور بطاقة',
      body: [
        `مرحباً ${p.name}،`,
        'طلب أحدهم (ونأمل أن تكون أنت) إعادة تعيين كلمة مرور حسابك في بطاقة. افتح هذا الرابط لاختيار كلمة مرور جديدة. الرابط صالح لمدة ساعة واحدة ويعمل مرة واحدة فقط:',
        p.link,
        'إذا لم تطلب ذلك، فتجاهل هذه الرسالة: تبقى كلمة مرورك كما هي.',
        'بطاقة، واحة دبي للسيليكون',
      ],
    }),
  }),
  cardApproved: template<{ name: string; cardName: string; link: string }>({
    en: (p) => ({
      subject: 'Your Bitaqa business card is approved',
      body: [
        `Hello ${p.name},`,
        `Good news: your business card "${p.cardName}" has been approved and is now public:`,
        p.link,
        'Share it from your profile with its link, QR code or contact file.',
        TEAM_EN,
      ],
    }),
    ar: (p) => ({
      subject: 'تمت الموافقة على بطاقة أعمالك في Bitaqa',
      body: [
        `مرحبًا ${p.name}،`,
        `تمت الموافقة على بطاقة الأعمال "\u2068${p.cardName}\u2069" وأصبحت متاحة للجميع:`,
        p.link,
        'شاركها من صفحتك الشخصية عبر الرابط أو رمز QR أو ملف جهة الاتصال.',
        TEAM_AR,
      ],
    }),
  }),
  cardRejected: template<{ name: string; cardName: string; reason: string | null; link: string }>({
    en: (p) => ({
      subject: 'Your Bitaqa business card needs changes',
      body: [
        `Hello ${p.name},`,
        `Your business card "${p.cardName}" was not approved.`,
        p.reason && `Reason: ${p.reason}`,
        'Please review it and resubmit with corrections:',
        p.link,
        TEAM_EN,
      ],
    }),
    ar: (p) => ({
      subject: 'بطاقتك في Bitaqa تحتاج إلى تعديل',
      body: [
        `مرحبًا ${p.name}،`,
        `لم تتم الموافقة على بطاقة الأعمال "\u2068${p.cardName}\u2069".`,
        p.reason && `السبب: \u2068${p.reason}\u2069`,
        'يرجى مراجعتها وإعادة إرسالها بعد التصحيح:',
        p.link,
        TEAM_AR,
      ],
    }),
  }),
  cardRevisionRejected: template<{ name: string; cardName: string; reason: string | null; link: string }>({
    en: (p) => ({
      subject: 'Your changes to your Bitaqa card were not approved',
      body: [
        `Hello ${p.name},`,
        `Your changes to the card "${p.cardName}" were not approved.`,
        p.reason && `Reason: ${p.reason}`,
        'Your approved card stays public as it was. You can edit it again:',
        p.link,
        TEAM_EN,
      ],
    }),
    ar: (p) => ({
      subject: 'لم تتم الموافقة على تعديلات بطاقتك في Bitaqa',
      body: [
        `مرحبًا ${p.name}،`,
        `لم تتم الموافقة على تعديلاتك على البطاقة "\u2068${p.cardName}\u2069".`,
        p.reason && `السبب: \u2068${p.reason}\u2069`,
        'تبقى النسخة المعتمدة من بطاقتك متاحة للجميع. يمكنك التعديل مرة أخرى:',
        p.link,
        TEAM_AR,
      ],
    }),
  }),
  listingApproved: template<{ name: string; title: string; link: string }>({
    en: (p) => ({
      subject: 'Your Bitaqa listing is approved',
      body: [`Hello ${p.name},`, `Your listing "${p.title}" has been approved and is now public:`, p.link, TEAM_EN],
    }),
    ar: (p) => ({
      subject: 'تمت الموافقة على إعلانك في Bitaqa',
      body: [
        `مرحبًا ${p.name}،`,
        `تمت الموافقة على إعلان "\u2068${p.title}\u2069" وأصبح ظاهرًا للجميع:`,
        p.link,
        TEAM_AR,
      ],
    }),
  }),
  listingRejected: template<{ name: string; title: string; reason: string | null; link: string }>({
    en: (p) => ({
      subject: 'Your Bitaqa listing needs changes',
      body: [
        `Hello ${p.name},`,
        `Your listing "${p.title}" was not approved.`,
        `Reason: ${p.reason ?? ''}`,
        'Edit it and submit it again:',
        p.link,
        TEAM_EN,
      ],
    }),
    ar: (p) => ({
      subject: 'إعلانك في Bitaqa يحتاج إلى تعديل',
      body: [
        `مرحبًا ${p.name}،`,
        `لم تتم الموافقة على إعلان "\u2068${p.title}\u2069".`,
        `السبب: \u2068${p.reason ?? ''}\u2069`,
        'عدّله وأعد إرساله:',
        p.link,
        TEAM_AR,
      ],
    }),
  }),
  listingRevisionRejected: template<{ name: string; title: string; reason: string | null; link: string }>({
    en: (p) => ({
      subject: 'Your changes to your Bitaqa listing were not approved',
      body: [
        `Hello ${p.name},`,
        `Your changes to the listing "${p.title}" were not approved.`,
        `Reason: ${p.reason ?? ''}`,
        'Your approved listing stays public as it was. You can edit it again:',
        p.link,
        TEAM_EN,
      ],
    }),
    ar: (p) => ({
      subject: 'لم تتم الموافقة على تعديلات إعلانك في Bitaqa',
      body: [
        `مرحبًا ${p.name}،`,
        `لم تتم الموافقة على تعديلاتك على إعلان "\u2068${p.title}\u2069".`,
        `السبب: \u2068${p.reason ?? ''}\u2069`,
        'يبقى الإعلان المعتمد ظاهرًا كما كان. يمكنك التعديل مرة أخرى:',
        p.link,
        TEAM_AR,
      ],
    }),
  }),
  inquiry: template<{
    name: string;
    from: string;
    type: InquiryType;
    cardName: string;
    message: string;
    email: string;
    phone: string | null;
    link: string;
  }>({
    en: (p) => ({
      subject: `New inquiry from ${p.from}`,
      body: [
        `Hello ${p.name},`,
        `${p.from} sent an inquiry (${p.type}) from your card "${p.cardName}":`,
        p.message || '(no message)',
        [`E-mail: ${p.email}`, p.phone ? `Phone: ${p.phone}` : ''].filter(Boolean).join('\n'),
        `See all your leads at ${p.link}`,
        SIGN_EN,
      ],
    }),
    ar: (p) => ({
      subject: `استفسار جديد من \u2068${p.from}\u2069`,
      body: [
        `مرحبًا ${p.name}،`,
        `أرسل \u2068${p.from}\u2069 استفسارًا (${INQUIRY_TYPE_AR[p.type]}) من بطاقتك "\u2068${p.cardName}\u2069":`,
        p.message ? `\u2068${p.message}\u2069` : '(بدون رسالة)',
        [`البريد الإلكتروني: \u2068${p.email}\u2069`, p.phone ? `الهاتف: \u2068${p.phone}\u2069` : '']
          .filter(Boolean)
          .join('\n'),
        `اطّلع على جميع العملاء المحتملين في ${p.link}`,
        SIGN_AR,
      ],
    }),
  }),
  exchange: template<{
    name: string;
    from: string;
    cardName: string;
    email: string | null;
    phone: string | null;
    company: string | null;
    note: string | null;
    link: string;
  }>({
    en: (p) => ({
      subject: `${p.from} shared their details with you`,
      body: [
        `Hello ${p.name},`,
        `${p.from} shared their contact details with you from your card "${p.cardName}":`,
        [p.company && `Company: ${p.company}`, p.phone && `Phone: ${p.phone}`, p.email && `E-mail: ${p.email}`]
          .filter(Boolean)
          .join('\n'),
        p.note && `Note: ${p.note}`,
        'Their contact card is attached: open it to save them to your contacts.',
        `See all your leads at ${p.link}`,
        SIGN_EN,
      ],
    }),
    ar: (p) => ({
      subject: `شارك \u2068${p.from}\u2069 بياناته معك`,
      body: [
        `مرحبًا ${p.name}،`,
        `شارك \u2068${p.from}\u2069 بيانات التواصل الخاصة به معك من بطاقتك "\u2068${p.cardName}\u2069":`,
        [
          p.company && `الشركة: \u2068${p.company}\u2069`,
          p.phone && `الهاتف: \u2068${p.phone}\u2069`,
          p.email && `البريد الإلكتروني: \u2068${p.email}\u2069`,
        ]
          .filter(Boolean)
          .join('\n'),
        p.note && `ملاحظة: \u2068${p.note}\u2069`,
        'بطاقة جهة الاتصال مرفقة: افتحها لحفظها في جهات اتصالك.',
        `اطّلع على جميع العملاء المحتملين في ${p.link}`,
        SIGN_AR,
      ],
    }),
  }),
  leadAssigned: template<{ name: string; from: string; cardName: string; by: string; link: string }>({
    en: (p) => ({
      subject: `A lead was assigned to you: ${p.from}`,
      body: [
        `Hello ${p.name},`,
        `${p.by} assigned you the lead from ${p.from} (card "${p.cardName}").`,
        `See it in your team leads at ${p.link}`,
        SIGN_EN,
      ],
    }),
    ar: (p) => ({
      subject: `أُسند إليك عميل محتمل: \u2068${p.from}\u2069`,
      body: [
        `مرحبًا ${p.name}،`,
        `أسند إليك \u2068${p.by}\u2069 العميل المحتمل \u2068${p.from}\u2069 (البطاقة "\u2068${p.cardName}\u2069").`,
        `اطّلع عليه في عملاء الفريق المحتملين ${p.link}`,
        SIGN_AR,
      ],
    }),
  }),
  seatsPaid: template<{
    name: string;
    brokerage: string;
    seats: number;
    amountAed: number;
    until: string;
    holders: string;
    invoiceNumber?: string | null;
  }>({
    en: (p) => ({
      subject: `Your Bitaqa team seats are paid (${p.seats})`,
      body: [
        `Hello ${p.name},`,
        `Thank you: we received your payment of AED ${p.amountAed} for ${p.seats} seat${p.seats === 1 ? '' : 's'} of ${p.brokerage}. These members are paid brokers until ${p.until}: ${p.holders}.`,
        p.invoiceNumber &&
          `Your tax invoice ${p.invoiceNumber} is attached as a PDF. You can also download it from your subscription page.`,
        SIGN_EN,
      ],
    }),
    ar: (p) => ({
      subject: `تم دفع مقاعد فريقك في Bitaqa (${p.seats})`,
      body: [
        `مرحبًا ${p.name}،`,
        `شكرًا لك: استلمنا دفعتك بقيمة ${p.amountAed} درهم مقابل ${p.seats} من مقاعد \u2068${p.brokerage}\u2069. هؤلاء الأعضاء وسطاء مشتركون حتى \u2068${p.until}\u2069: \u2068${p.holders}\u2069.`,
        p.invoiceNumber &&
          `فاتورتك الضريبية \u2068${p.invoiceNumber}\u2069 مرفقة بصيغة PDF، ويمكنك أيضًا تنزيلها من صفحة الاشتراك.`,
        SIGN_AR,
      ],
    }),
  }),
  subscriptionActive: template<{
    name: string;
    amountAed: number;
    until: string | null;
    invoiceNumber?: string | null;
  }>({
    en: (p) => ({
      subject: 'Your Bitaqa subscription is active',
      body: [
        `Hello ${p.name},`,
        `Thank you: we received your payment of AED ${p.amountAed}. Your Professional Plan is active${p.until ? ` until ${p.until}` : ''}.`,
        p.invoiceNumber &&
          `Your tax invoice ${p.invoiceNumber} is attached as a PDF. You can also download it from your subscription page.`,
        'Your card appears in the directory once an administrator has approved it.',
        SIGN_EN,
      ],
    }),
    ar: (p) => ({
      subject: 'اشتراكك في Bitaqa فعّال',
      body: [
        `مرحبًا ${p.name}،`,
        `شكرًا لك: استلمنا دفعتك بقيمة ${p.amountAed} درهم. خطتك الاحترافية فعّالة${p.until ? ` حتى \u2068${p.until}\u2069` : ''}.`,
        p.invoiceNumber &&
          `فاتورتك الضريبية \u2068${p.invoiceNumber}\u2069 مرفقة بصيغة PDF، ويمكنك أيضًا تنزيلها من صفحة الاشتراك.`,
        'تظهر بطاقتك في الدليل بعد موافقة أحد المشرفين عليها.',
        SIGN_AR,
      ],
    }),
  }),
  subscriptionInactive: template<{ name: string; paymentFailed: boolean; link: string }>({
    en: (p) => ({
      subject: 'Your Bitaqa subscription is no longer active',
      body: [
        `Hello ${p.name},`,
        `Your Professional Plan is no longer active${p.paymentFailed ? ' because the payment failed' : ''}, so your card is hidden from the directory. Renew at ${p.link} to bring it back.`,
        SIGN_EN,
      ],
    }),
    ar: (p) => ({
      subject: 'اشتراكك في Bitaqa لم يعد فعّالًا',
      body: [
        `مرحبًا ${p.name}،`,
        `لم تعد خطتك الاحترافية فعّالة${p.paymentFailed ? ' لأن الدفع لم ينجح' : ''}، لذلك أصبحت بطاقتك مخفية من الدليل. جدّد اشتراكك من ${p.link} لإعادتها.`,
        SIGN_AR,
      ],
    }),
  }),
  subscriptionEnded: template<{ name: string; end: string | null; link: string }>({
    en: (p) => ({
      subject: 'Your Bitaqa subscription has ended',
      body: [
        `Hello ${p.name},`,
        `Your Professional Plan ended on ${p.end ?? 'its period end'}, so your business card is no longer listed in the directory. Renew for AED 100 a year at ${p.link} to bring it back.`,
        SIGN_EN,
      ],
    }),
    ar: (p) => ({
      subject: 'انتهى اشتراكك في Bitaqa',
      body: [
        `مرحبًا ${p.name}،`,
        `انتهت خطتك الاحترافية${p.end ? ` في \u2068${p.end}\u2069` : ''}، لذلك لم تعد بطاقة أعمالك مدرجة في الدليل. جدّد مقابل 100 درهم سنويًا من ${p.link} لإعادتها.`,
        SIGN_AR,
      ],
    }),
  }),
  brokerageInvitation: template<{ inviter: string; brokerage: string; role: string; link: string; days: number }>({
    en: (p) => ({
      subject: `${p.inviter} invites you to join ${p.brokerage} on Bitaqa`,
      body: [
        'Hello,',
        `${p.inviter} invites you to join ${p.brokerage} on Bitaqa as ${p.role === 'manager' ? 'a manager' : 'a member'}. Your card will carry the brokerage's name and branding, and the brokerage's owner and managers will see the leads from your card.`,
        `Open this link to accept or decline (valid for ${p.days} days, once):`,
        p.link,
        'Sign in with this e-mail address to accept. If you did not expect this, you can ignore this message.',
        SIGN_EN,
      ],
    }),
    ar: (p) => ({
      subject: `يدعوك \u2068${p.inviter}\u2069 للانضمام إلى \u2068${p.brokerage}\u2069 في Bitaqa`,
      body: [
        'مرحبًا،',
        `يدعوك \u2068${p.inviter}\u2069 للانضمام إلى \u2068${p.brokerage}\u2069 في Bitaqa ${p.role === 'manager' ? 'مديرًا' : 'عضوًا'}. ستحمل بطاقتك اسم الوساطة وهويتها، وسيرى مالكها ومديروها العملاء المحتملين الواردين من بطاقتك.`,
        `افتح هذا الرابط للقبول أو الرفض (صالح لمدة ${p.days} أيام، لمرة واحدة):`,
        p.link,
        'سجّل الدخول بهذا البريد الإلكتروني لقبول الدعوة. إذا لم تكن تتوقع هذه الرسالة، يمكنك تجاهلها.',
        SIGN_AR,
      ],
    }),
  }),
  subscriptionRenews: template<{ name: string; end: string }>({
    en: (p) => ({
      subject: `Your Bitaqa subscription ends on ${p.end}`,
      body: [
        `Hello ${p.name},`,
        `Your Bitaqa Professional Plan renews automatically on ${p.end} for AED 100. Nothing to do if your card on file is still valid.`,
        SIGN_EN,
      ],
    }),
    ar: (p) => ({
      subject: `ينتهي اشتراكك في Bitaqa في \u2068${p.end}\u2069`,
      body: [
        `مرحبًا ${p.name}،`,
        `تتجدد خطتك الاحترافية في Bitaqa تلقائيًا في \u2068${p.end}\u2069 مقابل 100 درهم. لا حاجة لأي إجراء إذا كانت بطاقة الدفع المسجلة لا تزال صالحة.`,
        SIGN_AR,
      ],
    }),
  }),
  subscriptionEnds: template<{ name: string; end: string; link: string }>({
    en: (p) => ({
      subject: `Your Bitaqa subscription ends on ${p.end}`,
      body: [
        `Hello ${p.name},`,
        `Your Bitaqa Professional Plan ends on ${p.end}. Renew for AED 100 a year at ${p.link} so your card stays in the directory.`,
        SIGN_EN,
      ],
    }),
    ar: (p) => ({
      subject: `ينتهي اشتراكك في Bitaqa في \u2068${p.end}\u2069`,
      body: [
        `مرحبًا ${p.name}،`,
        `تنتهي خطتك الاحترافية في Bitaqa في \u2068${p.end}\u2069. جدّد مقابل 100 درهم سنويًا من ${p.link} لتبقى بطاقتك في الدليل.`,
        SIGN_AR,
      ],
    }),
  }),
  followUpReminder: template<{ name: string; items: { contact: string; note: string | null; link: string }[] }>({
    en: (p) => ({
      subject:
        p.items.length === 1 ? `Follow up with ${p.items[0].contact} today` : `${p.items.length} follow-ups for today`,
      body: [
        `Hello ${p.name},`,
        p.items.length === 1
          ? 'You planned to follow up with this contact today:'
          : 'You planned to follow up with these contacts today:',
        ...p.items.flatMap((i) => [`${i.contact}${i.note ? ` — ${i.note}` : ''}`, i.link]),
        SIGN_EN,
      ],
    }),
    ar: (p) => ({
      subject:
        p.items.length === 1 ? `تابع مع \u2068${p.items[0].contact}\u2069 اليوم` : `متابعات اليوم: ${p.items.length}`,
      body: [
        `مرحبًا ${p.name}،`,
        p.items.length === 1 ? 'خططت لمتابعة جهة الاتصال هذه اليوم:' : 'خططت لمتابعة جهات الاتصال هذه اليوم:',
        ...p.items.flatMap((i) => [`\u2068${i.contact}\u2069${i.note ? ` — ${i.note}` : ''}`, i.link]),
        SIGN_AR,
      ],
    }),
  }),
  licenceExpiring: template<{ name: string; brn: string; end: string; days: number; link: string }>({
    en: (p) => ({
      subject: `Your broker licence ends in ${p.days} days`,
      body: [
        `Hello ${p.name},`,
        `The DLD register says your broker licence (BRN ${p.brn}) ends on ${p.end}. On that day the "BRN verified" badge leaves your Bitaqa card and the card drops out of the verified-brokers filter.`,
        'Once the licence is renewed, the badge comes back by itself with the next register update. Your card:',
        p.link,
        SIGN_EN,
      ],
    }),
    ar: (p) => ({
      subject: `تنتهي رخصة الوساطة الخاصة بك خلال ${p.days} ${p.days > 10 ? 'يومًا' : 'أيام'}`,
      body: [
        `مرحبًا ${p.name}،`,
        `يفيد سجل دائرة الأراضي والأملاك أن رخصة الوساطة الخاصة بك (رقم ⁨${p.brn}⁩) تنتهي في ⁨${p.end}⁩. في ذلك اليوم تُزال شارة "رقم الوسيط موثّق" من بطاقتك في بطاقة، وتخرج البطاقة من تصفية الوسطاء الموثّقين.`,
        'بعد تجديد الرخصة تعود الشارة تلقائيًا مع التحديث التالي للسجل. بطاقتك:',
        p.link,
        SIGN_AR,
      ],
    }),
  }),
  permitExpiring: template<{ name: string; title: string; permit: string; end: string; days: number; link: string }>({
    en: (p) => ({
      subject: `Your listing's advertising permit ends in ${p.days} ${p.days === 1 ? 'day' : 'days'}`,
      body: [
        `Hello ${p.name},`,
        `The advertising permit ${p.permit} of your listing "${p.title}" ends on ${p.end}. The day after, the listing leaves Bitaqa's lists and search, and its page says the permit has expired.`,
        'To keep it on the market, renew the permit and enter the renewed permit and its new expiry date in the listing:',
        p.link,
        SIGN_EN,
      ],
    }),
    ar: (p) => ({
      subject: `ينتهي تصريح إعلان عقارك خلال ${p.days} ${p.days === 1 ? 'يوم' : p.days === 2 ? 'يومين' : p.days > 10 ? 'يومًا' : 'أيام'}`,
      body: [
        `مرحبًا ${p.name}،`,
        `ينتهي تصريح الإعلان ⁨${p.permit}⁩ لإعلانك "⁨${p.title}⁩" في ⁨${p.end}⁩. في اليوم التالي يخرج الإعلان من قوائم بطاقة ونتائج البحث، وتذكر صفحته أن التصريح قد انتهى.`,
        'لإبقائه معروضًا، جدّد التصريح ثم أدخل رقم التصريح المجدَّد وتاريخ انتهائه الجديد في الإعلان:',
        p.link,
        SIGN_AR,
      ],
    }),
  }),
  webhookDisabled: template<{ name: string; url: string; failures: number; link: string }>({
    en: (p) => ({
      subject: 'A Bitaqa webhook endpoint was turned off',
      body: [
        `Hello ${p.name},`,
        `Your webhook endpoint ${p.url} failed ${p.failures} times in a row, so Bitaqa stopped sending to it. Fix the receiver, then turn it back on or create it again at ${p.link}.`,
        SIGN_EN,
      ],
    }),
    ar: (p) => ({
      subject: 'تم إيقاف نقطة استقبال Webhook في Bitaqa',
      body: [
        `مرحبًا ${p.name}،`,
        `فشلت نقطة الاستقبال \u2068${p.url}\u2069 ${p.failures} مرة متتالية، لذلك توقفت Bitaqa عن الإرسال إليها. أصلح جهة الاستقبال ثم أعد إنشاءها من ${p.link}.`,
        SIGN_AR,
      ],
    }),
  }),
};

export type MailKind = keyof typeof TEMPLATES;
export type MailParams<K extends MailKind> = Parameters<(typeof TEMPLATES)[K]['en']>[0];

/** The languages there are templates for. */
export const MAIL_LANGS: readonly MailLang[] = ['en', 'ar'];

/** A saved preference as a mail language ('en' for anything unknown). */
export function mailLang(value: string | null | undefined): MailLang {
  return value === 'ar' ? 'ar' : 'en';
}

/**
 * The first language of an Accept-Language header we have templates for, by quality
 * ("ar-AE,ar;q=0.9,en;q=0.8" → ar), or null when it names none of them.
 */
export function acceptLanguage(header: string | string[] | undefined): MailLang | null {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value) return null;
  const ranked = value
    .split(',')
    .slice(0, 20)
    .map((part, i) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q ? Number.parseFloat(q.slice(2)) : 1;
      return { base: tag.trim().toLowerCase().split('-')[0], quality: Number.isFinite(quality) ? quality : 0, i };
    })
    .filter((x) => x.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.i - b.i);
  for (const r of ranked) if (r.base === 'ar' || r.base === 'en') return r.base;
  return null;
}

/** The language of a request: the signed-in user's saved one, else Accept-Language, else English. */
export function requestLanguage(
  request: { headers: Record<string, string | string[] | undefined> },
  user?: { preferredLanguage?: string | null } | null,
): MailLang {
  if (user?.preferredLanguage) return mailLang(user.preferredLanguage);
  return acceptLanguage(request.headers['accept-language']) ?? 'en';
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const URL_RE = /https?:\/\/[^\s\u2066-\u2069]+/g;

/** The links Bitaqa made for a mail: every `link` (and `site`) parameter, also inside lists (a reminder's contacts). */
function ourLinks(params: unknown, into: string[] = []): string[] {
  if (Array.isArray(params)) for (const item of params) ourLinks(item, into);
  else if (params && typeof params === 'object') {
    for (const [key, value] of Object.entries(params)) {
      if ((key === 'link' || key === 'site') && typeof value === 'string' && /^https?:\/\//.test(value))
        into.push(value);
      else if (typeof value === 'object') ourLinks(value, into);
    }
  }
  // Longest first, so a link that extends another is matched whole.
  return into.sort((a, b) => b.length - a.length);
}

function paragraphHtml(p: string, trusted: string[]): string {
  let out = '';
  let last = 0;
  for (const m of p.matchAll(URL_RE)) {
    // A URL inside user-written text is not ours to vouch for: only our own links are anchors.
    const link = trusted.find((t) => m[0].startsWith(t));
    if (!link) continue;
    out += escapeHtml(p.slice(last, m.index));
    // Links always read left to right, also inside Arabic text.
    out += `<a href="${escapeHtml(link)}" dir="ltr">${escapeHtml(link)}</a>`;
    last = (m.index ?? 0) + link.length;
  }
  out += escapeHtml(p.slice(last));
  return `<p>${out.replace(/\n/g, '<br>')}</p>`;
}

export function renderMail<K extends MailKind>(kind: K, lang: MailLang, params: MailParams<K>): RenderedMail {
  const draft = (TEMPLATES[kind][lang] as (p: MailParams<K>) => Draft)(params);
  const paragraphs = draft.body.filter((p): p is string => typeof p === 'string' && p.length > 0);
  const dir = lang === 'ar' ? 'rtl' : 'ltr';
  const trusted = ourLinks(params);
  const html = `<!doctype html><html lang="${lang}" dir="${dir}"><head><meta charset="utf-8"><title>${escapeHtml(draft.subject)}</title></head><body dir="${dir}" style="font-family:Arial,'Noto Sans Arabic',sans-serif;line-height:1.5;text-align:${lang === 'ar' ? 'right' : 'left'}">${paragraphs.map((p) => paragraphHtml(p, trusted)).join('')}</body></html>`;
  return { kind, lang, subject: draft.subject, text: paragraphs.join('\n\n'), html };
}
