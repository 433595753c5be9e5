/**
 * API keys for the public API (/api/v1): a user's personal keys, and brokerage keys made by an
 * owner or manager that also reach the team's leads. Only the SHA-256 of a secret is stored, with
 * a short prefix to tell keys apart in a list; a request looks its key up by hash, so revoking
 * takes effect in every process at once.
 */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';

export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The user who made the key; the key acts as this user (the foreign key is in the migration). */
    userId: uuid('user_id').notNull(),
    /** Set for a brokerage key: it also reads that brokerage's team leads while its maker manages it. */
    brokerageId: uuid('brokerage_id'),
    name: varchar('name', { length: 80 }).notNull(),
    /** The first characters of the secret, shown in lists ("bq_live_Ab12Cd"). */
    prefix: varchar('prefix', { length: 24 }).notNull(),
    /** Hex SHA-256 of the whole secret. */
    secretHash: varchar('secret_hash', { length: 64 }).notNull().unique(),
    scopes: text('scopes').array().notNull().default(sql`'{}'`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('api_keys_user_idx').on(t.userId), index('api_keys_brokerage_idx').on(t.brokerageId)],
);
export type ApiKeyRow = typeof apiKeys.$inferSelect;

/**
 * Answers to POSTs sent with an Idempotency-Key, per API key: the same key and body replays the
 * stored answer, the same key with another body is refused. `status` is null while the first
 * request is still running.
 */
export const apiIdempotency = pgTable(
  'api_idempotency',
  {
    apiKeyId: uuid('api_key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    idempotencyKey: varchar('idempotency_key', { length: 255 }).notNull(),
    /** Method and path the key was first used with, and the SHA-256 of the body sent. */
    requestHash: varchar('request_hash', { length: 64 }).notNull(),
    status: integer('status'),
    response: jsonb('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.apiKeyId, t.idempotencyKey] }),
    index('api_idempotency_created_idx').on(t.createdAt),
  ],
);
