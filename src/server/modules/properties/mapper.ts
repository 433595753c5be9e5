/**
 * The listing row as the API answers it. Pure mapping, no SQL: the properties module's
 * repository and the moderation queue both select a PropertyRow and answer it through toProperty.
 */
import { offMarketReason, uaeToday } from '../../../core/permits';
import type { ApprovalStatus, Property } from '../../../core/schemas/properties';
import type { properties } from '../../db/schema';

export type PropertyRow = {
  p: typeof properties.$inferSelect;
  ownerFirstName: string;
  ownerLastName: string;
  ownerImage: string | null;
  ownerRole: Property['owner']['role'];
};

export function approvalStatus(p: { isApproved: boolean; rejectionReason: string | null }): ApprovalStatus {
  if (p.isApproved) return 'approved';
  return p.rejectionReason ? 'rejected' : 'pending';
}

/**
 * The listing as answered; the rejection reason only for its owner and admins. `today` (the UAE
 * day of the app's clock) says whether its permit has expired; callers without the app's clock
 * at hand get the machine's.
 */
export function toProperty(r: PropertyRow, opts: { private?: boolean; today?: string } = {}): Property {
  const p = r.p;
  const today = opts.today ?? uaeToday(new Date());
  return {
    id: p.id,
    userId: p.userId,
    title: p.title,
    description: p.description,
    propertyType: p.propertyType,
    status: p.status,
    price: p.price,
    bedrooms: p.bedrooms,
    bathrooms: p.bathrooms,
    area: p.area,
    address: p.address,
    city: p.city,
    location: p.location,
    locationId: p.locationId,
    imageUrls: p.imageUrls,
    features: p.features,
    permitNumber: p.permitNumber,
    permitQrLink: p.permitQrLink,
    permitAuthority: p.permitAuthority,
    permitAuthorityName: p.permitAuthorityName,
    permitExpiresOn: p.permitExpiresOn,
    offMarket: offMarketReason(p, today),
    isApproved: p.isApproved,
    approvalStatus: approvalStatus(p),
    rejectionReason: opts.private ? p.rejectionReason : null,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
    version: p.version,
    pendingRevision: opts.private ? (p.pendingRevision ?? null) : null,
    owner: {
      id: p.userId,
      firstName: r.ownerFirstName,
      lastName: r.ownerLastName,
      profileImageUrl: r.ownerImage,
      role: r.ownerRole,
    },
    firstName: r.ownerFirstName,
    lastName: r.ownerLastName,
    profileImageUrl: r.ownerImage,
    agentName: `${r.ownerFirstName} ${r.ownerLastName}`.trim(),
    translations: p.translations ?? {},
  };
}
