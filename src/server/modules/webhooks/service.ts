/**
 * Webhook endpoints and their events. `emitEvent` is called by the module that makes a change,
 * with that change's transaction: the event row and one delivery per matching endpoint commit
 * with the change or not at all. The same event row also carries the jobs of the HubSpot
 * connections that follow it (see ../hubspot). Endpoints belong to a user (their own items) or to a brokerage
 * (team items); an endpoint of another owner reads as not found.
 */
import { and, arrayContains, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import {
  type CreateWebhookBody,
  type CreatedWebhook,
  type DeliveriesPage,
  type DeliveriesQuery,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEventType,
  WEBHOOK_LIMITS,
} from '../../../core/schemas/webhooks';
import type { DbOrTx } from '../../db/client';
import { withOwnerCountLock } from '../../db/owner-lock';
import { conflict, fieldError, notFound } from '../../errors';
import { openSecret, sealSecret } from '../account/secret-box';
import { hubspotConnectionsFor } from '../hubspot/outbox';
import { hubspotJobs } from '../hubspot/schema';
import { checkWebhookUrl, type Resolver, systemResolver, UnsafeUrlError } from './address-guard';
import {
  type WebhookDeliveryRow,
  type WebhookEndpointRow,
  webhookDeliveries,
  webhookEndpoints,
  webhookOutbox,
} from './schema';
import { newEndpointSecret } from './signature';

export const WEBHOOK_CHANNEL = 'bitaqa_webhooks';

export type WebhookOwner = { userId: string } | { brokerageId: string };

export interface WebhookSettings {
  totpKey: Buffer;
  allowPrivate: boolean;
  requireHttps: boolean;
  resolve?: Resolver;
}

export interface WebhookEvent {
  type: WebhookEventType;
  /** The user whose item changed (their own endpoints receive it). */
  userId?: string | null;
  /** The brokerage whose team item changed (its endpoints receive it). */
  brokerageId?: string | null;
  /** Only what the endpoint's owner may read. */
  data: Record<string, unknown>;
}

function ownerWhere(owner: WebhookOwner) {
  return 'userId' in owner
    ? eq(webhookEndpoints.userId, owner.userId)
    : eq(webhookEndpoints.brokerageId, owner.brokerageId);
}

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

export function endpointView(row: WebhookEndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    events: row.events as WebhookEventType[],
    createdAt: new Date(row.createdAt).toISOString(),
    disabledAt: iso(row.disabledAt),
    consecutiveFailures: row.consecutiveFailures,
    lastDeliveryAt: iso(row.lastDeliveryAt),
    lastDeliveryStatus: (row.lastDeliveryStatus as 'delivered' | 'failed' | null) ?? null,
  };
}

/** The plain signing secret of an endpoint (null: sealed with another key). */
export function endpointSecret(settings: Pick<WebhookSettings, 'totpKey'>, row: WebhookEndpointRow): string | null {
  return openSecret(settings.totpKey, row.secretSealed);
}

export async function createEndpoint(
  db: DbOrTx,
  settings: WebhookSettings,
  owner: WebhookOwner,
  body: CreateWebhookBody,
): Promise<CreatedWebhook> {
  try {
    await checkWebhookUrl(body.url, {
      allowPrivate: settings.allowPrivate,
      requireHttps: settings.requireHttps,
      resolve: settings.resolve ?? systemResolver,
    });
  } catch (err) {
    if (err instanceof UnsafeUrlError) throw fieldError('url', err.message);
    throw err;
  }
  // Counted and inserted under the owner's lock, so parallel creates cannot overshoot the limit.
  const ownerKey = 'userId' in owner ? `user:${owner.userId}` : `brokerage:${owner.brokerageId}`;
  return withOwnerCountLock(db, 'webhook-endpoints', ownerKey, async (tx) => {
    const [{ n } = { n: 0 }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(webhookEndpoints)
      .where(ownerWhere(owner));
    if (Number(n) >= WEBHOOK_LIMITS.endpointsMax)
      throw conflict(`At most ${WEBHOOK_LIMITS.endpointsMax} webhook endpoints`, 'WEBHOOK_LIMIT', {
        max: WEBHOOK_LIMITS.endpointsMax,
      });
    const secret = newEndpointSecret();
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({
        userId: 'userId' in owner ? owner.userId : null,
        brokerageId: 'brokerageId' in owner ? owner.brokerageId : null,
        url: body.url,
        events: body.events,
        secretSealed: sealSecret(settings.totpKey, secret),
      })
      .returning();
    return { ...endpointView(row as WebhookEndpointRow), secret };
  });
}

export async function listEndpoints(db: DbOrTx, owner: WebhookOwner): Promise<WebhookEndpoint[]> {
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .where(ownerWhere(owner))
    .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id));
  return rows.map(endpointView);
}

