/** Profile overview and account settings. */
import { z } from 'zod';
import { CARD_VISIBILITIES, USER_ROLES } from '../enums';
import { LIMITS } from '../limits';
import { emailField, text } from './common';

export const NOTIFICATION_KINDS = ['messages', 'inquiries', 'cardStatus', 'subscription'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const ACTIVITY_TYPES = ['card_view', 'card_vcard', 'card_qr', 'inquiry', 'message', 'card_status'] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

export const activitySchema = z.object({
  id: z.string(),
  type: z.enum(ACTIVITY_TYPES),
  at: z.string(),
  cardId: z.string().nullable(),
  cardName: z.string().nullable(),
  /** Who did it: the inquirer or the message sender. */
  actorName: z.string().nullable(),
  /** The new status for card_status, the inquiry type for inquiry. */
  detail: z.string().nullable(),
});
export type Activity = z.infer<typeof activitySchema>;

/** GET /api/profile/overview: real figures instead of random placeholders. */
export const profileOverviewSchema = z.object({
  role: z.enum(USER_ROLES),
  roleChosen: z.boolean(),
  subscription: z.object({
    status: z.string(),
    active: z.boolean(),
    required: z.boolean(),
    periodEnd: z.string().nullable(),
    /** A paid role whose period has ended: the card is out of the directory until renewed. */
    expired: z.boolean(),
  }),
  cards: z.object({
    total: z.number().int(),
    approved: z.number().int(),
    pending: z.number().int(),
    rejected: z.number().int(),
  }),
  views: z.object({
    cardViews: z.number().int(),
    vcardDownloads: z.number().int(),
    qrVisits: z.number().int(),
    total: z.number().int(),
  }),
  connections: z.number().int(),
  inquiries: z.object({ total: z.number().int(), pending: z.number().int() }),
  recentActivity: z.array(activitySchema),
});
export type ProfileOverview = z.infer<typeof profileOverviewSchema>;

export const notificationPrefsSchema = z.object({
  messages: z.boolean(),
  inquiries: z.boolean(),
  cardStatus: z.boolean(),
  subscription: z.boolean(),
});

export const accountSettingsSchema = z.object({
  cardVisibility: z.enum(CARD_VISIBILITIES),
  notificationPrefs: notificationPrefsSchema,
  twoFactorEnabled: z.boolean(),
  recoveryCodesLeft: z.number().int(),
});
export type AccountSettings = z.infer<typeof accountSettingsSchema>;

export const settingsUpdateSchema = z.object({
  cardVisibility: z.enum(CARD_VISIBILITIES, { error: 'Visibility must be public, private or connections' }).optional(),
  notificationPrefs: notificationPrefsSchema.partial().optional(),
});
export type SettingsUpdate = z.infer<typeof settingsUpdateSchema>;

const newPassword = text({ error: 'New password is required' })
  .min(LIMITS.passwordMin, `Password must be at least ${LIMITS.passwordMin} characters`)
  .max(LIMITS.passwordMax, 'Password is too long');

export const changePasswordSchema = z.object({
  currentPassword: text({ error: 'Current password is required' })
    .min(1, 'Current password is required')
    .max(LIMITS.passwordMax),
  newPassword,
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** The Settings form adds a confirmation field the server does not need. */
export const changePasswordFormSchema = changePasswordSchema
  .extend({ confirmPassword: text({ error: 'Please confirm your password' }) })
  .refine((v) => v.newPassword === v.confirmPassword, { message: "Passwords don't match", path: ['confirmPassword'] });
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;

export const deleteAccountSchema = z.object({
  confirmEmail: emailField,
});
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

/** A 6-digit authenticator code, or a recovery code (xxxxx-xxxxx). */
export const twoFactorCodeField = text({ error: 'Enter the code from your authenticator app' })
  .trim()
  .min(6, 'Enter the code from your authenticator app')
  .max(20, 'Enter the code from your authenticator app');

export const twoFactorCodeSchema = z.object({ code: twoFactorCodeField });
export type TwoFactorCodeInput = z.infer<typeof twoFactorCodeSchema>;

/**
 * Turning two-factor off asks for what only the second factor proves: a current code or a
 * recovery code. The password alone would let whoever learnt it remove the protection.
 */
export const twoFactorDisableSchema = z.object({
  code: text({ error: 'Enter a code from your authenticator app or a recovery code' })
    .trim()
    .min(6, 'Enter a code from your authenticator app or a recovery code')
    .max(20, 'Enter a code from your authenticator app or a recovery code'),
});
export type TwoFactorDisableInput = z.infer<typeof twoFactorDisableSchema>;

export const twoFactorSetupSchema = z.object({
  otpauthUrl: z.string(),
  qrDataUrl: z.string(),
  /** The same secret in text, for apps that cannot scan. */
  secret: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });

/** POST /api/auth/login answers this instead of the user when a second step is needed. */
export const twoFactorRequiredSchema = z.object({ twoFactorRequired: z.literal(true) });
