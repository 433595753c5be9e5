/**
 * Webhook endpoints: the body that subscribes a URL to events and the answers the settings page
 * and the public API share. The same schemas validate the session routes and the v1 routes.
 */
import { z } from 'zod';

export const WEBHOOK_EVENTS = [
  'lead.created',
  'lead.updated',
  'exchange.created',
  'contact.created',
  'contact.updated',
  'card.approved',
  'card.rejected',
  'listing.approved',
  'brokerage.member_joined',
  'brokerage.member_left',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_LIMITS = {
  urlMax: 2000,
  endpointsMax: 20,
  deliveriesPageMax: 100,
  responseBodyMax: 1024,
} as const;

export const createWebhookBody = z.object({
  url: z
    .string()
    .trim()
    .max(WEBHOOK_LIMITS.urlMax, `URL must be at most ${WEBHOOK_LIMITS.urlMax} characters`)
    .url('Enter a full URL, like https://example.com/hooks'),
  events: z
    .array(z.enum(WEBHOOK_EVENTS))
    .min(1, 'Choose at least one event')
    .transform((list) => [...new Set(list)]),
});
export type CreateWebhookBody = z.infer<typeof createWebhookBody>;

export const webhookEndpointSchema = z.object({
  id: z.string().uuid(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  createdAt: z.string(),
  disabledAt: z.string().nullable(),
  consecutiveFailures: z.number().int(),
  lastDeliveryAt: z.string().nullable(),
  lastDeliveryStatus: z.enum(['delivered', 'failed']).nullable(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** The answer to a create: the signing secret, shown this once. */
export const createdWebhookSchema = webhookEndpointSchema.extend({ secret: z.string() });
export type CreatedWebhook = z.infer<typeof createdWebhookSchema>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;

export const webhookDeliverySchema = z.object({
  id: z.string().uuid(),
  eventId: z.string().uuid(),
  eventType: z.enum(WEBHOOK_EVENTS).or(z.literal('test')),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  responseCode: z.number().int().nullable(),
  responseTimeMs: z.number().int().nullable(),
  responseBody: z.string().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const deliveriesQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(WEBHOOK_LIMITS.deliveriesPageMax).default(30),
});
export type DeliveriesQuery = z.infer<typeof deliveriesQuery>;

export const deliveriesPageSchema = z.object({
  items: z.array(webhookDeliverySchema),
  next_cursor: z.string().nullable(),
});
export type DeliveriesPage = z.infer<typeof deliveriesPageSchema>;

export const webhookIdParams = z.object({ id: z.string().uuid() });
export const webhookDeliveryParams = z.object({ id: z.string().uuid(), deliveryId: z.string().uuid() });
