/** Account rules: registration, e-mail verification, sign-in, role and profile. */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { and, eq, isNull } from 'drizzle-orm';
import type { ProfileInput, RegisterInput } from '../../../core/schemas/auth';
import { LIMITS } from '../../../core/limits';
import { parsePhone } from '../../../core/phone';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { passwordResetTokens, users, type User } from '../../db/schema';
import { queueTemplate } from '../../platform/mail/outbox';
import { type MailLang, mailLang } from '../../platform/mail/templates';
import { AppError, badRequest, conflict, forbidden } from '../../errors';
import { findUserByEmail, findUserById } from '../users';
import { hashPassword, requireStrongPassword, verifyPassword } from './passwords';
import { rateLimited } from '../../platform/rate-limit';
import { RATE_RULES } from '../../platform/rate-limit/rules';
import { checkSecondFactor } from '../account/two-factor';
import { cardsBackToReviewForRoleChange } from '../cards/service';
import { createSignInThrottle } from './sign-in-throttle';

/** Where a sign-in comes from: the real client address and whether this browser is known. */
export interface SignInSource {
  ip: string;
  knownDevice: (accountId: string) => boolean;
}

export const sha256 = (v: string) => crypto.createHash('sha256').update(v).digest('hex');

const isUniqueViolation = (err: unknown) =>
  typeof err === 'object' &&
  err !== null &&
  ((err as { code?: string }).code === '23505' || (err as { cause?: { code?: string } }).cause?.code === '23505');

