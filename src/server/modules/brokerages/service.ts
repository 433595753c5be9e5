/**
 * Brokerages as other modules use them: who belongs where and with what role. Team
 * leads, seat billing and team analytics ask here; they never read the brokerage tables.
 */
import { type CardBrokerage, LOCKABLE_FIELDS, type LockableField } from '../../../core/schemas/brokerage-brand';
import type { BrokerageView } from '../../../core/schemas/brokerages';
import { and, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { likeAny, searchWords } from '../../db/query/text';
import type { Brokerage } from '../../db/schema';
import { forbidden, notFound } from '../../errors';
import * as repository from './repository';

export type { BrokerageRole, Membership } from './repository';

export const membershipOf = repository.membershipOf;
export const membersOf = repository.membersOf;
export const roleIn = repository.roleIn;
export const findBrokerageById = repository.findBrokerageById;
export const findBrokerageBySlug = repository.findBrokerageBySlug;

/** Owners and managers run the team: leads, seats, invitations, the team dashboard. */
export const isTeamManager = (role: repository.BrokerageRole | undefined) => role === 'owner' || role === 'manager';

/**
 * The brokerage a signed-in user manages (owner or manager), or 403/404. Admins are not members
 * and get no team rights by being admins.
 */
export async function managedBrokerage(db: DbOrTx, userId: string, brokerageId: string): Promise<Brokerage> {
  const brokerage = await repository.findBrokerageById(db, brokerageId);
  if (!brokerage) throw notFound('Brokerage not found', 'BROKERAGE_NOT_FOUND');
  const role = await repository.roleIn(db, brokerageId, userId);
  if (!isTeamManager(role)) throw forbidden('Only the brokerage owner or a manager may do this', 'NOT_TEAM_MANAGER');
  return brokerage;
}

/** True when `managerId` runs the brokerage `memberId` belongs to (team analytics, team leads). */
export async function managesMember(db: DbOrTx, managerId: string, memberId: string): Promise<boolean> {
  const membership = await repository.membershipOf(db, memberId);
  if (!membership) return false;
  return isTeamManager(await repository.roleIn(db, membership.brokerage.id, managerId));
}

export const memberOfSlug = repository.memberOfSlug;

const lockedOf = (b: Brokerage) => b.lockedFields.filter((f): f is LockableField => isLockable(f));
const isLockable = (f: string): f is LockableField => (LOCKABLE_FIELDS as readonly string[]).includes(f);

/** The brokerage's identity and brand, as the API shows them and as an audit entry keeps them. */
export const brandFields = (b: Brokerage) => ({
  name: b.name,
  nameAr: b.nameAr,
  ornNumber: b.ornNumber,
  tradeLicenceNumber: b.tradeLicenceNumber,
  logoUrl: b.logoUrl,
  primaryColor: b.primaryColor,
  secondaryColor: b.secondaryColor,
  officeAddress: b.officeAddress,
  emirate: b.emirate,
  ornVerified: b.ornVerified,
});

/** The brokerage as the API shows it to members and the public. */
export function toBrokerageView(b: Brokerage): BrokerageView {
  return {
    id: b.id,
    slug: b.slug,
    ...brandFields(b),
    lockedFields: lockedOf(b),
    createdAt: b.createdAt.toISOString(),
  };
}

/** The `brokerage` object of a member's card JSON. */
export function toCardBrokerage(b: Brokerage): CardBrokerage {
  return {
    slug: b.slug,
    name: b.name,
    nameAr: b.nameAr,
    logoUrl: b.logoUrl,
    primaryColor: b.primaryColor,
    secondaryColor: b.secondaryColor,
    ornNumber: b.ornNumber,
    officeAddress: b.officeAddress,
    verified: b.ornVerified,
    lockedFields: lockedOf(b),
  };
}

/** The brokerage a card's owner belongs to, as their card wears it; null for independents. */
export async function cardBrokerageOf(db: DbOrTx, userId: string): Promise<CardBrokerage | null> {
  const m = await repository.membershipOf(db, userId);
  return m ? toCardBrokerage(m.brokerage) : null;
}

/**
 * The card values a brokerage sets for its members (its locked fields): company is the
 * brokerage's name, office address and ORN its own. Only locked fields are returned.
 */
export function lockedCardValues(b: CardBrokerage): {
  company?: string;
  officeAddress?: string | null;
  ornNumber?: string;
} {
  const out: { company?: string; officeAddress?: string | null; ornNumber?: string } = {};
  if (b.lockedFields.includes('company')) out.company = b.name;
  if (b.lockedFields.includes('officeAddress')) out.officeAddress = b.officeAddress;
  if (b.lockedFields.includes('ornNumber')) out.ornNumber = b.ornNumber;
  return out;
}

/** The brand of the brokerage the user belongs to, or null (the cards module asks here). */
export const brandingOf = cardBrokerageOf;

/**
 * Members of the brokerages whose name (English or Arabic) contains every word of the search:
 * the directory's text search also finds a brokerage's brokers by its name.
 */
export async function membersOfBrokeragesNamed(db: DbOrTx, search: string): Promise<string[]> {
  const words = searchWords(search);
  if (!words.length) return [];
  return repository.memberIdsOfBrokeragesMatching(db, (doc) => and(...words.map((w) => likeAny(doc, [w]))) as SQL);
}

/** The brand of each member among these users, by user id (a directory page: one query). */
export async function brandsOfUsers(db: DbOrTx, userIds: string[]): Promise<Map<string, CardBrokerage>> {
  if (!userIds.length) return new Map();
  const rows = await repository.brokeragesOfUsers(db, [...new Set(userIds)]);
  return new Map(rows.map((r) => [r.userId, toCardBrokerage(r.brokerage)]));
}
