/**
 * Account settings: card visibility, e-mail preferences,
 * password change, two-factor sign-in, and account deletion in one transaction.
 */
import type { FastifyBaseLogger } from 'fastify';
import { eq, inArray, sql } from 'drizzle-orm';
import type {
  AccountSettings,
  ChangePasswordInput,
  SettingsUpdate,
  TwoFactorDisableInput,
} from '../../../core/schemas/account';
import { COMPANY } from '../../../core/limits';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { businessCards, businessServices, inquiries, properties, sessions, users, type User } from '../../db/schema';
import { AppError, badRequest, conflict, forbidden } from '../../errors';
import { paymentProviderFor } from '../../platform/payments';
import { writeAudit } from '../audit';
import { releaseBrokerageOfDeletedUser } from '../brokerages/team-service';
import { hashPassword, requireStrongPassword, verifyPassword } from '../auth/passwords';
import { rateLimited } from '../../platform/rate-limit';
import { RATE_RULES } from '../../platform/rate-limit/rules';
import { deleteUserSessions } from '../../platform/session-store';
import { keyOfUrl } from '../../platform/storage/uploads';
import { queueTemplate } from '../../platform/mail/outbox';
import { type MailKind, type MailParams, mailLang } from '../../platform/mail/templates';
import { openSecret, sealSecret } from './secret-box';
import { checkSecondFactor, newRecoveryCodes, newTotpSecret, setupPayload, totpStep } from './two-factor';

const DEFAULT_PREFS = { messages: true, inquiries: true, cardStatus: true, subscription: true };

export function toSettings(u: User): AccountSettings {
  const visibility = u.cardVisibility === 'private' || u.cardVisibility === 'connections' ? u.cardVisibility : 'public';
  return {
    cardVisibility: visibility,
    notificationPrefs: { ...DEFAULT_PREFS, ...(u.notificationPrefs ?? {}) },
    twoFactorEnabled: u.totpEnabled,
    recoveryCodesLeft: u.totpEnabled ? (u.recoveryCodes?.length ?? 0) : 0,
  };
}

