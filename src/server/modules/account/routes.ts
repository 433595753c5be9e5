import { atLeastOneField } from '../../../core/schemas/common';
/** Profile overview, settings, password, two-factor and account deletion. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountSettingsSchema,
  changePasswordSchema,
  deleteAccountSchema,
  profileOverviewSchema,
  recoveryCodesSchema,
  settingsUpdateSchema,
  twoFactorCodeSchema,
  twoFactorDisableSchema,
  twoFactorSetupSchema,
} from '../../../core/schemas/account';
import { publicUserSchema } from '../../../core/schemas/auth';
import { AppError, unauthorized } from '../../errors';
import { requireUser, userOf } from '../auth/guards';
import { rateLimited } from '../../platform/rate-limit';
import { RATE_RULES } from '../../platform/rate-limit/rules';
import { findUserById, toPublicUser } from '../users';
import { profileOverview } from './overview';
import { createAccountService } from './service';
import { checkSecondFactor, PENDING_TWO_FACTOR_MS } from './two-factor';

const message = z.object({ message: z.string() });

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const account = createAccountService(app.ctx, app.log);
  const codeLimiter = app.ctx.limits.limiter('two-factor-codes', RATE_RULES.twoFactorCodes);

  app.get(
    '/profile/overview',
    { preHandler: requireUser, schema: { response: { 200: profileOverviewSchema } } },
    async (request) => profileOverview(app.ctx.db, userOf(request)),
  );

  app.get(
    '/account/settings',
    { preHandler: requireUser, schema: { response: { 200: accountSettingsSchema } } },
    async (request) => account.settings(userOf(request)),
  );

  app.patch(
    '/account/settings',
    {
      preHandler: requireUser,
      schema: { body: atLeastOneField(settingsUpdateSchema), response: { 200: accountSettingsSchema } },
    },
    async (request) => account.updateSettings(userOf(request), request.body),
  );

  app.post(
    '/account/change-password',
    { preHandler: requireUser, schema: { body: changePasswordSchema, response: { 200: message } } },
    async (request) => {
      const user = userOf(request);
      await account.changePassword(user, request.body, request.session.sessionId);
      // The other devices' open sockets end with their sessions.
      await app.realtime.endSessions({ userId: user.id, exceptSessionId: request.session.sessionId });
      return { message: 'Your password has been changed. Other devices have been signed out.' };
    },
  );

  app.delete(
    '/account',
    { preHandler: requireUser, schema: { body: deleteAccountSchema, response: { 200: message } } },
    async (request) => {
      const user = userOf(request);
      await account.deleteAccount(user, request.body.confirmEmail);
      await request.session.destroy();
      await app.realtime.endSessions({ userId: user.id });
      return { message: 'Your account has been deleted.' };
    },
  );

  app.post(
    '/account/2fa/setup',
    { preHandler: requireUser, schema: { response: { 200: twoFactorSetupSchema } } },
    async (request) => account.setupTwoFactor(userOf(request)),
  );

  app.post(
    '/account/2fa/enable',
    { preHandler: requireUser, schema: { body: twoFactorCodeSchema, response: { 200: recoveryCodesSchema } } },
    async (request) => account.enableTwoFactor(userOf(request), request.body.code),
  );

  app.post(
    '/account/2fa/disable',
    { preHandler: requireUser, schema: { body: twoFactorDisableSchema, response: { 200: message } } },
    async (request) => {
      await account.disableTwoFactor(userOf(request), request.body);
      return { message: 'Two-factor sign-in is off.' };
    },
  );

  // Second step of a sign-in with 2FA: the password step left a pending marker in the session.
  app.post(
    '/auth/login/2fa',
    { schema: { body: twoFactorCodeSchema, response: { 200: publicUserSchema } } },
    async (request) => {
      const pending = request.session.pendingTwoFactor;
      if (!pending || Date.now() - pending.at > PENDING_TWO_FACTOR_MS) {
        throw new AppError(401, 'TWO_FACTOR_EXPIRED', 'Your sign-in has expired. Please sign in again.');
      }
      const key = pending.userId;
      const wait = await codeLimiter.blockedFor(key);
      if (wait > 0) throw rateLimited('Too many wrong codes. Please wait a minute and try again.', wait);
      const user = await findUserById(app.ctx.db, pending.userId);
      if (!user || user.deletedAt || user.suspendedAt)
        throw unauthorized('Your sign-in has expired. Please sign in again.');
      const method = await checkSecondFactor(app.ctx.db, app.ctx.config.totpKey, user, request.body.code);
      if (!method) {
        await codeLimiter.count(key);
        throw new AppError(
          401,
          'INVALID_CODE',
          'That code is not valid. Try the current code from your authenticator app.',
        );
      }
      await codeLimiter.reset(key);
      await request.session.regenerate();
      request.session.userId = user.id;
      await request.session.save();
      return toPublicUser(user);
    },
  );
};
