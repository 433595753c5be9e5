/**
 * The user record as other modules use it (a module calls another module's service,
 * never its repository). Lookups take the caller's transaction when it is inside one.
 */
import type { PublicUser } from '../../../core/schemas/auth';
import type { DbOrTx } from '../../db/client';
import type { User } from '../../db/schema';
import * as repository from './repository';

/** The user with this e-mail, compared without case. */
export function findUserByEmail(db: DbOrTx, email: string): Promise<User | undefined> {
  return repository.findUserByEmail(db, email);
}

export function findUserById(db: DbOrTx, id: string): Promise<User | undefined> {
  return repository.findUserById(db, id);
}

/** Several users at once, in no particular order (a team's members). */
export function findUsersByIds(db: DbOrTx, ids: string[]): Promise<User[]> {
  return repository.findUsersByIds(db, ids);
}

/** The user as the API shows it: no password hash, tokens, TOTP secret or Stripe ids. */
export function toPublicUser(u: User): PublicUser {
  return {
    id: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    phoneNumber: u.phoneNumber,
    countryCode: u.countryCode,
    profileImageUrl: u.profileImageUrl,
    role: u.role,
    roleChosen: u.roleChosen,
    isEmailVerified: u.isEmailVerified,
    subscriptionStatus: u.subscriptionStatus ?? 'inactive',
    subscriptionPeriodEnd: u.subscriptionPeriodEnd ? u.subscriptionPeriodEnd.toISOString() : null,
    phone: u.phone,
    company: u.company,
    position: u.position,
    bio: u.bio,
    preferredLanguage: u.preferredLanguage,
    pendingEmail:
      u.pendingEmail && u.pendingEmailExpires && u.pendingEmailExpires.getTime() > Date.now() ? u.pendingEmail : null,
    createdAt: u.createdAt.toISOString(),
  };
}

/** The small user object nested in cards, listings and messages. */
export type UserSummary = {
  id: string;
  firstName: string;
  lastName: string;
  role: User['role'];
  profileImageUrl: string | null;
};
