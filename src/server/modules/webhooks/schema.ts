/**
 * Webhooks: endpoints owned by a user or a brokerage, events written in the transaction of the
 * change that causes them (the outbox), and one delivery row per event and endpoint that the
 * delivery worker claims, attempts and logs.
 */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';

import { claimColumns } from '../../platform/outbox-claims';
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Exactly one of userId / brokerageId is set: whose endpoint this is. */
    userId: uuid('user_id'),
    brokerageId: uuid('brokerage_id'),
    url: text('url').notNull(),
    events: text('events').array().notNull().default(sql`'{}'`),
    /** The signing secret, sealed like the TOTP secrets. */
    secretSealed: text('secret_sealed').notNull(),
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    lastDeliveryAt: timestamp('last_delivery_at', { withTimezone: true }),
    lastDeliveryStatus: varchar('last_delivery_status', { length: 16 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_endpoints_user_idx').on(t.userId), index('webhook_endpoints_brokerage_idx').on(t.brokerageId)],
);
export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;

export const webhookOutbox = pgTable(
  'webhook_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: varchar('type', { length: 40 }).notNull(),
    userId: uuid('user_id'),
    brokerageId: uuid('brokerage_id'),
    data: jsonb('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_outbox_created_idx').on(t.createdAt)],
);
export type WebhookOutboxRow = typeof webhookOutbox.$inferSelect;

export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => webhookOutbox.id, { onDelete: 'cascade' }),
    ...claimColumns(),
    responseCode: integer('response_code'),
    responseTimeMs: integer('response_time_ms'),
    responseBody: text('response_body'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`status = 'pending'`),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt.desc(), t.id.desc()),
  ],
);
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
