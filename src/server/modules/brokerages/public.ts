/**
 * The public brokerage: GET /api/brokerages/{slug} and the server-rendered page. Its
 * brokers are the members the directory lists (directory/service.ts applies the listing rule),
 * its listings the members' approved listings (properties/service.ts).
 */
import type { PublicBrokerage, PublicBrokerageQuery } from '../../../core/schemas/brokerages';
import { LIMITS } from '../../../core/limits';
import type { DbOrTx } from '../../db/client';
import { listDirectoryCards } from '../directory/service';
import { listPublicProperties } from '../properties/service';
import { verifiedOrnCheck } from '../registers';
import * as repository from './repository';
import { toBrokerageView } from './service';

/** At most this many brokers and listings on one brokerage page. */
export const BROKERAGE_PAGE_MEMBERS = LIMITS.pageSizeMax;
export const BROKERAGE_PAGE_LISTINGS = LIMITS.pageSizeDefault;

/** The brokerage with its listed brokers and listings, or null when no brokerage has this slug. */
export async function publicBrokerage(
  db: DbOrTx,
  slug: string,
  q: PublicBrokerageQuery = {},
): Promise<PublicBrokerage | null> {
  const brokerage = await repository.findBrokerageBySlug(db, slug);
  if (!brokerage) return null;
  const { lockedFields: _l, tradeLicenceNumber: _t, ...view } = toBrokerageView(brokerage);
  const check = view.ornVerified ? await verifiedOrnCheck(db, brokerage.id) : null;
  const ornRegister = check ? { validUntil: check.validUntil, checkedAt: check.checkedAt.toISOString() } : null;
  const members = await listDirectoryCards(db, {
    brokerage: slug,
    language: q.language,
    specialization: q.specialization,
    sort: 'name',
    limit: BROKERAGE_PAGE_MEMBERS,
    offset: 0,
  });
  const memberIds = (await repository.membersOf(db, brokerage.id)).map((m) => m.userId);
  const listings = await listPublicProperties(db, {
    userIds: memberIds,
    sort: 'newest',
    limit: BROKERAGE_PAGE_LISTINGS,
    offset: 0,
  });
  return { brokerage: { ...view, ornRegister }, members: members.items, listings: listings.items };
}
