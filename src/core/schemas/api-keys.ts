/**
 * API keys: what a key may do (its scopes), the settings page's create form and the list it
 * shows. The secret itself appears once, in the answer to a create.
 */
import { z } from 'zod';
import { withoutBidi } from './bidi';
import { text } from './common';

export const API_SCOPES = [
  'leads:read',
  'contacts:read',
  'contacts:write',
  'cards:read',
  'listings:read',
  'listings:write',
  'webhooks:manage',
] as const;
export type ApiScope = (typeof API_SCOPES)[number];

export const API_KEY_LIMITS = {
  nameMax: 80,
  /** Live keys one user (or one brokerage) may hold at a time. */
  keysMax: 25,
  /** The furthest expiry a key may be given. */
  expiryDaysMax: 730,
} as const;

/** Every secret starts with this; the rest is at least 32 base62 characters. */
export const API_KEY_PREFIX = 'bq_live_';

export const apiKeyCreateSchema = z.object({
  name: withoutBidi(
    text({ error: 'Name is required' })
      .trim()
      .min(1, 'Name is required')
      .max(API_KEY_LIMITS.nameMax, `Name must be at most ${API_KEY_LIMITS.nameMax} characters`),
  ),
  scopes: z
    .array(z.enum(API_SCOPES))
    .min(1, 'Choose at least one permission')
    .transform((list) => [...new Set(list)]),
  /** A date (YYYY-MM-DD, the key works through that day, UTC) or null for no expiry. */
  expiresOn: text()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-12-31')
    .nullable()
    .optional(),
  /** Make a brokerage key (owners and managers of that brokerage only). */
  brokerageId: text().uuid('Not a valid id').nullable().optional(),
});
export type ApiKeyCreateInput = z.input<typeof apiKeyCreateSchema>;
export type ApiKeyCreate = z.output<typeof apiKeyCreateSchema>;

export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The secret's first characters, to tell keys apart. */
  prefix: z.string(),
  scopes: z.array(z.enum(API_SCOPES)),
  brokerage: z.object({ id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** The answer to a create: the whole secret, shown this once. */
export const apiKeyCreatedSchema = apiKeySchema.extend({ secret: z.string() });
export type ApiKeyCreated = z.infer<typeof apiKeyCreatedSchema>;

export const apiKeyListSchema = z.object({
  items: z.array(apiKeySchema),
  /** The brokerage the caller may make brokerage keys for (owner or manager), if any. */
  manageableBrokerage: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type ApiKeyList = z.infer<typeof apiKeyListSchema>;
