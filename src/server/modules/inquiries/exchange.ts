/**
 * Contact exchange: a visitor of a public card shares their details back and the
 * owner gets a lead with source "exchange", an e-mail in the owner's language with the
 * visitor's vCard attached, and "Save contact" in the Leads list. A signed-in visitor with an
 * approved card can share that card with one tap (`useMyCard`). Consent, honeypot and the
 * per-address limit work as for inquiries.
 */
import { upsertMetPerson } from '../contacts';
import { recordLead } from '../analytics/service';
import { eq } from 'drizzle-orm';
import { EXCHANGE_COMPANY_MAX, type ExchangeCreateParsed } from '../../../core/schemas/exchange';
import { formatPhone } from '../../../core/phone';
import type { AppContext } from '../../context';
import { type User, users } from '../../db/schema';
import { conflict, notFound, unauthorized } from '../../errors';
import { enumLabel } from '../../platform/ai/labels';
import { notifyUser } from '../../platform/mail/notify';
import { mailLang } from '../../platform/mail/templates';
import { RATE_RULES } from '../../platform/rate-limit/rules';
import { membershipOf } from '../brokerages/service';
import { canViewCard, findCardRow, newestApprovedCard } from '../cards/service';
import { insertLead } from './repository';
import { emitLeadEvent } from '../webhooks';

interface Contact {
  name: string;
  phone: string | null;
  email: string | null;
  company: string | null;
}

export function createExchangeService(ctx: AppContext) {
  const { db } = ctx;
  // Its own bucket with the inquiry numbers: sharing details back does not use up inquiries.
  const limiter = ctx.limits.limiter('exchange', RATE_RULES.exchange);
  const ownerMails = ctx.limits.limiter('exchange-owner-mail', RATE_RULES.exchangeMailsPerOwner);

  /** What the visitor's own approved card says about them (the one-tap share). */
  async function fromOwnCard(visitor: User | null): Promise<Contact> {
    if (!visitor) throw unauthorized('Sign in to share your card.');
    const row = await newestApprovedCard(db, visitor.id);
    if (!row) throw conflict('You have no approved card to share yet.', 'NO_APPROVED_CARD');
    const c = row.card;
    const lang = mailLang(visitor.preferredLanguage);
    return {
      name: c.name,
      phone: c.phone,
      // A card without an e-mail still reaches its owner through the account's address.
      email: c.email || (c.phone ? null : visitor.email),
      company:
        (c.company || (c.bankName ? enumLabel(lang, 'bank', c.bankName) : null))?.slice(0, EXCHANGE_COMPANY_MAX) ??
        null,
    };
  }

  return {
    /** POST /api/business-cards/:id/exchange. Returns false when the honeypot caught a bot. */
    async create(cardId: string, input: ExchangeCreateParsed, ip: string, visitor: User | null): Promise<boolean> {
      await limiter.consume(ip, 'Too many shared details from your network. Please try again in a few minutes.');
      const row = await findCardRow(db, cardId);
      const [owner] = row ? await db.select().from(users).where(eq(users.id, row.card.userId)).limit(1) : [];
      if (!row || !owner || !(await canViewCard(db, visitor?.id ?? null, row))) {
        throw notFound(
          "The business card you're looking for doesn't exist or is not publicly available.",
          'CARD_NOT_FOUND',
        );
      }
      if (input.website) return false;
      const contact: Contact = input.useMyCard
        ? await fromOwnCard(visitor)
        : {
            name: input.name ?? '',
            phone: input.phone || null,
            email: input.email || null,
            company: input.company || null,
          };
      const note = input.note || null;
      // Senders from many addresses cannot flood one owner's inbox: past the owner's cap the
      // lead is saved without an e-mail.
      const mailOwner = (await ownerMails.count(owner.id)) <= RATE_RULES.exchangeMailsPerOwner.points;

      // The lead and its e-mail to the owner commit together.
      await db.transaction(async (tx) => {
        const id = await insertLead(tx, {
          businessCardId: row.card.id,
          // The lead joins the team pipeline of the brokerage the owner is in now.
          brokerageId: (await membershipOf(tx, owner.id))?.brokerage.id ?? null,
          source: 'exchange',
          inquiryType: 'other',
          inquirerName: contact.name,
          inquirerEmail: contact.email,
          inquirerPhone: contact.phone,
          inquirerCompany: contact.company,
          message: note,
        });
        await recordLead(tx, row.card.id, owner.id, ctx.now());
        await emitLeadEvent(tx, 'lead.created', id);
        // The person also lands in the owner's own contact book (a lead stays the team's).
        await upsertMetPerson(
          tx,
          owner.id,
          { name: contact.name, phone: contact.phone, email: contact.email, company: contact.company, note },
          'exchange',
        );
        if (!mailOwner) return;
        await notifyUser(
          tx,
          owner,
          'inquiries',
          'exchange',
          {
            name: owner.firstName,
            from: contact.name,
            cardName: row.card.name,
            email: contact.email,
            phone: formatPhone(contact.phone),
            company: contact.company,
            note,
            link: `${ctx.config.publicUrl}/profile?tab=leads`,
          },
          [{ type: 'leadVcard', inquiryId: id, lang: mailLang(owner.preferredLanguage) }],
        );
      });
      return true;
    },
  };
}
