/**
 * The HubSpot connection: the private-app token a user (or a brokerage's owner or manager) gives,
 * the connection's status, and each synced item's state. The token is never sent back.
 */
import { z } from 'zod';

export const HUBSPOT_LIMITS = { tokenMax: 500, syncsPageMax: 100 } as const;

export const connectHubspotBody = z.object({
  token: z
    .string()
    .trim()
    .min(1, 'Paste the access token of your HubSpot private app')
    .max(HUBSPOT_LIMITS.tokenMax, `The token must be at most ${HUBSPOT_LIMITS.tokenMax} characters`)
    .regex(/^[\x21-\x7e]+$/, 'The token has spaces or characters a HubSpot token never has'),
  /** Connect for this brokerage (its owner or a manager only) instead of for oneself. */
  brokerageId: z.string().uuid().optional(),
});
export type ConnectHubspotBody = z.infer<typeof connectHubspotBody>;

export const hubspotScopeQuery = z.object({ scope: z.enum(['me', 'brokerage']).default('me') });

export const HUBSPOT_SYNC_STATES = ['pending', 'synced', 'failed'] as const;
export type HubspotSyncState = (typeof HUBSPOT_SYNC_STATES)[number];
export const HUBSPOT_ITEM_KINDS = ['lead', 'contact'] as const;
export type HubspotItemKind = (typeof HUBSPOT_ITEM_KINDS)[number];

export const hubspotStatusSchema = z.object({
  connected: z.boolean(),
  scope: z.enum(['me', 'brokerage']),
  portalId: z.string().nullable(),
  uiDomain: z.string().nullable(),
  accountType: z.string().nullable(),
  connectedAt: z.string().nullable(),
  lastSyncAt: z.string().nullable(),
  lastSyncStatus: z.enum(['synced', 'failed']).nullable(),
  lastError: z.string().nullable(),
  consecutiveFailures: z.number().int(),
  /** Items whose last sync failed (each is retried with growing delays). */
  failedItems: z.number().int(),
});
export type HubspotStatus = z.infer<typeof hubspotStatusSchema>;

export const hubspotSyncSchema = z.object({
  itemKind: z.enum(HUBSPOT_ITEM_KINDS),
  itemId: z.string().uuid(),
  /** The lead's or contact's name, as last synced. */
  label: z.string().nullable(),
  state: z.enum(HUBSPOT_SYNC_STATES),
  hubspotContactId: z.string().nullable(),
  url: z.string().nullable(),
  error: z.string().nullable(),
  attempts: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type HubspotSync = z.infer<typeof hubspotSyncSchema>;

export const hubspotSyncsQuery = hubspotScopeQuery.extend({
  state: z.enum(HUBSPOT_SYNC_STATES).optional(),
  limit: z.coerce.number().int().min(1).max(HUBSPOT_LIMITS.syncsPageMax).default(50),
});

export const hubspotSyncsSchema = z.object({ items: z.array(hubspotSyncSchema) });

export const hubspotTestSchema = z.object({
  ok: z.boolean(),
  portalId: z.string().nullable(),
  error: z.string().nullable(),
});
