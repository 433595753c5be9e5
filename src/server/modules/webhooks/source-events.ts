/**
 * The events other modules emit, each built from the committed-to-be rows in the caller's
 * transaction: one call at the source, the payload shaped here. A lead goes to its card
 * owner's endpoints and, when it is a team lead, to the brokerage's; both may read it.
 */
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { businessCards, inquiries, properties } from '../../db/schema';
import { emitEvent } from './service';

export async function emitLeadEvent(tx: DbOrTx, type: 'lead.created' | 'lead.updated', leadId: string): Promise<void> {
  const [row] = await tx
    .select({ lead: inquiries, cardName: businessCards.name, ownerId: businessCards.userId })
    .from(inquiries)
    .innerJoin(businessCards, eq(businessCards.id, inquiries.businessCardId))
    .where(eq(inquiries.id, leadId));
  if (!row) return;
  const l = row.lead;
  const lead = {
    id: l.id,
    source: l.source,
    inquiry_type: l.inquiryType,
    name: l.inquirerName,
    email: l.inquirerEmail,
    phone: l.inquirerPhone,
    company: l.inquirerCompany,
    message: l.message,
    status: l.status,
    assigned_to: l.assignedToId,
    brokerage_id: l.brokerageId,
    card: { id: l.businessCardId, name: row.cardName },
    created_at: new Date(l.createdAt).toISOString(),
  };
  await emitEvent(tx, { type, userId: row.ownerId, brokerageId: l.brokerageId, data: { lead } });
  // An exchange is also an exchange event for whoever follows those.
  if (type === 'lead.created' && l.source === 'exchange')
    await emitEvent(tx, { type: 'exchange.created', userId: row.ownerId, brokerageId: l.brokerageId, data: { lead } });
}

export async function emitCardReviewEvent(tx: DbOrTx, cardId: string, approved: boolean, reason?: string | null) {
  const [card] = await tx
    .select({ id: businessCards.id, name: businessCards.name, userId: businessCards.userId })
    .from(businessCards)
    .where(eq(businessCards.id, cardId));
  if (!card) return;
  await emitEvent(tx, {
    type: approved ? 'card.approved' : 'card.rejected',
    userId: card.userId,
    data: { card: { id: card.id, name: card.name, ...(approved ? {} : { reason: reason ?? null }) } },
  });
}

export async function emitListingApproved(tx: DbOrTx, propertyId: string) {
  const [p] = await tx.select().from(properties).where(eq(properties.id, propertyId));
  if (!p) return;
  await emitEvent(tx, { type: 'listing.approved', userId: p.userId, data: { listing: { id: p.id, title: p.title } } });
}

export function emitMemberEvent(
  tx: DbOrTx,
  kind: 'joined' | 'left',
  brokerageId: string,
  member: { userId: string; role?: string | null },
) {
  return emitEvent(tx, {
    type: kind === 'joined' ? 'brokerage.member_joined' : 'brokerage.member_left',
    brokerageId,
    data: { brokerage_id: brokerageId, member: { user_id: member.userId, role: member.role ?? null } },
  });
}
