/**
 * HubSpot: one connection per user or brokerage (a sealed private-app token), one job per
 * outbox event and connection (claimed and retried like a webhook delivery), and the sync state
 * of each lead or contact a connection has sent.
 */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { claimColumns } from '../../platform/outbox-claims';
import { webhookOutbox } from '../webhooks/schema';

export const hubspotConnections = pgTable(
  'hubspot_connections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Exactly one of userId / brokerageId is set: whose items go to this HubSpot account. */
    userId: uuid('user_id'),
    brokerageId: uuid('brokerage_id'),
    /** The private-app access token, sealed like the TOTP secrets. */
    tokenSealed: text('token_sealed').notNull(),
    portalId: varchar('portal_id', { length: 32 }),
    uiDomain: varchar('ui_domain', { length: 120 }),
    accountType: varchar('account_type', { length: 40 }),
    connectedBy: uuid('connected_by').notNull(),
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
    lastSyncStatus: varchar('last_sync_status', { length: 16 }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('hubspot_connections_user_idx').on(t.userId),
    uniqueIndex('hubspot_connections_brokerage_idx').on(t.brokerageId),
  ],
);
export type HubspotConnectionRow = typeof hubspotConnections.$inferSelect;

export const hubspotJobs = pgTable(
  'hubspot_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => hubspotConnections.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => webhookOutbox.id, { onDelete: 'cascade' }),
    ...claimColumns(),
    /** The note already written for this event, so a retry never writes it twice. */
    noteId: varchar('note_id', { length: 32 }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [
    index('hubspot_jobs_due_idx').on(t.nextAttemptAt).where(sql`status = 'pending'`),
    index('hubspot_jobs_connection_idx').on(t.connectionId),
  ],
);
export type HubspotJobRow = typeof hubspotJobs.$inferSelect;

export const hubspotSyncs = pgTable(
  'hubspot_syncs',
  {
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => hubspotConnections.id, { onDelete: 'cascade' }),
    /** 'lead' (an enquiry or an exchange) or 'contact' (the contact book). */
    itemKind: varchar('item_kind', { length: 16 }).notNull(),
    itemId: uuid('item_id').notNull(),
    label: varchar('label', { length: 160 }),
    state: varchar('state', { length: 16 }).notNull().default('pending'),
    hubspotContactId: varchar('hubspot_contact_id', { length: 32 }),
    error: text('error'),
    /** The attempts of the item's latest job and, while it is retried, when the next one runs. */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.connectionId, t.itemKind, t.itemId] }),
    index('hubspot_syncs_recent_idx').on(t.connectionId, t.updatedAt.desc()),
  ],
);
export type HubspotSyncRow = typeof hubspotSyncs.$inferSelect;
