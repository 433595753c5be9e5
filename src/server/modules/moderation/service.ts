/**
 * The admin review queue, answered in the three shapes the
 * API has: the cards' pending approvals, the pending listings, and the paged review queue of the
 * control center. All three read the same queries (./repository), so they agree on what waits and
 * in which order. The decisions themselves stay with the owning modules (cards, properties).
 */
import { withFlatTranslations } from '../../../core/card-text';
import type { PendingApprovals } from '../../../core/schemas/card';
import type { Property } from '../../../core/schemas/properties';
import type { ReviewQueue } from '../../../core/schemas/admin';
import { revisionChanges } from '../../../core/revision';
import type { AppContext } from '../../context';
import { toCard } from '../cards/mapper';
import { type PropertyRow, toProperty } from '../properties/mapper';
import { type Page, waitingCards, waitingProperties } from './repository';

type PropertyItem = Awaited<ReturnType<typeof waitingProperties>>['items'][number];

const propertyRow = ({ property, owner }: PropertyItem): PropertyRow => ({
  p: property,
  ownerFirstName: owner.firstName,
  ownerLastName: owner.lastName,
  ownerImage: owner.profileImageUrl,
  ownerRole: owner.role,
});

const adminOwner = (o: {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  role: ReviewQueue['cards']['items'][number]['owner']['role'];
}) => ({
  id: o.id,
  firstName: o.firstName,
  lastName: o.lastName,
  email: o.email,
  role: o.role,
});

export function createModerationService(ctx: AppContext) {
  const { db } = ctx;

  return {
    /** GET /api/admin/pending-approvals: full cards and short listing entries, with totals. */
    async pendingApprovals(page: Page): Promise<PendingApprovals> {
      const [cards, props] = await Promise.all([waitingCards(db, page), waitingProperties(db, page)]);
      return {
        businessCards: cards.items.map(({ card, owner }) => toCard({ card, user: owner }, { private: true })),
        properties: props.items.map(({ property: p, owner }) => ({
          id: p.id,
          title: p.title,
          price: p.price,
          createdAt: p.createdAt.toISOString(),
          owner: { id: owner.id, firstName: owner.firstName, lastName: owner.lastName },
        })),
        totals: { businessCards: cards.total, properties: props.total },
      };
    },

    /** GET /api/admin/properties/pending: the first listings waiting, as full listings. */
    async pendingProperties(limit: number): Promise<{ items: Property[]; total: number }> {
      const { items, total } = await waitingProperties(db, { limit, offset: 0 });
      return { items: items.map((r) => toProperty(propertyRow(r), { private: true })), total };
    },

    /** GET /api/admin/review-queue: both kinds paged apart, with each revision as live → proposed. */
    async reviewQueue(q: { limit: number; cardsOffset: number; propertiesOffset: number }): Promise<ReviewQueue> {
      const [cards, props] = await Promise.all([
        waitingCards(db, { limit: q.limit, offset: q.cardsOffset }),
        waitingProperties(db, { limit: q.limit, offset: q.propertiesOffset }),
      ]);
      return {
        cards: {
          total: cards.total,
          items: cards.items.map(({ card: c, owner }) => ({
            id: c.id,
            name: c.name,
            profession: c.profession,
            company: c.company,
            brnNumber: c.brnNumber,
            ornNumber: c.ornNumber,
            practiceCardNumber: c.practiceCardNumber,
            licenseVerified: c.licenseVerified,
            profileImageUrl: c.profileImageUrl,
            status: c.status,
            createdAt: c.createdAt.toISOString(),
            version: c.version,
            updatedAt: c.updatedAt.toISOString(),
            // Only a published card's edit is a revision; a pending card is reviewed as it stands.
            primaryLanguage: c.primaryLanguage,
            translations: c.translations ?? {},
            changes:
              c.status === 'approved' && c.pendingRevision
                ? revisionChanges(
                    withFlatTranslations(c as unknown as Record<string, unknown>),
                    withFlatTranslations(c.pendingRevision),
                  )
                : null,
            owner: adminOwner(owner),
          })),
        },
        properties: {
          total: props.total,
          items: props.items.map(({ property: p, owner }) => ({
            id: p.id,
            title: p.title,
            price: p.price,
            propertyType: p.propertyType,
            status: p.status,
            city: p.city,
            permitNumber: p.permitNumber,
            isApproved: p.isApproved,
            createdAt: p.createdAt.toISOString(),
            version: p.version,
            updatedAt: p.updatedAt.toISOString(),
            changes: p.isApproved ? revisionChanges(p, p.pendingRevision) : null,
            owner: adminOwner(owner),
          })),
        },
      };
    },
  };
}
