/** Account API under the paths the web client calls, plus e-mail verification. */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminLoginSchema,
  confirmEmailChangeSchema,
  forgotPasswordSchema,
  loginSchema,
  preferencesSchema,
  profileSchema,
  publicUserSchema,
  registerSchema,
  resendVerificationSchema,
  resetPasswordSchema,
  updateRoleSchema,
  verifyEmailSchema,
} from '../../../core/schemas/auth';
import { twoFactorRequiredSchema } from '../../../core/schemas/account';
import type { User } from '../../db/schema';
import { unauthorized } from '../../errors';
import { startTwoFactorSignIn } from '../account/two-factor';
import { toPublicUser } from '../users';
import { loadUser, requireAdmin, requireUser, userOf } from './guards';
import { acceptLanguage, requestLanguage } from '../../platform/mail/templates';
import { RATE_RULES } from '../../platform/rate-limit/rules';
import { createPasswordResetService } from './password-reset';
import { createAuthService, type SignInSource } from './service';
import { isKnownDevice, rememberDevice } from './sign-in-throttle';

const message = z.object({ message: z.string() });

/** Starts a fresh session for the user (a new id at every sign-in, against fixation). */
async function signIn(request: FastifyRequest, user: User) {
  await request.session.regenerate();
  request.session.userId = user.id;
  await request.session.save();
}

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = createAuthService(app.ctx);
  const { limits, config } = app.ctx;
  const registerLimit = limits.limiter('register', RATE_RULES.register);
  const resendPerEmail = limits.limiter('resend-email', RATE_RULES.resendPerEmail);
  const resendPerIp = limits.limiter('resend-ip', RATE_RULES.resendPerIp);
  const resets = createPasswordResetService(app.ctx, app.log);
  app.addHook('onClose', async () => resets.settled());
  const forgotPerEmail = limits.limiter('forgot-email', RATE_RULES.forgotPerEmail);
  const forgotPerIp = limits.limiter('forgot-ip', RATE_RULES.forgotPerIp);
  const resetPerIp = limits.limiter('reset-ip', RATE_RULES.resetPerIp);
  const source = (request: FastifyRequest): SignInSource => ({
    ip: request.ip,
    knownDevice: (accountId) => isKnownDevice(config.sessionSecret, request, accountId),
  });

  app.post(
    '/auth/register',
    { schema: { body: registerSchema, response: { 201: message } } },
    async (request, reply) => {
      await registerLimit.consume(request.ip, 'Too many sign-ups from your network. Please try again later.');
      // The same answer whether or not the address already has an account.
      // The account (and its verification e-mail) takes the language of the sign-up.
      await auth.register(request.body, requestLanguage(request));
      return reply.status(201).send({
        message: 'Please check your email to verify your account, then you can sign in.',
      });
    },
  );

  app.post(
    '/auth/verify-email',
    { schema: { body: verifyEmailSchema, response: { 200: publicUserSchema } } },
    async (request) => {
      const user = await auth.verifyEmail(request.body.token);
      // The link proves the inbox, so it signs the new user in and the page carries on where they
      // were going; an account with two-factor sign-in still signs in with its second step.
      if (!user.totpEnabled) await signIn(request, user);
      return toPublicUser(user);
    },
  );

  app.post(
    '/auth/confirm-email-change',
    { schema: { body: confirmEmailChangeSchema, response: { 200: publicUserSchema } } },
    async (request) => toPublicUser(await auth.confirmEmailChange(request.body.token)),
  );

  app.post(
    '/auth/resend-verification',
    { schema: { body: resendVerificationSchema, response: { 200: message } } },
    async (request) => {
      // One inbox cannot be mail-bombed, one address cannot spray inboxes.
      const tooMany = 'Too many verification e-mails were requested. Please try again later.';
      await resendPerIp.consume(request.ip, tooMany);
      await resendPerEmail.consume(request.body.email, tooMany);
      await auth.resendVerification(request.body.email, acceptLanguage(request.headers['accept-language']));
      return { message: 'If an unverified account exists for this address, a new verification link is on its way.' };
    },
  );

  app.post(
    '/auth/forgot-password',
    { schema: { body: forgotPasswordSchema, response: { 200: message } } },
    async (request) => {
      // One inbox cannot be mail-bombed, one network cannot spray inboxes.
      const tooMany = 'Too many password reset requests. Please try again later.';
      await forgotPerIp.consume(request.ip, tooMany);
      await forgotPerEmail.consume(request.body.email.toLowerCase(), tooMany);
      await resets.requestReset(request.body.email);
      return { message: 'If an account exists for this address, a link to reset its password is on its way.' };
    },
  );

  app.post(
    '/auth/reset-password',
    { schema: { body: resetPasswordSchema, response: { 200: message } } },
    async (request) => {
      await resetPerIp.consume(request.ip, 'Too many attempts. Please try again later.');
      const userId = await resets.resetPassword(request.body);
      // Every session of the account ended in the transaction; now their open sockets close.
      await app.realtime.endSessions({ userId });
      return { message: 'Your password has been changed. Sign in with your new password.' };
    },
  );

  app.post(
    '/auth/login',
    { schema: { body: loginSchema, response: { 200: z.union([publicUserSchema, twoFactorRequiredSchema]) } } },
    async (request, reply) => {
      const user = await auth.login(request.body.email, request.body.password, source(request));
      rememberDevice(app.ctx, reply, user.id);
      // With two-factor sign-in on, the password only opens the second step.
      if (user.totpEnabled) return startTwoFactorSignIn(request, user);
      await signIn(request, user);
      return toPublicUser(user);
    },
  );

  app.get('/auth/user', { schema: { response: { 200: publicUserSchema } } }, async (request) => {
    const user = await loadUser(request);
    if (!user) throw unauthorized();
    return toPublicUser(user);
  });

  app.post(
    '/auth/update-role',
    { preHandler: requireUser, schema: { body: updateRoleSchema, response: { 200: publicUserSchema } } },
    async (request) => toPublicUser(await auth.updateRole(userOf(request), request.body.role)),
  );

  app.patch(
    '/auth/profile',
    { preHandler: requireUser, schema: { body: profileSchema, response: { 200: publicUserSchema } } },
    async (request) => toPublicUser(await auth.updateProfile(userOf(request), request.body)),
  );

  app.patch(
    '/auth/preferences',
    { preHandler: requireUser, schema: { body: preferencesSchema, response: { 200: publicUserSchema } } },
    async (request) => toPublicUser(await auth.updatePreferences(userOf(request), request.body.preferredLanguage)),
  );

  app.post(
    '/auth/admin-login',
    { schema: { body: adminLoginSchema, response: { 200: publicUserSchema } } },
    async (request, reply) => {
      const { username, password, code } = request.body;
      const user = await auth.adminLogin(username, password, code, source(request));
      rememberDevice(app.ctx, reply, user.id);
      await signIn(request, user);
      return toPublicUser(user);
    },
  );

  app.get(
    '/admin/auth',
    { preHandler: requireAdmin, schema: { response: { 200: publicUserSchema } } },
    async (request) => toPublicUser(userOf(request)),
  );

  // Browser-level navigations.
  app.get('/login', async (_request, reply) => reply.redirect('/login'));
  // Signing out lives in ./logout.ts (POST only, and it closes the session's sockets).
};
