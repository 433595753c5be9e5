/** Account payloads. Used by the forms and by the server's route schemas. */
import { z } from 'zod';
import { COUNTRY_CODES, PROFESSIONAL_ROLES, USER_ROLES, UI_LANGUAGES } from '../enums';
import { LIMITS } from '../limits';
import { PHONE_INPUT_MAX, PHONE_MESSAGES, parsePhone } from '../phone';
import { withoutBidi } from './bidi';
import { optionalPhoneField } from './phone';
import { emailField, text } from './common';

const password = text({ error: 'Password is required' })
  .min(LIMITS.passwordMin, `Password must be at least ${LIMITS.passwordMin} characters`)
  .max(LIMITS.passwordMax, 'Password is too long');

const personName = (label: string) =>
  withoutBidi(
    text({ error: `${label} is required` })
      .trim()
      .min(1, `${label} is required`)
      .max(LIMITS.nameMax, `${label} is too long`),
  );

/** The sign-up number as typed; checked with the chosen country code below. */
export const phoneNumberField = text({ error: 'Phone number is required' })
  .trim()
  .min(1, 'Phone number is required')
  .max(PHONE_INPUT_MAX, PHONE_MESSAGES.tooLong);

export const loginSchema = z.object({
  email: emailField,
  password: text({ error: 'Password is required' }).min(1, 'Password is required').max(LIMITS.passwordMax),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const registerSchema = z
  .object({
    firstName: personName('First name'),
    lastName: personName('Last name'),
    email: emailField,
    phoneNumber: phoneNumberField,
    countryCode: z.enum(COUNTRY_CODES, { error: 'Please choose a country code' }),
    password,
    confirmPassword: text({ error: 'Please confirm your password' }),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  })
  .superRefine((v, ctx) => {
    const r = parsePhone(v.phoneNumber, v.countryCode);
    if (!r.ok) ctx.addIssue({ code: 'custom', message: r.message, path: ['phoneNumber'] });
  });
export type RegisterInput = z.infer<typeof registerSchema>;

export const adminLoginSchema = z.object({
  username: text({ error: 'Username is required' }).trim().min(1, 'Username is required').max(64),
  password: text({ error: 'Password is required' }).min(1, 'Password is required').max(LIMITS.passwordMax),
  /** The authenticator (or recovery) code, required when the admin has two-factor on. */
  code: text().trim().max(32).optional(),
});
export type AdminLoginInput = z.infer<typeof adminLoginSchema>;

export const updateRoleSchema = z.object({
  role: z.enum(PROFESSIONAL_ROLES, { error: 'Please select a role' }),
});
export type UpdateRoleInput = z.infer<typeof updateRoleSchema>;

const optionalText = (max: number) => text().trim().max(max).optional().nullable();

export const profileSchema = z.object({
  firstName: personName('First name'),
  lastName: personName('Last name'),
  email: emailField,
  phone: optionalPhoneField,
  company: optionalText(LIMITS.shortTextMax),
  position: optionalText(LIMITS.shortTextMax),
  bio: optionalText(LIMITS.longTextMax),
  preferredLanguage: z.enum(UI_LANGUAGES).optional(),
  /** Required to change the e-mail address. */
  currentPassword: z.string().max(LIMITS.passwordMax).optional(),
});
export type ProfileInput = z.infer<typeof profileSchema>;

export const preferencesSchema = z.object({ preferredLanguage: z.enum(UI_LANGUAGES) });

export const verifyEmailSchema = z.object({
  token: text().min(10, 'The verification link is not valid').max(200),
});

export const confirmEmailChangeSchema = z.object({
  token: z.string().min(10, 'The confirmation link is not valid').max(200),
});

export const resendVerificationSchema = z.object({ email: emailField });

/** "Forgot password?": the answer is the same whether or not the address has an account. */
export const forgotPasswordSchema = z.object({ email: emailField });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

/** The new password, with the token from the e-mailed /reset-password?token=… link. */
export const resetPasswordSchema = z
  .object({
    token: text({ error: 'The reset link is not valid' }).min(10, 'The reset link is not valid').max(200),
    password,
    confirmPassword: text({ error: 'Please confirm your password' }),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** The current-user response (never passwordHash or tokens). */
export const publicUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phoneNumber: z.string(),
  countryCode: z.string(),
  profileImageUrl: z.string().nullable(),
  role: z.enum(USER_ROLES),
  roleChosen: z.boolean(),
  isEmailVerified: z.boolean(),
  subscriptionStatus: z.string(),
  subscriptionPeriodEnd: z.string().nullable(),
  phone: z.string().nullable(),
  company: z.string().nullable(),
  position: z.string().nullable(),
  bio: z.string().nullable(),
  preferredLanguage: z.string(),
  /** A new address waiting for its confirmation link. */
  pendingEmail: z.string().nullable().optional(),
  createdAt: z.string(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;