async function ownedEndpoint(db: DbOrTx, owner: WebhookOwner, id: string): Promise<WebhookEndpointRow> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), ownerWhere(owner)));
  if (!row) throw notFound('Webhook endpoint not found', 'WEBHOOK_NOT_FOUND');
  return row;
}

export async function getEndpoint(db: DbOrTx, owner: WebhookOwner, id: string): Promise<WebhookEndpoint> {
  return endpointView(await ownedEndpoint(db, owner, id));
}

export async function deleteEndpoint(db: DbOrTx, owner: WebhookOwner, id: string): Promise<void> {
  const gone = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), ownerWhere(owner)))
    .returning({ id: webhookEndpoints.id });
  if (gone.length === 0) throw notFound('Webhook endpoint not found', 'WEBHOOK_NOT_FOUND');
}

/** Turns a disabled endpoint back on (its failure count starts again). */
export async function enableEndpoint(db: DbOrTx, owner: WebhookOwner, id: string): Promise<WebhookEndpoint> {
  await ownedEndpoint(db, owner, id);
  const [row] = await db
    .update(webhookEndpoints)
    .set({ disabledAt: null, consecutiveFailures: 0 })
    .where(eq(webhookEndpoints.id, id))
    .returning();
  return endpointView(row as WebhookEndpointRow);
}

function deliveryView(row: WebhookDeliveryRow & { eventType: string }): WebhookDelivery {
  return {
    id: row.id,
    eventId: row.eventId,
    eventType: row.eventType as WebhookDelivery['eventType'],
    status: row.status as WebhookDelivery['status'],
    attempts: row.attempts,
    nextAttemptAt: row.status === 'pending' ? iso(row.nextAttemptAt) : null,
    responseCode: row.responseCode,
    responseTimeMs: row.responseTimeMs,
    responseBody: row.responseBody,
    lastError: row.lastError,
    createdAt: new Date(row.createdAt).toISOString(),
    deliveredAt: iso(row.deliveredAt),
  };
}

function encodeCursor(createdAt: Date, id: string): string {
  return Buffer.from(`${new Date(createdAt).toISOString()}|${id}`).toString('base64url');
}
function decodeCursor(cursor: string): { createdAt: Date; id: string } | null {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(at ?? '');
  if (!id || Number.isNaN(createdAt.getTime()) || !/^[0-9a-f-]{36}$/i.test(id)) return null;
  return { createdAt, id };
}

