/**
 * Which HubSpot connections an outbox event goes to. The webhooks module's `emitEvent` asks this
 * inside the change's transaction and writes one job per connection beside its deliveries, so
 * a lead or contact reaches HubSpot exactly when the change commits.
 */
import { eq, or } from 'drizzle-orm';
import type { WebhookEventType } from '../../../core/schemas/webhooks';
import type { DbOrTx } from '../../db/client';
import { hubspotConnections } from './schema';

/**
 * The events HubSpot follows. An exchange is also a `lead.created` event (the same lead), so
 * `exchange.created` is left out and an exchange is synced once.
 */
export const HUBSPOT_EVENTS: ReadonlySet<WebhookEventType | 'test'> = new Set([
  'lead.created',
  'lead.updated',
  'contact.created',
  'contact.updated',
]);

export async function hubspotConnectionsFor(
  tx: DbOrTx,
  event: { type: WebhookEventType; userId?: string | null; brokerageId?: string | null },
): Promise<string[]> {
  if (!HUBSPOT_EVENTS.has(event.type)) return [];
  const owners = [
    event.userId ? eq(hubspotConnections.userId, event.userId) : undefined,
    event.brokerageId ? eq(hubspotConnections.brokerageId, event.brokerageId) : undefined,
  ].filter(Boolean);
  if (owners.length === 0) return [];
  const rows = await tx
    .select({ id: hubspotConnections.id })
    .from(hubspotConnections)
    .where(or(...owners));
  return rows.map((r) => r.id);
}
