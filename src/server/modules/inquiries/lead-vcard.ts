/**
 * A lead as a vCard 3.0: the visitor of a contact exchange, for the owner to save
 * with one tap, from the e-mail attachment or the Leads list. Built with vcard-creator like the
 * card's own vCard (cards/vcard.ts), whose escaping and folding notes apply here too.
 */
import VCard from 'vcard-creator';
import { formatPhone } from '../../../core/phone';
import type { DbOrTx } from '../../db/client';
import type { MailAttachment } from '../../platform/mail/mailer';
import type { AttachmentResolver } from '../../platform/mail/outbox';
import type { MailLang } from '../../platform/mail/templates';
import { attachmentHeader, splitName } from '../cards/vcard';
import { findInquiry } from './repository';

export interface LeadContact {
  inquirerName: string;
  inquirerEmail: string | null;
  inquirerPhone: string | null;
  inquirerCompany: string | null;
  message: string | null;
  source: string;
  createdAt: Date;
}

/** Values vcard-creator writes unescaped (phone, e-mail) never carry control characters. */
const clean = (v: string) =>
  Array.from(v)
    .filter((c) => c.charCodeAt(0) >= 32 && c.charCodeAt(0) !== 127)
    .join('');
/** A bare CR would start a new property in a contacts app; vcard-creator escapes \n only. */
const textValue = (v: string) => v.replace(/\r\n?/g, '\n');

/** The note's last line: how the owner met this person, in the owner's language. */
function metLine(lead: LeadContact, cardName: string, lang: MailLang): string {
  const day = lead.createdAt.toISOString().slice(0, 10);
  if (lang === 'ar') {
    const how = lead.source === 'exchange' ? 'شارك بياناته' : 'أرسل استفسارًا';
    return `${how} عبر بطاقتك على Bitaqa «\u2068${cardName}\u2069» بتاريخ ${day}.`;
  }
  const how = lead.source === 'exchange' ? 'Shared their details' : 'Sent an inquiry';
  return `${how} via your Bitaqa card "${cardName}" on ${day}.`;
}

export function buildLeadVCard(lead: LeadContact, cardName: string, lang: MailLang = 'en'): string {
  const v = new VCard();
  const name = textValue(lead.inquirerName).trim();
  v.addFullName(name);
  v.addName(splitName(name));
  if (lead.inquirerCompany) v.addCompany({ name: textValue(lead.inquirerCompany) });
  const phone = formatPhone(lead.inquirerPhone);
  if (phone) v.addPhoneNumber({ number: clean(phone), type: ['cell', 'voice'] });
  if (lead.inquirerEmail) v.addEmail({ address: clean(lead.inquirerEmail), type: ['internet'] });
  const met = metLine(lead, cardName, lang);
  v.addNote(textValue(lead.message ? `${lead.message}\n\n${met}` : met));
  return v.toString();
}

export const leadVCardFileName = (name: string) => attachmentHeader(name, '.vcf');

/** The file name alone (for the e-mail attachment), ASCII-safe like the download's fallback. */
function leadFileName(name: string): string {
  const header = leadVCardFileName(name);
  return /filename="([^"]+)"/.exec(header)?.[1] ?? 'contact.vcf';
}

/** The outbox's resolver for lead vCards: built from the stored lead when the e-mail is sent. */
export function leadVcardAttachmentResolver(db: DbOrTx): AttachmentResolver {
  return async (refs) => {
    const files: MailAttachment[] = [];
    for (const ref of refs) {
      if (ref.type !== 'leadVcard') continue;
      const lead = await findInquiry(db, ref.inquiryId);
      if (!lead) continue;
      files.push({
        filename: leadFileName(lead.inquirerName),
        content: Buffer.from(buildLeadVCard(lead, lead.cardName, ref.lang ?? 'en'), 'utf8'),
        contentType: 'text/vcard; charset=utf-8',
      });
    }
    return files;
  };
}
