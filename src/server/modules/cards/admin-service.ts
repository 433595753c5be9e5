/**
 * Admin review of cards (spec §2 Admin, §4; issue 3): the pending queue, approve / reject with a
 * reason, and the licence check. Each decision is audited in the same transaction and the owner
 * is told by e-mail.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Card, CardStatusUpdate, PendingApprovals } from '../../../core/schemas/card';
import type { AppContext } from '../../context';
import type { BusinessCard, User } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../errors';
import { notifyUser } from '../../platform/mail/notify';
import { writeAudit } from '../audit/log';
import { findUserById } from '../users/repository';
import {
  countPendingCards,
  countPendingProperties,
  findCardById,
  listPendingCards,
  listPendingProperties,
  lockCard,
  updateCard,
} from './repository';
import type { CardValues } from './repository';
import { CARD_NOT_FOUND, licenseReset, toCard } from './service';

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

function decisionMail(
  owner: User,
  card: BusinessCard,
  publicUrl: string,
  revisionRejected: boolean,
): { subject: string; text: string } {
  const arabic = owner.preferredLanguage === 'ar';
  if (revisionRejected) {
    const reason = card.rejectionReason;
    const link = `${publicUrl}/edit-card/${card.id}`;
    return arabic
      ? {
          subject: 'لم تتم الموافقة على تعديلات بطاقتك في Bitaqa',
          text: `مرحبًا ${owner.firstName}،\n\nلم تتم الموافقة على تعديلاتك على البطاقة "${card.name}".${reason ? `\n\nالسبب: ${reason}` : ''}\n\nتبقى النسخة المعتمدة من بطاقتك متاحة للجميع. يمكنك التعديل مرة أخرى:\n\n${link}\n\nفريق Bitaqa`,
        }
      : {
          subject: 'Your changes to your Bitaqa card were not approved',
          text: `Hello ${owner.firstName},\n\nYour changes to the card "${card.name}" were not approved.${reason ? `\n\nReason: ${reason}` : ''}\n\nYour approved card stays public as it was. You can edit it again:\n\n${link}\n\nThe Bitaqa team`,
        };
  }
  if (card.status === 'approved') {
    const link = `${publicUrl}/cards/${card.id}`;
    return arabic
      ? {
          subject: 'تمت الموافقة على بطاقة أعمالك في Bitaqa',
          text: `مرحبًا ${owner.firstName}،\n\nتمت الموافقة على بطاقة الأعمال "${card.name}" وأصبحت متاحة للجميع:\n\n${link}\n\nشاركها من صفحتك الشخصية عبر الرابط أو رمز QR أو ملف جهة الاتصال.\n\nفريق Bitaqa`,
        }
      : {
          subject: 'Your Bitaqa business card is approved',
          text: `Hello ${owner.firstName},\n\nGood news: your business card "${card.name}" has been approved and is now public:\n\n${link}\n\nShare it from your profile with its link, QR code or contact file.\n\nThe Bitaqa team`,
        };
  }
  const edit = `${publicUrl}/edit-card/${card.id}`;
  const reason = card.rejectionReason;
  return arabic
    ? {
        subject: 'بطاقتك في Bitaqa تحتاج إلى تعديل',
        text: `مرحبًا ${owner.firstName}،\n\nلم تتم الموافقة على بطاقة الأعمال "${card.name}".${reason ? `\n\nالسبب: ${reason}` : ''}\n\nيرجى مراجعتها وإعادة إرسالها بعد التصحيح:\n\n${edit}\n\nفريق Bitaqa`,
      }
    : {
        subject: 'Your Bitaqa business card needs changes',
        text: `Hello ${owner.firstName},\n\nYour business card "${card.name}" was not approved.${reason ? `\n\nReason: ${reason}` : ''}\n\nPlease review it and resubmit with corrections:\n\n${edit}\n\nThe Bitaqa team`,
      };
}

export function createCardAdminService(ctx: AppContext) {
  const { db, config } = ctx;

  async function cardFor(id: string): Promise<Card> {
    const row = await findCardById(db, id);
    if (!row) throw notFound(CARD_NOT_FOUND, 'CARD_NOT_FOUND');
    return toCard(row, { private: true });
  }

  return {
    async pendingApprovals(page: { limit: number; offset: number }): Promise<PendingApprovals> {
      const [cards, cardTotal, props, propTotal] = await Promise.all([
        listPendingCards(db, page),
        countPendingCards(db),
        listPendingProperties(db, page),
        countPendingProperties(db),
      ]);
      return {
        businessCards: cards.map((row) => toCard(row, { private: true })),
        properties: props.map((p) => ({ ...p, createdAt: p.createdAt.toISOString() })),
        totals: { businessCards: cardTotal, properties: propTotal },
      };
    },

    /**
     * Approve (public unless the admin says otherwise) or reject with an optional reason. The body
     * names the version the admin reviewed; a card changed since answers 409 with its current
     * content (issue 11 finding 2). A pending revision of a published card is applied on approval
     * and dropped on rejection, the approved content staying public either way.
     */
    async setStatus(admin: User, id: string, body: CardStatusUpdate, log: FastifyBaseLogger): Promise<Card> {
      const decided = await db.transaction(async (tx) => {
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
        return { after, isRevision };
      });
      const updated = decided.after;
      const owner = await findUserById(db, updated.userId);
      const revisionRejected = decided.isRevision && body.status === 'rejected';
      if (owner)
        await notifyUser(
          ctx,
          log,
          owner,
          'cardStatus',
          decisionMail(owner, updated, config.publicUrl, revisionRejected),
        );
      return cardFor(id);
    },

    /** Marks the RERA / practice-card numbers as checked by an admin (issue 3 Licence and trust). */
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
