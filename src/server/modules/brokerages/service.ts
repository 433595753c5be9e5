/**
 * Brokerages as other modules use them (issue 14): who belongs where and with what role. Team
 * leads, seat billing and team analytics ask here; they never read the brokerage tables.
 */
import type { DbOrTx } from '../../db/client';
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
