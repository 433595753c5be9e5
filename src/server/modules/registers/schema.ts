/**
 * The regulator's registers as last imported, each import's report, and each card's last check
 * against them. The registers are copies of public records, replaced import by import: a row is
 * whatever the latest file said about that number.
 */
import { date, index, integer, jsonb, pgTable, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';

/** The Dubai Land Department's register of licensed brokers, by BRN. */
export const registerBrokers = pgTable('register_brokers', {
  brn: varchar('brn', { length: 20 }).primaryKey(),
  nameEn: text('name_en'),
  nameAr: text('name_ar'),
  officeNumber: varchar('office_number', { length: 20 }),
  officeNameEn: text('office_name_en'),
  phone: varchar('phone', { length: 40 }),
  email: text('email'),
  licenseStart: date('license_start'),
  licenseEnd: date('license_end'),
  /** The import that last listed this number; one that a complete later file leaves out is removed. */
  lastImportId: uuid('last_import_id').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The register of broker offices (real estate brokerages), by ORN. */
export const registerOffices = pgTable('register_offices', {
  orn: varchar('orn', { length: 20 }).primaryKey(),
  nameEn: text('name_en'),
  nameAr: text('name_ar'),
  licenseEnd: date('license_end'),
  lastImportId: uuid('last_import_id').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A row the importer could not read: its line in the file, why as a stable code (the admin page
 * says it in the reader's language), the offending value, and the reason in English for the log.
 */
export interface UnreadableRow {
  line: number;
  code: 'no_number' | 'bad_number' | 'bad_date';
  value?: string;
  reason: string;
}

/** One import: who, when, and what it changed. */
export const registerImports = pgTable('register_imports', {
  id: uuid('id').primaryKey().defaultRandom(),
  kind: varchar('kind', { length: 20 }).notNull(),
  /** The admin who uploaded it; null for the scheduled fetch. */
  actorId: uuid('actor_id'),
  source: text('source').notNull(),
  rows: integer('rows').notNull().default(0),
  added: integer('added').notNull().default(0),
  changed: integer('changed').notNull().default(0),
  removed: integer('removed').notNull().default(0),
  unreadable: integer('unreadable').notNull().default(0),
  /** The first unreadable rows with their line numbers (the count above has them all). */
  unreadableRows: jsonb('unreadable_rows').$type<UnreadableRow[]>().notNull().default([]),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A card's licence as last checked against the register: verified, or why not. A card whose
 * licence an admin verified by hand keeps that (source manual) and is not overruled here.
 */
export const cardLicenceChecks = pgTable(
  'card_licence_checks',
  {
    cardId: uuid('card_id').primaryKey(),
    status: varchar('status', { length: 20 }).notNull(),
    validUntil: date('valid_until'),
    registerNameEn: text('register_name_en'),
    registerNameAr: text('register_name_ar'),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The licence end each expiry notice was sent for (30 and 7 days before). A renewal brings a
     * new end date, which earns new notices; the same date never gets a notice twice.
     */
    notice30For: date('notice30_for'),
    notice7For: date('notice7_for'),
  },
  (t) => [index('card_licence_checks_status_idx').on(t.status)],
);

/**
 * A brokerage's ORN as last checked against the office register, like a card's BRN above. A
 * brokerage whose ORN an admin verified by hand keeps that (status manual).
 */
export const brokerageOrnChecks = pgTable(
  'brokerage_orn_checks',
  {
    brokerageId: uuid('brokerage_id').primaryKey(),
    status: varchar('status', { length: 20 }).notNull(),
    validUntil: date('valid_until'),
    registerNameEn: text('register_name_en'),
    registerNameAr: text('register_name_ar'),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('brokerage_orn_checks_status_idx').on(t.status)],
);