export function createAuthService(ctx: AppContext) {
  const { db, config } = ctx;
  const throttle = createSignInThrottle(ctx);
  const secretFailures = ctx.limits.limiter('account-secrets', RATE_RULES.accountSecrets);
  const emailChangeLimit = ctx.limits.limiter('email-change', RATE_RULES.emailChange);
  // The confirmation goes to an address the user typed: no inbox gets more than a few, whoever asks.
  const emailChangePerAddress = ctx.limits.limiter('email-change-address', RATE_RULES.resendPerEmail);

  /** The current password, counted like every secret typed on a settings page. */
  async function checkCurrentPassword(user: User, password: string | undefined) {
    if (!password) {
      throw badRequest('Enter your current password to change your e-mail address.', 'VALIDATION_FAILED', {
        errors: { currentPassword: 'Enter your current password to change your e-mail address.' },
      });
    }
    const wait = await secretFailures.blockedFor(user.id);
    if (wait > 0) throw rateLimited('Too many wrong attempts. Please wait a minute and try again.', wait);
    if (!(await verifyPassword(user.passwordHash, password))) {
      await secretFailures.count(user.id);
      throw new AppError(400, 'WRONG_PASSWORD', 'Your current password is incorrect.', {
        errors: { currentPassword: 'Your current password is incorrect.' },
      });
    }
    await secretFailures.reset(user.id);
  }

  function newVerificationToken() {
    const token = crypto.randomBytes(32).toString('base64url');
    return { token, hash: sha256(token), expires: new Date(Date.now() + LIMITS.emailTokenTtlMs) };
  }

  /** Queues the verification e-mail (in the transaction that stored the token). */
  async function sendVerification(tx: DbOrTx, user: Pick<User, 'email' | 'firstName'>, token: string, lang: MailLang) {
    const link = `${config.publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
    await queueTemplate(tx, { email: user.email, lang }, 'verification', { name: user.firstName, link });
  }

  async function tellOwnerOfSignUpAttempt(owner: User) {
    if (owner.deletedAt || owner.role === 'admin') return;
    await queueTemplate(db, { email: owner.email, lang: mailLang(owner.preferredLanguage) }, 'signUpAttempt', {
      name: owner.firstName,
      link: `${config.publicUrl}/login`,
    });
  }

  return {
    /**
     * Registration answers the same whether or not the address has an account, so it never tells
     * who is registered: for a taken address nothing is created and its owner is told by e-mail.
     * Returns the new user, or null when the address was taken. `lang` is the language the
     * sign-up was done in: saved as the account's language, and the e-mail's.
     */
    async register(input: RegisterInput, lang: MailLang = 'en'): Promise<User | null> {
      requireStrongPassword(input.password, [input.email, input.firstName, input.lastName]);
      // Hash first in both cases, so the answer takes as long for a taken address.
      const passwordHash = await hashPassword(input.password);
      const existing = await findUserByEmail(db, input.email);
      if (existing) {
        await tellOwnerOfSignUpAttempt(existing);
        return null;
      }
      const v = newVerificationToken();
      // The schema checked the number with the chosen code; it is stored in E.164.
      const parsed = parsePhone(input.phoneNumber, input.countryCode);
      let user: User;
      try {
        user = await db.transaction(async (tx) => {
          const [created] = await tx
            .insert(users)
            .values({
              email: input.email,
              passwordHash,
              firstName: input.firstName,
              lastName: input.lastName,
              phoneNumber: parsed.ok ? parsed.number.nationalNumber : input.phoneNumber,
              countryCode: parsed.ok ? `+${parsed.number.countryCallingCode}` : input.countryCode,
              phone: parsed.ok ? parsed.e164 : `${input.countryCode} ${input.phoneNumber}`,
              emailVerificationToken: v.hash,
              emailVerificationExpires: v.expires,
              preferredLanguage: lang,
            })
            .returning();
          await sendVerification(tx, created, v.token, lang);
          return created;
        });
      } catch (err) {
        if (isUniqueViolation(err)) return null;
        throw err;
      }
      return user;
    },

    async verifyEmail(token: string): Promise<User> {
      const hash = sha256(token);
      const [user] = await db.select().from(users).where(eq(users.emailVerificationToken, hash)).limit(1);
      if (!user?.emailVerificationExpires || user.emailVerificationExpires.getTime() < Date.now()) {
        throw new AppError(
          400,
          'TOKEN_INVALID',
          'This verification link is invalid or has expired. Request a new one from the sign-in page.',
        );
      }
      const [updated] = await db
        .update(users)
        .set({ isEmailVerified: true, emailVerificationToken: null, emailVerificationExpires: null })
        .where(eq(users.id, user.id))
        .returning();
      return updated;
    },

    /**
     * Answers the same whether or not the address exists. The e-mail is in the language the
     * request asks for (Accept-Language), else the one the account was created in.
     */
    async resendVerification(email: string, lang: MailLang | null = null): Promise<void> {
      const user = await findUserByEmail(db, email);
      if (!user || user.isEmailVerified || user.deletedAt || !user.passwordHash) return;
      const v = newVerificationToken();
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ emailVerificationToken: v.hash, emailVerificationExpires: v.expires })
          .where(eq(users.id, user.id));
        await sendVerification(tx, user, v.token, lang ?? mailLang(user.preferredLanguage));
      });
    },

    /**
     * Password sign-in. Throttled per account plus address with a growing wait: a stranger's
     * failures never delay the owner's own address or known device.
     */
    async login(email: string, password: string, from: SignInSource): Promise<User> {
      const user = await findUserByEmail(db, email);
      const attempt = {
        account: `e:${email.toLowerCase()}`,
        ip: from.ip,
        knownDevice: !!user && from.knownDevice(user.id),
      };
      await throttle.check(attempt);
      const ok = await verifyPassword(user?.passwordHash ?? null, password);
      if (!user || !ok || user.deletedAt || user.role === 'admin') {
        await throttle.fail(attempt);
        throw new AppError(401, 'INVALID_CREDENTIALS', 'Invalid email or password');
      }
      await throttle.succeed(attempt);
      if (user.suspendedAt)
        throw forbidden('This account has been suspended. Please contact support.', 'ACCOUNT_SUSPENDED');
      if (!user.isEmailVerified) {
        throw forbidden(
          'Please verify your email address before signing in. Check your inbox, or request a new link.',
          'EMAIL_NOT_VERIFIED',
        );
      }
      return user;
    },

    /** Admin sign-in: the same throttle, and the second factor when it is on. */
    async adminLogin(username: string, password: string, code: string | undefined, from: SignInSource): Promise<User> {
      const [user] = await db.select().from(users).where(eq(users.username, username)).limit(1);
      const attempt = {
        account: `a:${username.toLowerCase()}`,
        ip: from.ip,
        knownDevice: !!user && from.knownDevice(user.id),
      };
      await throttle.check(attempt);
      const ok = await verifyPassword(user?.passwordHash ?? null, password);
      if (!user || !ok || user.role !== 'admin' || user.suspendedAt || user.deletedAt) {
        await throttle.fail(attempt);
        throw new AppError(401, 'INVALID_ADMIN_CREDENTIALS', 'Invalid admin credentials. Please try again.');
      }
      if (user.totpEnabled) {
        if (!code) {
          throw new AppError(401, 'TWO_FACTOR_REQUIRED', 'Enter the 6-digit code from your authenticator app.', {
            twoFactorRequired: true,
          });
        }
        if (!(await checkSecondFactor(db, config.totpKey, user, code))) {
          await throttle.fail(attempt);
          throw new AppError(
            401,
            'INVALID_CODE',
            'That code is not valid. Try the current code from your authenticator app.',
            {
              twoFactorRequired: true,
            },
          );
        }
      }
      await throttle.succeed(attempt);
      return user;
    },

    async updateRole(user: User, role: User['role']): Promise<User> {
      if (user.role === 'admin') throw forbidden('The admin account cannot change its role.', 'ADMIN_ROLE_FIXED');
      return db.transaction(async (tx) => {
        const [updated] = await tx
          .update(users)
          .set({ role, roleChosen: true })
          .where(eq(users.id, user.id))
          .returning();
        // A card approved for one role is reviewed again for the new one.
        if (role !== user.role) await cardsBackToReviewForRoleChange(tx, user.id);
        return updated;
      });
    },

    /**
     * Profile fields apply at once. A new e-mail address needs the current password and takes
     * effect only when the link sent to that address is followed: until
     * then the account keeps its verified address, and nobody can squat on another's.
     */
    async updateProfile(user: User, input: ProfileInput): Promise<User> {
      const changesEmail = input.email.toLowerCase() !== user.email.toLowerCase();
      if (changesEmail) await checkCurrentPassword(user, input.currentPassword);
      const [updated] = await db
        .update(users)
        .set({
          firstName: input.firstName,
          lastName: input.lastName,
          phone: input.phone || null,
          company: input.company || null,
          position: input.position || null,
          bio: input.bio || null,
          ...(input.preferredLanguage ? { preferredLanguage: input.preferredLanguage } : {}),
        })
        .where(eq(users.id, user.id))
        .returning();
      if (!changesEmail) return updated;
      await emailChangeLimit.consume(user.id, 'Too many e-mail changes. Please try again later.');
      await emailChangePerAddress.consume(
        input.email.toLowerCase(),
        'Too many e-mail changes. Please try again later.',
      );
      const v = newVerificationToken();
      const lang = mailLang(updated.preferredLanguage);
      return db.transaction(async (tx) => {
        const [pending] = await tx
          .update(users)
          .set({ pendingEmail: input.email, pendingEmailToken: v.hash, pendingEmailExpires: v.expires })
          .where(eq(users.id, user.id))
          .returning();
        // A taken address gets no link (and the answer does not say it is taken).
        const other = await findUserByEmail(tx, input.email);
        if (!other) {
          const link = `${config.publicUrl}/confirm-email?token=${encodeURIComponent(v.token)}`;
          await queueTemplate(tx, { email: input.email, lang }, 'emailChangeConfirm', { name: user.firstName, link });
        }
        await queueTemplate(tx, { email: user.email, lang }, 'emailChangeRequested', {
          name: user.firstName,
          newEmail: input.email,
        });
        return pending;
      });
    },

    /** Follows the link sent to the new address: the address becomes the account's, verified. */
    async confirmEmailChange(token: string): Promise<User> {
      const invalid = () =>
        new AppError(
          400,
          'TOKEN_INVALID',
          'This confirmation link is invalid or has expired. Change your e-mail again from your profile.',
        );
      const [user] = await db
        .select()
        .from(users)
        .where(eq(users.pendingEmailToken, sha256(token)))
        .limit(1);
      if (
        !user?.pendingEmail ||
        user.deletedAt ||
        !user.pendingEmailExpires ||
        user.pendingEmailExpires.getTime() < Date.now()
      ) {
        throw invalid();
      }
      const previous = user.email;
      try {
        return await db.transaction(async (tx) => {
          const [updated] = await tx
            .update(users)
            .set({
              email: user.pendingEmail as string,
              isEmailVerified: true,
              pendingEmail: null,
              pendingEmailToken: null,
              pendingEmailExpires: null,
            })
            .where(eq(users.id, user.id))
            .returning();
          // A reset link went to the old address: whoever keeps that mailbox must not keep a
          // way into the account.
          await tx
            .update(passwordResetTokens)
            .set({ usedAt: ctx.now() })
            .where(and(eq(passwordResetTokens.userId, user.id), isNull(passwordResetTokens.usedAt)));
          await queueTemplate(tx, { email: previous, lang: mailLang(user.preferredLanguage) }, 'emailChanged', {
            name: user.firstName,
            newEmail: updated.email,
          });
          return updated;
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict('An account with this email already exists', 'EMAIL_TAKEN');
        throw err;
      }
    },

    async updatePreferences(user: User, preferredLanguage: 'en' | 'ar'): Promise<User> {
      const [updated] = await db.update(users).set({ preferredLanguage }).where(eq(users.id, user.id)).returning();
      return updated;
    },

    /** Creates or updates the admin account from ADMIN_USERNAME/ADMIN_PASSWORD (or a random one). */
    async ensureAdmin(log: { info: (o: object, m: string) => void; warn: (m: string) => void }): Promise<void> {
      const configured = config.admin;
      const username = configured?.username ?? 'admin';
      const [existing] = await db.select().from(users).where(eq(users.username, username)).limit(1);
      if (existing && !configured) return;
      const password = configured?.password ?? crypto.randomBytes(12).toString('base64url');
      const passwordHash = await hashPassword(password);
      if (existing) {
        if (!(await verifyPassword(existing.passwordHash, password))) {
          await db.update(users).set({ passwordHash, role: 'admin' }).where(eq(users.id, existing.id));
        }
        return;
      }
      await db.insert(users).values({
        email: `${username}@admin.bitaqa.local`,
        username,
        passwordHash,
        firstName: 'Platform',
        lastName: 'Admin',
        phoneNumber: '45015000',
        countryCode: '+971',
        role: 'admin',
        roleChosen: true,
        isEmailVerified: true,
      });
      if (!configured) {
        // A secret never goes to the log; it is written to a file only the
        // server's user can read, and the log says where.
        const file = path.join(config.dataDir, 'admin-password.txt');
        fs.mkdirSync(config.dataDir, { recursive: true });
        fs.writeFileSync(file, `${password}\n`, { mode: 0o600 });
        log.warn(
          `Admin account "${username}" created with a random password, saved in ${file} (set ADMIN_USERNAME and ADMIN_PASSWORD to choose your own)`,
        );
      } else {
        log.info({ username }, 'admin account created');
      }
    },

    findUserById: (id: string) => findUserById(db, id),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
