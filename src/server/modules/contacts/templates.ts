/**
 * WhatsApp follow-up messages: three built-in templates per language (after an event, after a
 * viewing, a listing share) and the user's own. Placeholders are filled from the contact and the
 * sender; the link opens WhatsApp with the message typed, to the contact's first number.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { MessageTemplate } from '../../../core/schemas/contacts';
import { CONTACT_LIMITS } from '../../../core/schemas/contacts';
import type { DbOrTx } from '../../db/client';
import { withOwnerCountLock } from '../../db/owner-lock';
import { conflict, notFound } from '../../errors';
import { messageTemplates } from './schema';

export const BUILT_IN_TEMPLATES: MessageTemplate[] = [
  {
    id: 'event-en',
    lang: 'en',
    name: 'After an event',
    body: 'Hi {firstName}, it was great meeting you at {event}. Here is my digital card so you have my details: {myCardLink} — {myName}',
    builtIn: true,
  },
  {
    id: 'viewing-en',
    lang: 'en',
    name: 'After a viewing',
    body: 'Hi {firstName}, thank you for coming to the viewing today. Any questions, just reply here. My details: {myCardLink} — {myName}',
    builtIn: true,
  },
  {
    id: 'listing-en',
    lang: 'en',
    name: 'Share a listing',
    body: 'Hi {firstName}, I have a property that matches what you are looking for. Shall I send you the details? My card: {myCardLink} — {myName}',
    builtIn: true,
  },
  {
    id: 'event-ar',
    lang: 'ar',
    name: 'بعد فعالية',
    body: 'مرحبًا {firstName}، سعدت بلقائك في {event}. هذه بطاقتي الرقمية لتحتفظ ببياناتي: {myCardLink} — {myName}',
    builtIn: true,
  },
  {
    id: 'viewing-ar',
    lang: 'ar',
    name: 'بعد معاينة',
    body: 'مرحبًا {firstName}، شكرًا لحضورك المعاينة اليوم. لأي سؤال، راسلني هنا. بياناتي: {myCardLink} — {myName}',
    builtIn: true,
  },
  {
    id: 'listing-ar',
    lang: 'ar',
    name: 'مشاركة عقار',
    body: 'مرحبًا {firstName}، لدي عقار يناسب ما تبحث عنه. هل أرسل لك التفاصيل؟ بطاقتي: {myCardLink} — {myName}',
    builtIn: true,
  },
];

export interface TemplateValues {
  firstName: string;
  myName: string;
  myCardLink: string;
  event: string;
}

/** Fills the placeholders; an unknown one is left as typed, a missing value becomes empty. */
export function fillTemplate(body: string, values: TemplateValues): string {
  return body
    .replace(/\{(firstName|myName|myCardLink|event)\}/g, (_, key: keyof TemplateValues) => values[key] ?? '')
    .replace(/[ \t]{2,}/g, ' ')
    .trim();
}

/** The digits wa.me wants: the international number without "+" or spaces. */
export const whatsappUrl = (phoneE164: string, text: string) =>
  `https://wa.me/${phoneE164.replace(/\D/g, '')}?text=${encodeURIComponent(text)}`;

export async function listTemplates(db: DbOrTx, ownerId: string): Promise<MessageTemplate[]> {
  const own = await db
    .select()
    .from(messageTemplates)
    .where(eq(messageTemplates.ownerId, ownerId))
    .orderBy(asc(messageTemplates.createdAt));
  return [
    ...BUILT_IN_TEMPLATES,
    ...own.map((t) => ({ id: t.id, name: t.name, lang: t.lang as 'en' | 'ar', body: t.body, builtIn: false })),
  ];
}

export async function createTemplate(
  database: DbOrTx,
  ownerId: string,
  input: { name: string; lang: 'en' | 'ar'; body: string },
): Promise<MessageTemplate> {
  // Counted and inserted under the owner's lock, so parallel creates cannot overshoot the limit.
  return withOwnerCountLock(database, 'message-templates', ownerId, async (db) => {
    const [{ n }] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(messageTemplates)
      .where(eq(messageTemplates.ownerId, ownerId));
    if (n >= CONTACT_LIMITS.templatesMax) {
      throw conflict(`You can keep at most ${CONTACT_LIMITS.templatesMax} templates.`, 'TEMPLATE_LIMIT', {
        max: CONTACT_LIMITS.templatesMax,
      });
    }
    const [row] = await db
      .insert(messageTemplates)
      .values({ ownerId, ...input })
      .returning();
    return { id: row.id, name: row.name, lang: row.lang as 'en' | 'ar', body: row.body, builtIn: false };
  });
}

export async function deleteTemplate(db: DbOrTx, ownerId: string, id: string): Promise<void> {
  const gone = /^[0-9a-f-]{36}$/i.test(id)
    ? await db
        .delete(messageTemplates)
        .where(and(eq(messageTemplates.id, id), eq(messageTemplates.ownerId, ownerId)))
        .returning({ id: messageTemplates.id })
    : [];
  if (!gone.length) throw notFound('Template not found', 'TEMPLATE_NOT_FOUND');
}

export async function findTemplate(db: DbOrTx, ownerId: string, id: string): Promise<MessageTemplate> {
  const builtIn = BUILT_IN_TEMPLATES.find((t) => t.id === id);
  if (builtIn) return builtIn;
  const found = (await listTemplates(db, ownerId)).find((t) => t.id === id);
  if (!found) throw notFound('Template not found', 'TEMPLATE_NOT_FOUND');
  return found;
}