export function createAccountService(ctx: AppContext, log: FastifyBaseLogger) {
  const { db, config } = ctx;
  const limiter = ctx.limits.limiter('account-secrets', RATE_RULES.accountSecrets);

  /** Checks a secret the user typed, counting failures so it cannot be guessed. */
  async function guard<T>(user: User, check: () => Promise<T | null | false>, fail: () => AppError): Promise<T> {
    const key = user.id;
    const wait = await limiter.blockedFor(key);
    if (wait > 0) throw rateLimited('Too many wrong attempts. Please wait a minute and try again.', wait);
    const result = await check();
    if (!result) {
      await limiter.count(key);
      throw fail();
    }
    await limiter.reset(key);
    return result;
  }

  /**
   * Security mail goes out whatever the notification settings say, in the user's language,
   * through the outbox in the transaction of the change.
   */
  function securityMail<K extends MailKind>(tx: DbOrTx, user: User, kind: K, params: MailParams<K>) {
    return queueTemplate(tx, { email: user.email, lang: mailLang(user.preferredLanguage) }, kind, params);
  }

  async function reload(id: string): Promise<User> {
    const [u] = await db.select().from(users).where(eq(users.id, id)).limit(1);
    return u;
  }

  return {
    settings: (user: User) => toSettings(user),

    async updateSettings(user: User, input: SettingsUpdate): Promise<AccountSettings> {
      const current = toSettings(user);
      const [updated] = await db
        .update(users)
        .set({
          ...(input.cardVisibility ? { cardVisibility: input.cardVisibility } : {}),
          ...(input.notificationPrefs
            ? { notificationPrefs: { ...current.notificationPrefs, ...input.notificationPrefs } }
            : {}),
        })
        .where(eq(users.id, user.id))
        .returning();
      return toSettings(updated);
    },

    /** Changes the password and ends every other session of the user. */
    async changePassword(user: User, input: ChangePasswordInput, currentSid: string): Promise<void> {
      await guard(
        user,
        () => verifyPassword(user.passwordHash, input.currentPassword),
        () =>
          new AppError(400, 'WRONG_PASSWORD', 'Your current password is incorrect.', {
            errors: { currentPassword: 'Your current password is incorrect.' },
          }),
      );
      if (input.currentPassword === input.newPassword) {
        throw badRequest('Choose a password different from your current one.', 'VALIDATION_FAILED', {
          errors: { newPassword: 'Choose a password different from your current one.' },
        });
      }
      requireStrongPassword(input.newPassword, [user.email, user.firstName, user.lastName], 'newPassword');
      const passwordHash = await hashPassword(input.newPassword);
      await db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
        await deleteUserSessions(tx, user.id, currentSid);
        await securityMail(tx, user, 'passwordChanged', { name: user.firstName, support: COMPANY.email });
      });
    },

    /** Step 1 of enabling 2FA: a new secret, kept until a code proves the app has it. */
    async setupTwoFactor(user: User) {
      if (user.totpEnabled)
        throw conflict(
          'Two-factor sign-in is already on. Turn it off first to set up a new app.',
          'TWO_FACTOR_ENABLED',
        );
      const secret = newTotpSecret();
      await db
        .update(users)
        .set({ totpSecret: sealSecret(config.totpKey, secret), totpLastStep: null, recoveryCodes: null })
        .where(eq(users.id, user.id));
      return setupPayload(user.email, secret);
    },

    /** Step 2: the first code turns 2FA on and returns the recovery codes, shown only now. */
    async enableTwoFactor(user: User, code: string): Promise<{ recoveryCodes: string[] }> {
      if (user.totpEnabled) throw conflict('Two-factor sign-in is already on.', 'TWO_FACTOR_ENABLED');
      const secret = user.totpSecret ? openSecret(config.totpKey, user.totpSecret) : null;
      if (!secret) throw badRequest('Start the set-up first to get a QR code.', 'TWO_FACTOR_NOT_SET_UP');
      const step = await guard(
        user,
        () => totpStep(secret, code),
        () =>
          new AppError(400, 'INVALID_CODE', 'That code is not valid. Check the time on your phone and try again.', {
            errors: { code: 'That code is not valid.' },
          }),
      );
      const { codes, hashes } = newRecoveryCodes();
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ totpEnabled: true, totpLastStep: step, recoveryCodes: hashes })
          .where(eq(users.id, user.id));
        await securityMail(tx, user, 'twoFactorOn', { name: user.firstName });
      });
      return { recoveryCodes: codes };
    },

    async disableTwoFactor(user: User, input: TwoFactorDisableInput): Promise<void> {
      if (!user.totpEnabled) throw badRequest('Two-factor sign-in is not on.', 'TWO_FACTOR_DISABLED');
      await guard(
        user,
        async () => !!(await checkSecondFactor(db, config.totpKey, user, input.code)),
        () =>
          new AppError(400, 'INVALID_CODE', 'That code is not correct.', {
            errors: { code: 'That code is not correct.' },
          }),
      );
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ totpEnabled: false, totpSecret: null, recoveryCodes: null })
          .where(eq(users.id, user.id));
        await securityMail(tx, user, 'twoFactorOff', { name: user.firstName });
      });
    },

    /**
     * Deletes the account: in ONE transaction the user row is anonymised and their
     * cards, listings, the inquiries of their cards and their sessions are removed. Messages they
     * sent stay with the other person and show as "Deleted user".
     */
    async deleteAccount(user: User, confirmEmail: string): Promise<void> {
      /** Every photo URL on what the user published (cards, revisions, listings, services, profile). */
      const publishedPhotos = async (tx: DbOrTx, userId: string): Promise<string[]> => {
        const result = await tx.execute(sql`
          select profile_image_url as url from business_cards where user_id = ${userId}
          union select pending_revision->>'profileImageUrl' from business_cards where user_id = ${userId}
          union select profile_image_url from users where id = ${userId}
          union select unnest(image_urls) from properties where user_id = ${userId}
          union select jsonb_array_elements_text(coalesce(pending_revision->'imageUrls', '[]'::jsonb)) from properties where user_id = ${userId}
          union select image_url from business_services where created_by = ${userId}`);
        const { rows } = result as unknown as { rows: { url: string | null }[] };
        return rows.map((r) => r.url).filter((u): u is string => !!keyOfUrl(u));
      };
      if (user.role === 'admin') throw forbidden('The admin account cannot be deleted here.', 'ADMIN_ACCOUNT');
      if (confirmEmail.trim().toLowerCase() !== user.email.toLowerCase()) {
        throw badRequest('Type your e-mail address exactly to confirm.', 'CONFIRMATION_MISMATCH', {
          errors: { confirmEmail: 'Type your e-mail address exactly to confirm.' },
        });
      }
      // Asked before anything irreversible: the last owner of a team hands it over first.
      await releaseBrokerageOfDeletedUser(db, user.id, true);
      // Stop future renewals first: a deleted account must never be charged again.
      const provider = paymentProviderFor(ctx);
      if (user.stripeSubscriptionId && provider.kind === 'stripe') {
        try {
          await provider.cancelSubscription(user.stripeSubscriptionId);
        } catch (err) {
          log.error({ err }, 'could not cancel the Stripe subscription of a deleted account');
          throw new AppError(
            502,
            'PAYMENT_PROVIDER_ERROR',
            'We could not cancel your subscription with the payment provider. Please try again.',
          );
        }
      }
      const oldEmail = user.email;
      const { services: removedServices, unused } = await db.transaction(async (tx) => {
        const photos = await publishedPhotos(tx, user.id);
        const cards = tx.select({ id: businessCards.id }).from(businessCards).where(eq(businessCards.userId, user.id));
        const removedInquiries = await tx
          .delete(inquiries)
          .where(inArray(inquiries.businessCardId, cards))
          .returning({ id: inquiries.id });
        const removedCards = await tx
          .delete(businessCards)
          .where(eq(businessCards.userId, user.id))
          .returning({ id: businessCards.id });
        const removedListings = await tx
          .delete(properties)
          .where(eq(properties.userId, user.id))
          .returning({ id: properties.id });
        // The services they listed go too (they carried name, e-mail and phone).
        const removedServices = await tx
          .delete(businessServices)
          .where(eq(businessServices.createdBy, user.id))
          .returning({ id: businessServices.id });
        await tx.delete(sessions).where(eq(sessions.userId, user.id));
        await releaseBrokerageOfDeletedUser(tx, user.id);
        await tx
          .update(users)
          .set({
            email: `deleted-${user.id}@deleted.invalid`,
            username: null,
            firstName: 'Deleted',
            lastName: 'user',
            phoneNumber: '',
            phone: null,
            company: null,
            position: null,
            bio: null,
            profileImageUrl: null,
            passwordHash: null,
            emailVerificationToken: null,
            emailVerificationExpires: null,
            // A change of address still waiting for its link dies with the account.
            pendingEmail: null,
            pendingEmailToken: null,
            pendingEmailExpires: null,
            totpSecret: null,
            totpEnabled: false,
            recoveryCodes: null,
            stripeCustomerId: null,
            stripeSubscriptionId: null,
            subscriptionStatus: 'inactive',
            cardVisibility: 'private',
            deletedAt: new Date(),
          })
          .where(eq(users.id, user.id));
        await writeAudit(tx, {
          actorId: user.id,
          action: 'account.delete',
          entityType: 'user',
          entityId: user.id,
          after: {
            cards: removedCards.length,
            listings: removedListings.length,
            inquiries: removedInquiries.length,
            services: removedServices.length,
            photos: photos.length,
          },
        });
        // The farewell goes to the address the account had, in its language (sent after commit).
        await securityMail(tx, { ...user, email: oldEmail }, 'accountDeleted', { site: config.publicUrl });
        // Objects are named by content hash, so one still used by someone else's card or listing stays;
        // the others are marked here and deleted after the commit.
        const unused = await ctx.uploads.release(tx, photos);
        return { services: removedServices.length, unused };
      });
      const removedPhotos = await ctx.uploads.purge(unused);
      log.info({ userId: user.id, services: removedServices, photos: removedPhotos }, 'account deleted');
    },

    reload,
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
