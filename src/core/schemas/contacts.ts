/**
 * The contact book's requests and answers: one contact per person met, from a scanned card, an
 * exchange, a saved Bitaqa card, an import or typed by hand. Phones are stored in E.164, e-mails in
 * lower case; every text field refuses invisible direction controls like the rest of the product.
 */
import { z } from 'zod';
import { withoutBidi } from './bidi';
import { emailField, httpUrl, text } from './common';
import { phoneField } from './phone';

export const CONTACT_SOURCES = ['scan', 'exchange', 'saved_card', 'manual', 'import', 'nfc'] as const;
export type ContactSource = (typeof CONTACT_SOURCES)[number];
export const CONTACT_SORTS = ['recent', 'name'] as const;

export const CONTACT_LIMITS = {
  nameMax: 120,
  titleMax: 120,
  companyMax: 160,
  phonesMax: 5,
  emailsMax: 5,
  tagsMax: 20,
  tagMax: 40,
  notesMax: 5000,
  eventMax: 120,
  addressMax: 300,
  followUpNoteMax: 300,
  pageSizeMax: 100,
  pageSizeDefault: 30,
  templatesMax: 30,
  templateBodyMax: 1000,
} as const;

const line = (max: number, label: string) =>
  withoutBidi(text().trim().max(max, `${label} must be at most ${max} characters`));
const optionalLine = (max: number, label: string) =>
  line(max, label)
    .optional()
    .nullable()
    .transform((v) => v || null);
const licence = text()
  .trim()
  .regex(/^\d{0,12}$/, 'Use digits only')
  .optional()
  .nullable()
  .transform((v) => v || null);
const isoDate = text().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-12-31');

export const contactFields = {
  name: line(CONTACT_LIMITS.nameMax, 'Name').min(1, 'Name is required'),
  nameAr: optionalLine(CONTACT_LIMITS.nameMax, 'Arabic name'),
  title: optionalLine(CONTACT_LIMITS.titleMax, 'Title'),
  company: optionalLine(CONTACT_LIMITS.companyMax, 'Company'),
  phones: z
    .array(phoneField)
    .max(CONTACT_LIMITS.phonesMax, `At most ${CONTACT_LIMITS.phonesMax} phone numbers`)
    .transform((list) => [...new Set(list.filter(Boolean))]),
  emails: z
    .array(emailField)
    .max(CONTACT_LIMITS.emailsMax, `At most ${CONTACT_LIMITS.emailsMax} e-mail addresses`)
    .transform((list) => [...new Set(list)]),
  // Cards print "www.example.ae": a link without its scheme is taken as https.
  website: z
    .preprocess(
      (v) => (typeof v === 'string' && /^[\w-]+(\.[\w-]+)+(\/\S*)?$/.test(v.trim()) ? `https://${v.trim()}` : v),
      z.union([z.literal(''), httpUrl]),
    )
    .optional()
    .nullable()
    .transform((v) => v || null),
  address: optionalLine(CONTACT_LIMITS.addressMax, 'Address'),
  brn: licence,
  orn: licence,
  photoUrl: text()
    .regex(/^\/api\/uploads\/[\w.-]+$/, 'Upload the photo first')
    .optional()
    .nullable(),
  notes: withoutBidi(text().max(CONTACT_LIMITS.notesMax, `Notes must be at most ${CONTACT_LIMITS.notesMax} characters`))
    .optional()
    .nullable()
    .transform((v) => v?.trim() || null),
  tags: z
    .array(line(CONTACT_LIMITS.tagMax, 'A tag').min(1))
    .max(CONTACT_LIMITS.tagsMax, `At most ${CONTACT_LIMITS.tagsMax} tags`)
    .transform((list) => [...new Set(list)]),
  event: optionalLine(CONTACT_LIMITS.eventMax, 'Event'),
  followUpOn: isoDate.optional().nullable(),
  followUpNote: optionalLine(CONTACT_LIMITS.followUpNoteMax, 'Follow-up note'),
};

export const contactCreateSchema = z.object({
  ...contactFields,
  phones: contactFields.phones.default([]),
  emails: contactFields.emails.default([]),
  tags: contactFields.tags.default([]),
  source: z.enum(CONTACT_SOURCES).default('manual'),
});
export type ContactCreateInput = z.input<typeof contactCreateSchema>;
export type ContactCreate = z.output<typeof contactCreateSchema>;

export const contactUpdateSchema = z.object(contactFields).partial();
export type ContactUpdate = z.output<typeof contactUpdateSchema>;

export const contactListQuerySchema = z.object({
  q: text().trim().max(200).optional(),
  tag: text().trim().max(CONTACT_LIMITS.tagMax).optional(),
  event: text().trim().max(CONTACT_LIMITS.eventMax).optional(),
  source: z.enum(CONTACT_SOURCES).optional(),
  sort: z.enum(CONTACT_SORTS).default('recent'),
  cursor: text().max(400).optional(),
  limit: z.coerce.number().int().min(1).max(CONTACT_LIMITS.pageSizeMax).default(CONTACT_LIMITS.pageSizeDefault),
});
export type ContactListQuery = z.output<typeof contactListQuerySchema>;

export const contactSchema = z.object({
  id: z.string(),
  name: z.string(),
  nameAr: z.string().nullable(),
  title: z.string().nullable(),
  company: z.string().nullable(),
  phones: z.array(z.string()),
  emails: z.array(z.string()),
  website: z.string().nullable(),
  address: z.string().nullable(),
  brn: z.string().nullable(),
  orn: z.string().nullable(),
  photoUrl: z.string().nullable(),
  notes: z.string().nullable(),
  tags: z.array(z.string()),
  event: z.string().nullable(),
  source: z.enum(CONTACT_SOURCES),
  cardId: z.string().nullable(),
  followUpOn: z.string().nullable(),
  followUpNote: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Contact = z.infer<typeof contactSchema>;

export const contactPageSchema = z.object({
  items: z.array(contactSchema),
  nextCursor: z.string().nullable(),
  /** Follow-ups due today or earlier, shown above the list (first page only). */
  due: z.array(contactSchema),
});

const facetSchema = <T extends z.ZodTypeAny>(value: T) => z.object({ value, count: z.number().int() });

/** The filter choices of a book: its tags (most used first), events (most recent first) and sources. */
export const contactFacetsSchema = z.object({
  tags: z.array(facetSchema(z.string())),
  events: z.array(facetSchema(z.string())),
  sources: z.array(facetSchema(z.enum(CONTACT_SOURCES))),
});
export type ContactFacets = z.infer<typeof contactFacetsSchema>;

/** A new contact answers with the ones it may duplicate (same e-mail or phone), to offer a merge. */
export const contactCreatedSchema = contactSchema.extend({ duplicates: z.array(contactSchema) });
export type ContactCreated = z.infer<typeof contactCreatedSchema>;

export const mergeSchema = z.object({ otherId: text().uuid('Not a valid id') });

export const TEMPLATE_PLACEHOLDERS = ['{firstName}', '{myName}', '{myCardLink}', '{event}'] as const;
export const templateCreateSchema = z.object({
  name: line(80, 'Name').min(1, 'Name is required'),
  lang: z.enum(['en', 'ar']),
  body: withoutBidi(text().trim().min(1, 'Write the message').max(CONTACT_LIMITS.templateBodyMax)),
});
export const templateSchema = z.object({
  id: z.string(),
  name: z.string(),
  lang: z.enum(['en', 'ar']),
  body: z.string(),
  builtIn: z.boolean(),
});
export type MessageTemplate = z.infer<typeof templateSchema>;
