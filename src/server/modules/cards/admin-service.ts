/**
 * Admin review of cards: approve / reject with a
 * reason, and the licence check. Each decision is audited in the same transaction and the owner
 * is told by e-mail.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Card, CardStatusUpdate } from '../../../core/schemas/card';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import type { BusinessCard, User } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../errors';
import { notifyUser } from '../../platform/mail/notify';
import { writeAudit } from '../audit';
import { findUserById } from '../users';
import { findCardById, lockCard, updateCard } from './repository';
import type { CardValues } from './repository';
import { toCard } from './mapper';
import { CARD_NOT_FOUND, licenseReset } from './service';
import { emitCardReviewEvent } from '../webhooks';

/** Whether the version the admin names (if any) is the card's current one. */
export function reviewedCurrent(
  row: { version: number; updatedAt: Date },
  body: { version?: number; updatedAt?: string },
) {
  if (body.version !== undefined && body.version !== row.version) return false;
  if (body.updatedAt !== undefined && Date.parse(body.updatedAt) !== row.updatedAt.getTime()) return false;
  return true;
}

const reviewFields = (c: BusinessCard) => ({
  status: c.status,
  isPublic: c.isPublic,
  rejectionReason: c.rejectionReason,
  licenseVerified: c.licenseVerified,
});

/** The owner's e-mail about a review decision, in their language, queued in `tx`. */
async function tellOwner(tx: DbOrTx, card: BusinessCard, publicUrl: string, revisionRejected: boolean) {
  const owner = await findUserById(tx, card.userId);
  if (!owner) return;
  const name = owner.firstName;
  if (revisionRejected) {
    await notifyUser(tx, owner, 'cardStatus', 'cardRevisionRejected', {
      name,
      cardName: card.name,
      reason: card.rejectionReason,
      link: `${publicUrl}/edit-card/${card.id}`,
    });
  } else if (card.status === 'approved') {
    await notifyUser(tx, owner, 'cardStatus', 'cardApproved', {
      name,
      cardName: card.name,
      link: `${publicUrl}/cards/${card.id}`,
    });
  } else {
    await notifyUser(tx, owner, 'cardStatus', 'cardRejected', {
      name,
      cardName: card.name,
      reason: card.rejectionReason,
      link: `${publicUrl}/edit-card/${card.id}`,
    });
  }
}

export function createCardAdminService(ctx: AppContext) {
  const { db, config } = ctx;

  async function cardFor(id: string): Promise<Card> {
    const row = await findCardById(db, id);
    if (!row) throw notFound(CARD_NOT_FOUND, 'CARD_NOT_FOUND');
    return toCard(row, { private: true });
  }

  return {
    /**
     * Approve (public unless the admin says otherwise) or reject with an optional reason. The body
     * names the version the admin reviewed; a card changed since answers 409 with its current
     * content. A pending revision of a published card is applied on approval
     * and dropped on rejection, the approved content staying public either way.
     */
    async setStatus(admin: User, id: string, body: CardStatusUpdate, _log: FastifyBaseLogger): Promise<Card> {
      await db.transaction(async (tx) => {
        const before = await lockCard(tx, id);
        if (!before) throw notFound(CARD_NOT_FOUND, 'CARD_NOT_FOUND');
        if (!reviewedCurrent(before, body)) {
          const row = await findCardById(tx, id);
          throw new AppError(409, 'CARD_CHANGED', 'The card changed while you were reviewing it. Review it again.', {
            current: row ? toCard(row, { private: true }) : null,
          });
        }
        const revision = before.pendingRevision;
        const isRevision = before.status === 'approved' && !!revision;
        let values: Partial<CardValues>;
        if (isRevision && body.status === 'approved') {
          values = {
            ...(revision as Partial<CardValues>),
            ...licenseReset(before, revision),
            pendingRevision: null,
            rejectionReason: null,
            ...(body.isPublic !== undefined ? { isPublic: body.isPublic } : {}),
          };
        } else if (isRevision) {
          values = { pendingRevision: null, rejectionReason: body.reason?.trim() || null };
        } else {
          values =
            body.status === 'approved'
              ? { status: 'approved', isPublic: body.isPublic ?? true, rejectionReason: null }
              : { status: 'rejected', isPublic: false, rejectionReason: body.reason?.trim() || null };
        }
        const after = await updateCard(tx, id, { ...values, version: before.version + 1 });
        await writeAudit(tx, {
          actorId: admin.id,
          action: `${isRevision ? 'card.revision' : 'card'}.${body.status === 'approved' ? 'approve' : 'reject'}`,
          entityType: 'business_card',
          entityId: id,
          before: { ...reviewFields(before), version: before.version, ...(isRevision ? { revision } : {}) },
          after: { ...reviewFields(after), version: after.version },
        });
        // The e-mail is written in the decision's transaction (sent after commit).
        await tellOwner(tx, after, config.publicUrl, isRevision && body.status === 'rejected');
        if (!isRevision) await emitCardReviewEvent(tx, id, body.status === 'approved', body.reason);
      });
      return cardFor(id);
    },

    /** Marks the RERA / practice-card numbers as checked by an admin. */
    async setLicense(admin: User, id: string, verified: boolean): Promise<Card> {
      await db.transaction(async (tx) => {
        const before = await lockCard(tx, id);
        if (!before) throw notFound(CARD_NOT_FOUND, 'CARD_NOT_FOUND');
        if (verified && !before.brnNumber && !before.ornNumber && !before.practiceCardNumber) {
          throw badRequest('This card has no licence number to verify.', 'NO_LICENSE');
        }
        const after = await updateCard(tx, id, {
          licenseVerified: verified,
          licenseVerifiedAt: verified ? new Date() : null,
        });
        await writeAudit(tx, {
          actorId: admin.id,
          action: verified ? 'card.license_verify' : 'card.license_unverify',
          entityType: 'business_card',
          entityId: id,
          before: reviewFields(before),
          after: reviewFields(after),
        });
      });
      return cardFor(id);
    },
  };
}
