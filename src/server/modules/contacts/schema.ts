/**
 * The contact book: one per user, every person they met. A contact is personal; a brokerage's
 * team leads stay in the inquiries. The folded search document is computed by the database
 * (bitaqa_contact_doc, declared in search-doc.sql beside this file) so every text field is
 * searchable through one trigram index.
 */
import { sql } from 'drizzle-orm';
import { date, index, pgTable, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import type { ContactSource } from '../../../core/schemas/contacts';

export const contacts = pgTable(
  'contacts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The user whose book this is (the foreign key, with ON DELETE CASCADE, is in migration 0032). */
    ownerId: uuid('owner_id').notNull(),
    name: varchar('name', { length: 120 }).notNull(),
    nameAr: varchar('name_ar', { length: 120 }),
    title: varchar('title', { length: 120 }),
    company: varchar('company', { length: 160 }),
    phones: text('phones').array().notNull().default(sql`'{}'`),
    emails: text('emails').array().notNull().default(sql`'{}'`),
    website: varchar('website', { length: 300 }),
    address: varchar('address', { length: 300 }),
    brn: varchar('brn', { length: 20 }),
    orn: varchar('orn', { length: 20 }),
    photoUrl: text('photo_url'),
    notes: text('notes'),
    tags: text('tags').array().notNull().default(sql`'{}'`),
    event: varchar('event', { length: 120 }),
    source: varchar('source', { length: 16 }).$type<ContactSource>().notNull().default('manual'),
    /** Their Bitaqa card, when they have one. */
    cardId: uuid('card_id'),
    followUpOn: date('follow_up_on'),
    followUpNote: varchar('follow_up_note', { length: 300 }),
    /** The due date whose reminder e-mail went out, so each follow-up is reminded of once. */
    remindedFor: date('reminded_for'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    searchDoc: text('search_doc').generatedAlwaysAs(
      sql`bitaqa_contact_doc((name)::text, (name_ar)::text, (title)::text, (company)::text, phones, emails, notes, tags, (event)::text, (address)::text)`,
    ),
  },
  (t) => [
    index('contacts_owner_recent_idx').on(t.ownerId, t.updatedAt.desc(), t.id.desc()),
    index('contacts_owner_name_idx').on(t.ownerId, sql`bitaqa_fold((name)::text)`, t.id),
    index('contacts_owner_follow_up_idx').on(t.ownerId, t.followUpOn),
    index('contacts_search_doc_trgm_idx').using('gin', t.searchDoc.op('gin_trgm_ops')),
    index('contacts_tags_idx').using('gin', t.tags),
    index('contacts_emails_idx').using('gin', t.emails),
    index('contacts_phones_idx').using('gin', t.phones),
  ],
);
export type ContactRow = typeof contacts.$inferSelect;

/** A user's own WhatsApp message templates (the built-in ones live in code, in both languages). */
export const messageTemplates = pgTable(
  'message_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id').notNull(),
    name: varchar('name', { length: 80 }).notNull(),
    lang: varchar('lang', { length: 2 }).notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('message_templates_owner_idx').on(t.ownerId)],
);