export async function listDeliveries(
  db: DbOrTx,
  owner: WebhookOwner,
  endpointId: string,
  query: DeliveriesQuery,
): Promise<DeliveriesPage> {
  await ownedEndpoint(db, owner, endpointId);
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  if (query.cursor && !after) throw fieldError('cursor', 'The cursor is not valid');
  const rows = await db
    .select({ d: webhookDeliveries, eventType: webhookOutbox.type })
    .from(webhookDeliveries)
    .innerJoin(webhookOutbox, eq(webhookOutbox.id, webhookDeliveries.eventId))
    .where(
      and(
        eq(webhookDeliveries.endpointId, endpointId),
        after
          ? or(
              lt(webhookDeliveries.createdAt, after.createdAt),
              and(eq(webhookDeliveries.createdAt, after.createdAt), lt(webhookDeliveries.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    items: page.map((r) => deliveryView({ ...r.d, eventType: r.eventType })),
    next_cursor: rows.length > query.limit && last ? encodeCursor(last.d.createdAt, last.d.id) : null,
  };
}

/** Sends a delivery again now, whatever its state (a new attempt is logged). */
export async function retryDelivery(
  db: DbOrTx,
  owner: WebhookOwner,
  endpointId: string,
  deliveryId: string,
): Promise<WebhookDelivery> {
  await ownedEndpoint(db, owner, endpointId);
  const [row] = await db
    .update(webhookDeliveries)
    .set({ status: 'pending', nextAttemptAt: sql`now()`, lockedBy: null, lockedUntil: null })
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpointId)))
    .returning();
  if (!row) throw notFound('Delivery not found', 'DELIVERY_NOT_FOUND');
  await db.execute(sql`select pg_notify(${WEBHOOK_CHANNEL}, '')`);
  const [ev] = await db
    .select({ type: webhookOutbox.type })
    .from(webhookOutbox)
    .where(eq(webhookOutbox.id, row.eventId));
  return deliveryView({ ...row, eventType: ev?.type ?? 'test' });
}

/** Queues a `test` event to one endpoint only (even one that is not subscribed to anything else). */
export async function sendTestEvent(db: DbOrTx, owner: WebhookOwner, endpointId: string): Promise<WebhookDelivery> {
  const endpoint = await ownedEndpoint(db, owner, endpointId);
  const [event] = await db
    .insert(webhookOutbox)
    .values({
      type: 'test',
      userId: endpoint.userId,
      brokerageId: endpoint.brokerageId,
      data: { message: 'A test event from Bitaqa', endpoint_id: endpoint.id },
    })
    .returning();
  if (!event) throw new Error('test event not written');
  const [row] = await db.insert(webhookDeliveries).values({ endpointId: endpoint.id, eventId: event.id }).returning();
  await db.execute(sql`select pg_notify(${WEBHOOK_CHANNEL}, '')`);
  return deliveryView({ ...(row as WebhookDeliveryRow), eventType: 'test' });
}

/**
 * Writes an event and its deliveries in the caller's transaction. Each matching, enabled
 * endpoint (the user's own for their items, the brokerage's for team items) gets one delivery.
 */
export async function emitEvent(tx: DbOrTx, event: WebhookEvent): Promise<void> {
  const owners = [
    event.userId ? eq(webhookEndpoints.userId, event.userId) : undefined,
    event.brokerageId ? eq(webhookEndpoints.brokerageId, event.brokerageId) : undefined,
  ].filter(Boolean);
  if (owners.length === 0) return;
  const endpoints = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(or(...owners), isNull(webhookEndpoints.disabledAt), arrayContains(webhookEndpoints.events, [event.type])),
    );
  const hubspot = await hubspotConnectionsFor(tx, event);
  // No subscriber: nothing to keep (the event would never be read).
  if (endpoints.length === 0 && hubspot.length === 0) return;
  const [row] = await tx
    .insert(webhookOutbox)
    .values({
      type: event.type,
      userId: event.userId ?? null,
      brokerageId: event.brokerageId ?? null,
      data: event.data,
    })
    .returning({ id: webhookOutbox.id });
  if (!row) throw new Error('webhook event not written');
  if (endpoints.length > 0)
    await tx.insert(webhookDeliveries).values(endpoints.map((e) => ({ endpointId: e.id, eventId: row.id })));
  if (hubspot.length > 0)
    await tx.insert(hubspotJobs).values(hubspot.map((connectionId) => ({ connectionId, eventId: row.id })));
  // Delivered to the listening workers when (and only if) the transaction commits.
  await tx.execute(sql`select pg_notify(${WEBHOOK_CHANNEL}, '')`);
}

/** The contact events, for the contact book to call inside its own transactions. */
export function emitContactEvent(
  tx: DbOrTx,
  kind: 'created' | 'updated',
  ownerId: string,
  contact: Record<string, unknown>,
): Promise<void> {
  return emitEvent(tx, {
    type: kind === 'created' ? 'contact.created' : 'contact.updated',
    userId: ownerId,
    data: contact,
  });
}
