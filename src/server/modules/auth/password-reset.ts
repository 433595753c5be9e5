/**
 * "Forgot password?": a random link, only its SHA-256 stored, valid one hour, used
 * once. Asking answers the same, in about the same time, whether or not the address has an
 * account: the lookup is the only work done while the client waits; the link is made and
 * mailed after the answer. A reset ends every session of the account.
 */
import crypto from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { ResetPasswordInput } from '../../../core/schemas/auth';
import { LIMITS } from '../../../core/limits';
import type { AppContext } from '../../context';
import { passwordResetTokens, users, type User } from '../../db/schema';
import { AppError } from '../../errors';
import { deleteUserSessions } from '../../platform/session-store';
import { findUserByEmail } from '../users';
import { hashPassword, requireStrongPassword } from './passwords';
import { queuePasswordResetMail } from './reset-mail';
import { sha256 } from './service';

/** Whether an account may reset its password by e-mail (the admin signs in by username only). */
const canReset = (u: User) => !!u.passwordHash && !u.deletedAt && u.role !== 'admin';

const tokenError = (code: 'TOKEN_INVALID' | 'TOKEN_EXPIRED' | 'TOKEN_USED', message: string) =>
  new AppError(400, code, message, { errors: { token: message } });

export function createPasswordResetService(ctx: AppContext, log: { warn: (o: object, m: string) => void }) {
  const { db } = ctx;
  const inFlight = new Set<Promise<void>>();

  async function issueAndMail(user: User): Promise<void> {
    const token = crypto.randomBytes(32).toString('base64url');
    await db.transaction(async (tx) => {
      await tx.insert(passwordResetTokens).values({
        userId: user.id,
        tokenHash: sha256(token),
        expiresAt: new Date(ctx.now().getTime() + LIMITS.passwordResetTtlMs),
      });
      await queuePasswordResetMail(tx, ctx.config.publicUrl, user, token);
    });
  }

  return {
    /** Starts a reset for the address if it has an account; resolves before any mail is sent. */
    async requestReset(email: string): Promise<void> {
      const user = await findUserByEmail(db, email);
      if (!user || !canReset(user)) return;
      const job = issueAndMail(user)
        .catch((err: unknown) => log.warn({ err }, 'password reset e-mail failed'))
        .finally(() => inFlight.delete(job));
      inFlight.add(job);
    },

    /**
     * Sets the new password if the link is valid, unused and unexpired; marks every link of the
     * account used and deletes all its sessions in the same transaction. Returns the user id,
     * whose open sockets the caller then closes.
     */
    async resetPassword(input: ResetPasswordInput): Promise<string> {
      const [row] = await db
        .select({ token: passwordResetTokens, user: users })
        .from(passwordResetTokens)
        .innerJoin(users, eq(users.id, passwordResetTokens.userId))
        .where(eq(passwordResetTokens.tokenHash, sha256(input.token)))
        .limit(1);
      if (!row || !canReset(row.user)) {
        throw tokenError('TOKEN_INVALID', 'This reset link is not valid. Request a new one.');
      }
      if (row.token.usedAt) {
        throw tokenError('TOKEN_USED', 'This reset link has already been used. Request a new one if you need to.');
      }
      if (row.token.expiresAt.getTime() <= ctx.now().getTime()) {
        throw tokenError('TOKEN_EXPIRED', 'This reset link has expired. Request a new one.');
      }
      const user = row.user;
      requireStrongPassword(input.password, [user.email, user.firstName, user.lastName]);
      const passwordHash = await hashPassword(input.password);
      await db.transaction(async (tx) => {
        // Single use even when two requests race: only one can mark the link used.
        const claimed = await tx
          .update(passwordResetTokens)
          .set({ usedAt: ctx.now() })
          .where(and(eq(passwordResetTokens.id, row.token.id), isNull(passwordResetTokens.usedAt)))
          .returning({ id: passwordResetTokens.id });
        if (claimed.length === 0) {
          throw tokenError('TOKEN_USED', 'This reset link has already been used. Request a new one if you need to.');
        }
        await tx
          .update(passwordResetTokens)
          .set({ usedAt: ctx.now() })
          .where(and(eq(passwordResetTokens.userId, user.id), isNull(passwordResetTokens.usedAt)));
        // Following the link proves the inbox is the account's, like the verification link.
        await tx
          .update(users)
          .set({ passwordHash, isEmailVerified: true, emailVerificationToken: null, emailVerificationExpires: null })
          .where(eq(users.id, user.id));
        await deleteUserSessions(tx, user.id);
      });
      return user.id;
    },

    /** Waits for the mails still being made (graceful stop, and tests). */
    async settled(): Promise<void> {
      await Promise.allSettled([...inFlight]);
    },
  };
}
