/**
 * Admin review of cards (spec §2 Admin, §4; issue 3): the pending queue, approve / reject with a
 * reason, and the licence check. Each decision is audited in the same transaction and the owner
 * is told by e-mail.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Card, CardStatusUpdate, PendingApprovals } from '../../../core/schemas/card';
import type { AppContext } from '../../context';
import type { BusinessCard, User } from '../../db/schema';
import { badRequest, notFound } from '../../errors';
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
import { CARD_NOT_FOUND, toCard } from './service';

const reviewFields = (c: BusinessCard) => ({
  status: c.status,
  isPublic: c.isPublic,
  rejectionReason: c.rejectionReason,
  licenseVerified: c.licenseVerified,
});

function decisionMail(owner: User, card: BusinessCard, publicUrl: string): { subject: string; text: string } {
  const arabic = owner.preferredLanguage === 'ar';
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

    /** Approve (public unless the admin says otherwise) or reject with an optional reason. */
    async setStatus(admin: User, id: string, body: CardStatusUpdate, log: FastifyBaseLogger): Promise<Card> {
      const updated = await db.transaction(async (tx) => {
        const before = await lockCard(tx, id);
        if (!before) throw notFound(CARD_NOT_FOUND, 'CARD_NOT_FOUND');
        const after = await updateCard(
          tx,
          id,
          body.status === 'approved'
            ? { status: 'approved', isPublic: body.isPublic ?? true, rejectionReason: null }
            : { status: 'rejected', isPublic: false, rejectionReason: body.reason?.trim() || null },
        );
        await writeAudit(tx, {
          actorId: admin.id,
          action: body.status === 'approved' ? 'card.approve' : 'card.reject',
          entityType: 'business_card',
          entityId: id,
          before: reviewFields(before),
          after: reviewFields(after),
        });
        return after;
      });
      const owner = await findUserById(db, updated.userId);
      if (owner) await notifyUser(ctx, log, owner, 'cardStatus', decisionMail(owner, updated, config.publicUrl));
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
