/**
 * Leads: a visitor's inquiry from a public card, the owner's
 * Leads list with its status, and the CSV export for their CRM. Nobody but the card's owner
 * reads an inquiry.
 */
import { recordLead } from '../analytics/service';
import type { FastifyBaseLogger } from 'fastify';
import { eq } from 'drizzle-orm';
import { INQUIRY_STATUSES, type InquiryStatus } from '../../../core/enums';
import { toCsv } from '../../../core/csv';
import type { Inquiry, InquiryList, inquiryCreateSchema } from '../../../core/schemas/inquiry';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { inquiries, users, type User } from '../../db/schema';
import { notFound } from '../../errors';
import type { DbOrTx } from '../../db/client';
import { notifyUser } from '../../platform/mail/notify';
import { RATE_RULES } from '../../platform/rate-limit/rules';
import { membershipOf } from '../brokerages/service';
import { findCardRow } from '../cards/service';
import { canViewCard } from '../cards/service';
import {
  countInquiriesByStatus,
  findOwnedInquiry,
  type InquiryRow,
  listInquiriesForOwner,
  setInquiryStatus,
} from './repository';
import { emitLeadEvent } from '../webhooks';

const EXPORT_MAX_ROWS = 50_000;

function toInquiry(r: InquiryRow): Inquiry {
  return {
    ...r,
    status: ((INQUIRY_STATUSES as readonly string[]).includes(r.status) ? r.status : 'pending') as InquiryStatus,
    source: r.source === 'exchange' ? 'exchange' : 'inquiry',
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

const inquiryNotFound = () => notFound('Inquiry not found', 'INQUIRY_NOT_FOUND');

/** The owner's inquiries counted by status (the account overview). */
export function inquiryCountsOf(db: DbOrTx, ownerId: string) {
  return countInquiriesByStatus(db, ownerId);
}

export function createInquiryService(ctx: AppContext, _log: FastifyBaseLogger) {
  const { db } = ctx;
  // Every submission counts, honeypot hits included, so a bot cannot probe past the limit.
  const limiter = ctx.limits.limiter('inquiries', RATE_RULES.inquiries);

  return {
    /** POST /api/business-cards/:id/inquiries. Returns false when the honeypot caught a bot. */
    async create(
      cardId: string,
      input: z.output<typeof inquiryCreateSchema>,
      ip: string,
      senderId: string | null,
    ): Promise<boolean> {
      await limiter.consume(ip, 'Too many inquiries from your network. Please try again in a few minutes.');
      const row = await findCardRow(db, cardId);
      const [owner] = row ? await db.select().from(users).where(eq(users.id, row.card.userId)).limit(1) : [];
      if (!row || !owner || !(await canViewCard(db, senderId, row))) {
        throw notFound(
          "The business card you're looking for doesn't exist or is not publicly available.",
          'CARD_NOT_FOUND',
        );
      }
      if (input.website) return false;

      // The lead and its e-mail to the owner commit together.
      await db.transaction(async (tx) => {
        const [lead] = await tx
          .insert(inquiries)
          .values({
            businessCardId: row.card.id,
            // The lead joins the team pipeline of the brokerage the owner is in now.
            brokerageId: (await membershipOf(tx, owner.id))?.brokerage.id ?? null,
            inquirerName: input.inquirerName,
            inquirerEmail: input.inquirerEmail,
            inquirerPhone: input.inquirerPhone || null,
            inquiryType: input.inquiryType,
            message: input.message || null,
          })
          .returning({ id: inquiries.id });
        await recordLead(tx, row.card.id, owner.id, ctx.now());
        if (lead) await emitLeadEvent(tx, 'lead.created', lead.id);
        await mailOwner(tx, owner, row.card.name, input);
      });
      return true;
    },

    async list(owner: User, q: { status?: InquiryStatus; limit: number; offset: number }): Promise<InquiryList> {
      const [rows, counts] = await Promise.all([
        listInquiriesForOwner(db, owner.id, q),
        countInquiriesByStatus(db, owner.id),
      ]);
      const total = q.status ? counts[q.status] : Object.values(counts).reduce((a, b) => a + b, 0);
      return { items: rows.map(toInquiry), total, counts };
    },

    /** One of the owner's leads; another user's is simply not found. */
    async getOwned(owner: User, id: string): Promise<Inquiry> {
      const found = await findOwnedInquiry(db, owner.id, id);
      if (!found) throw inquiryNotFound();
      return toInquiry(found);
    },

    /** PATCH /api/inquiries/:id — another user's inquiry is simply not found. */
    async setStatus(owner: User, id: string, status: InquiryStatus): Promise<Inquiry> {
      const found = await findOwnedInquiry(db, owner.id, id);
      if (!found) throw inquiryNotFound();
      await setInquiryStatus(db, id, status);
      const updated = await findOwnedInquiry(db, owner.id, id);
      if (!updated) throw inquiryNotFound();
      return toInquiry(updated);
    },

    async exportCsv(owner: User): Promise<string> {
      const rows = await listInquiriesForOwner(db, owner.id, { limit: EXPORT_MAX_ROWS, offset: 0 });
      return toCsv(
        ['Date', 'Card', 'Name', 'Email', 'Phone', 'Type', 'Status', 'Message'],
        rows.map((r) => [
          r.createdAt,
          r.cardName,
          r.inquirerName,
          r.inquirerEmail,
          r.inquirerPhone,
          // An exchange has no inquiry type of its own; the CSV names the source instead.
          r.source === 'exchange' ? 'exchange' : r.inquiryType,
          r.status,
          r.message,
        ]),
      );
    },
  };

  async function mailOwner(tx: DbOrTx, owner: User, cardName: string, input: z.output<typeof inquiryCreateSchema>) {
    await notifyUser(tx, owner, 'inquiries', 'inquiry', {
      name: owner.firstName,
      from: input.inquirerName,
      type: input.inquiryType,
      cardName,
      message: input.message ?? '',
      email: input.inquirerEmail,
      phone: input.inquirerPhone || null,
      link: `${ctx.config.publicUrl}/profile?tab=leads`,
    });
  }
}
