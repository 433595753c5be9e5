/**
 * The public API, /api/v1, in its own encapsulated plugin: every route here is opened by an
 * `Authorization: Bearer bq_live_…` API key and nothing else. A session cookie opens none of them
 * (no route here reads the session), and a key opens no route outside (those read only the session).
 *
 * Per request: the key is looked up by hash (a revoked key fails at once in every process), the
 * key's rate limit is counted in the shared limiter (RateLimit-* headers, 429), and the route's
 * scope is checked (403 INSUFFICIENT_SCOPE). Changes are written to the audit log with the key's id.
 */
import swagger from '@fastify/swagger';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { createJsonSchemaTransform, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ApiScope } from '../../../core/schemas/api-keys';
import { cardSchema } from '../../../core/schemas/card';
import { atLeastOneField } from '../../../core/schemas/common';
import {
  contactCreatedSchema,
  contactCreateSchema,
  contactSchema,
  contactUpdateSchema,
} from '../../../core/schemas/contacts';
import { propertyInputSchema, propertyPatchSchema, propertySchema } from '../../../core/schemas/properties';
import {
  idempotencyHeaders,
  v1ErrorSchema,
  v1IdParams,
  type V1Lead,
  v1LeadSchema,
  v1MeSchema,
  v1Page,
  v1PageQuery,
} from '../../../core/schemas/public-api';
import {
  createdWebhookSchema,
  createWebhookBody,
  deliveriesPageSchema,
  deliveriesQuery,
  webhookDeliveryParams,
  webhookDeliverySchema,
  webhookEndpointSchema,
} from '../../../core/schemas/webhooks';
import { INQUIRY_STATUSES, type InquiryStatus } from '../../../core/enums';
import { inquiryColumns } from '../../db/query/inquiry-columns';
import { businessCards, contacts, inquiries, properties } from '../../db/schema';
import { AppError, notFound, unauthorized } from '../../errors';
import { rateLimited } from '../../platform/rate-limit';
import { type ApiCaller, authenticate } from '../api-keys/service';
import { writeAudit } from '../audit';
import { ownCardsByIds } from '../cards/service';
import { createContact, deleteContact, getContact, toContact, updateContact } from '../contacts/service';
import { createPropertyService, ownListingsByIds } from '../properties/service';
import {
  createEndpoint,
  deleteEndpoint,
  getEndpoint,
  listDeliveries,
  listEndpoints,
  retryDelivery,
  type WebhookOwner,
  webhookSettingsOf,
} from '../webhooks';
import { hashRequest, idempotent } from './idempotency';
import { openApiDocument } from './openapi';
import { inPageOrder, pageIds } from './paging';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** /api/v1: the scope a key needs for this route; null: any key; 'public': no key at all. */
    apiScope?: ApiScope | null | 'public';
  }
  interface FastifyRequest {
    /** The API key behind a /api/v1 request and the user it acts as. */
    apiCaller?: ApiCaller;
  }
}

const BEARER = /^Bearer[ ]+(\S+)$/i;

function callerOf(request: FastifyRequest): ApiCaller {
  if (!request.apiCaller) throw unauthorized();
  return request.apiCaller;
}

/** The error answers every route may give, documented once. */
const errors = {
  400: v1ErrorSchema.describe('Invalid input: `errors` names each field with its message.'),
  401: v1ErrorSchema.describe(
    'No API key, or one that is unknown, revoked or expired (API_KEY_MISSING, API_KEY_INVALID, API_KEY_REVOKED, API_KEY_EXPIRED).',
  ),
  403: v1ErrorSchema.describe('The key lacks the scope this route needs (INSUFFICIENT_SCOPE), or may not do this.'),
  429: v1ErrorSchema.describe('Too many requests for this key; see Retry-After and the RateLimit-* headers.'),
};
const withNotFound = { ...errors, 404: v1ErrorSchema.describe('No such record among the key’s own.') };
const forPost = {
  ...errors,
  409: v1ErrorSchema.describe('A limit is reached, or the first request with this Idempotency-Key is still running.'),
  422: v1ErrorSchema.describe('This Idempotency-Key was already used with another request (IDEMPOTENCY_KEY_REUSED).'),
};

/** OpenAPI facts of one operation; the scope goes into the route's config and its security requirement. */
function doc(scope: ApiScope | null, tag: string, operationId: string, summary: string, description?: string) {
  return {
    config: { apiScope: scope },
    meta: {
      tags: [tag],
      operationId,
      summary,
      description: [description, scope ? `Needs the \`${scope}\` scope.` : 'Any valid key.']
        .filter(Boolean)
        .join('\n\n'),
      security: [{ bearerAuth: scope ? [scope] : [] }],
    },
  };
}

const leadColumns = {
  ...inquiryColumns,
  brokerageId: inquiries.brokerageId,
  assignedToId: inquiries.assignedToId,
};

type LeadRow = Omit<V1Lead, 'status' | 'source' | 'createdAt' | 'updatedAt'> & {
  status: string;
  source: string;
  createdAt: Date;
  updatedAt: Date;
};

function toLead(r: LeadRow): V1Lead {
  return {
    ...r,
    status: ((INQUIRY_STATUSES as readonly string[]).includes(r.status) ? r.status : 'pending') as InquiryStatus,
    source: r.source === 'exchange' ? 'exchange' : 'inquiry',
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

export const publicApiRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.ctx;
  const listings = createPropertyService(app.ctx, app.log);
  const webhookSettings = webhookSettingsOf(app.ctx);
  const limiter = app.ctx.limits.limiter('api-v1-key', { points: config.apiRateLimitPerMinute, durationSec: 60 });

  // Only this plugin's routes are documented: swagger collects the routes of the context it is in.
  await app.register(swagger, {
    openapi: openApiDocument(config.publicUrl),
    transform: createJsonSchemaTransform({ zodToJsonConfig: { unrepresentable: 'any' } }),
  });

  app.addHook('onRequest', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const scope = request.routeOptions.config.apiScope;
    if (scope === 'public') return;
    const header = request.headers.authorization;
    const secret = typeof header === 'string' ? BEARER.exec(header.trim())?.[1] : undefined;
    reply.header('WWW-Authenticate', 'Bearer realm="Bitaqa API"');
    if (!secret)
      throw new AppError(
        401,
        'API_KEY_MISSING',
        'Send an API key as "Authorization: Bearer bq_live_…". The public API does not use the sign-in cookie.',
      );
    const caller = await authenticate(db, secret, app.ctx.now());
    reply.removeHeader('WWW-Authenticate');
    const window = await limiter.take(caller.key.id);
    reply.header('RateLimit-Limit', String(window.limit));
    reply.header('RateLimit-Remaining', String(window.remaining));
    reply.header('RateLimit-Reset', String(Math.max(0, Math.ceil(window.resetMs / 1000))));
    if (!window.allowed) throw rateLimited('Too many requests for this API key; wait and try again.', window.resetMs);
    if (scope && !caller.key.scopes.includes(scope))
      throw new AppError(403, 'INSUFFICIENT_SCOPE', `This API key does not have the ${scope} scope.`, { scope });
    request.apiCaller = caller;
  });
  // Idempotency compares the body as sent, before validation trims or fills anything in.
  app.addHook('preValidation', async (request) => {
    if (request.method === 'POST' && request.headers['idempotency-key']) request.requestHash = hashRequest(request);
  });

  const audit = (caller: ApiCaller, action: string, entityType: string, entityId: string, after?: unknown) =>
    writeAudit(db, { actorId: caller.user.id, apiKeyId: caller.key.id, action, entityType, entityId, after });

  // ——— The document and the caller ———
  app.get('/openapi.json', { config: { apiScope: 'public' }, schema: { hide: true } }, async (_request, reply) =>
    reply.type('application/json').send(app.swagger()),
  );

  {
    const d = doc(null, 'Account', 'getMe', 'The key and the user it acts as');
    app.get(
      '/me',
      { config: d.config, schema: { ...d.meta, response: { 200: v1MeSchema, ...errors } } },
      async (request) => {
        const { user, key } = callerOf(request);
        return {
          user: { id: user.id, firstName: user.firstName, lastName: user.lastName, email: user.email },
          key,
        };
      },
    );
  }

  // ——— Leads ———
  /** A personal key: the leads of the user's cards. A brokerage key: the team's leads. */
  const leadScope = (caller: ApiCaller) =>
    caller.key.brokerageId
      ? eq(inquiries.brokerageId, caller.key.brokerageId)
      : inArray(
          inquiries.businessCardId,
          db.select({ id: businessCards.id }).from(businessCards).where(eq(businessCards.userId, caller.user.id)),
        );
  const loadLeads = async (ids: string[]) =>
    ids.length
      ? (
          await db
            .select(leadColumns)
            .from(inquiries)
            .innerJoin(businessCards, eq(businessCards.id, inquiries.businessCardId))
            .where(inArray(inquiries.id, ids))
        ).map(toLead)
      : [];
  {
    const d = doc(
      'leads:read',
      'Leads',
      'listLeads',
      'List leads',
      'The leads of your cards; with a brokerage key, the leads of the whole team.',
    );
    app.get(
      '/leads',
      {
        config: d.config,
        schema: { ...d.meta, querystring: v1PageQuery, response: { 200: v1Page(v1LeadSchema), ...errors } },
      },
      async (request) => {
        const page = await pageIds(db, inquiries, inquiries, leadScope(callerOf(request)), request.query);
        const items = await loadLeads(page.ids);
        return { items: inPageOrder(page.ids, items, (l) => l.id), next_cursor: page.next_cursor };
      },
    );
  }
  {
    const d = doc('leads:read', 'Leads', 'getLead', 'Get a lead');
    app.get(
      '/leads/:id',
      { config: d.config, schema: { ...d.meta, params: v1IdParams, response: { 200: v1LeadSchema, ...withNotFound } } },
      async (request) => {
        const [row] = await db
          .select({ id: inquiries.id })
          .from(inquiries)
          .where(and(eq(inquiries.id, request.params.id), leadScope(callerOf(request))));
        const [lead] = row ? await loadLeads([row.id]) : [];
        if (!lead) throw notFound('Lead not found', 'LEAD_NOT_FOUND');
        return lead;
      },
    );
  }

  // ——— Contacts ———
  {
    const d = doc('contacts:read', 'Contacts', 'listContacts', 'List contacts', 'Your contact book.');
    app.get(
      '/contacts',
      {
        config: d.config,
        schema: { ...d.meta, querystring: v1PageQuery, response: { 200: v1Page(contactSchema), ...errors } },
      },
      async (request) => {
        const page = await pageIds(
          db,
          contacts,
          contacts,
          eq(contacts.ownerId, callerOf(request).user.id),
          request.query,
        );
        const rows = page.ids.length ? await db.select().from(contacts).where(inArray(contacts.id, page.ids)) : [];
        return { items: inPageOrder(page.ids, rows, (r) => r.id).map(toContact), next_cursor: page.next_cursor };
      },
    );
  }
  {
    const d = doc('contacts:read', 'Contacts', 'getContact', 'Get a contact');
    app.get(
      '/contacts/:id',
      {
        config: d.config,
        schema: { ...d.meta, params: v1IdParams, response: { 200: contactSchema, ...withNotFound } },
      },
      async (request) => getContact(db, callerOf(request).user.id, request.params.id),
    );
  }
  {
    const d = doc(
      'contacts:write',
      'Contacts',
      'createContact',
      'Create a contact',
      'Answers the new contact with the ones it may duplicate (same e-mail or phone). Sends contact.created.',
    );
    app.post(
      '/contacts',
      {
        config: d.config,
        schema: {
          ...d.meta,
          headers: idempotencyHeaders,
          body: contactCreateSchema,
          response: { 201: contactCreatedSchema, ...forPost },
        },
      },
      async (request, reply) => {
        const caller = callerOf(request);
        return idempotent(db, request, reply, caller.key.id, 201, async () => {
          const created = await createContact(db, caller.user.id, request.body);
          await audit(caller, 'contact.create', 'contact', created.id);
          return created;
        });
      },
    );
  }
  {
    const d = doc('contacts:write', 'Contacts', 'updateContact', 'Change a contact', 'Sends contact.updated.');
    app.patch(
      '/contacts/:id',
      {
        config: d.config,
        schema: {
          ...d.meta,
          params: v1IdParams,
          body: atLeastOneField(contactUpdateSchema),
          response: { 200: contactSchema, ...withNotFound },
        },
      },
      async (request) => {
        const caller = callerOf(request);
        const updated = await updateContact(db, caller.user.id, request.params.id, request.body);
        await audit(caller, 'contact.update', 'contact', updated.id, { fields: Object.keys(request.body) });
        return updated;
      },
    );
  }
  {
    const d = doc('contacts:write', 'Contacts', 'deleteContact', 'Delete a contact');
    app.delete(
      '/contacts/:id',
      {
        config: d.config,
        schema: {
          ...d.meta,
          params: v1IdParams,
          response: { 204: z.null().describe('Done; no body.'), ...withNotFound },
        },
      },
      async (request, reply) => {
        const caller = callerOf(request);
        await deleteContact(db, caller.user.id, request.params.id);
        await audit(caller, 'contact.delete', 'contact', request.params.id);
        return reply.code(204).send(null);
      },
    );
  }

  // ——— Cards ———
  const loadCards = async (userId: string, ids: string[]) =>
    inPageOrder(ids, await ownCardsByIds(db, userId, ids), (c) => c.id);
  {
    const d = doc(
      'cards:read',
      'Cards',
      'listCards',
      'List your cards',
      'Every card of yours, whatever its review state.',
    );
    app.get(
      '/cards',
      {
        config: d.config,
        schema: { ...d.meta, querystring: v1PageQuery, response: { 200: v1Page(cardSchema), ...errors } },
      },
      async (request) => {
        const userId = callerOf(request).user.id;
        const page = await pageIds(db, businessCards, businessCards, eq(businessCards.userId, userId), request.query);
        return { items: await loadCards(userId, page.ids), next_cursor: page.next_cursor };
      },
    );
  }
  {
    const d = doc('cards:read', 'Cards', 'getCard', 'Get one of your cards');
    app.get(
      '/cards/:id',
      { config: d.config, schema: { ...d.meta, params: v1IdParams, response: { 200: cardSchema, ...withNotFound } } },
      async (request) => {
        const [card] = await loadCards(callerOf(request).user.id, [request.params.id]);
        if (!card) throw notFound('Business card not found', 'CARD_NOT_FOUND');
        return card;
      },
    );
  }

  // ——— Listings ———
  const loadListings = async (userId: string, ids: string[]) =>
    inPageOrder(ids, await ownListingsByIds(db, userId, ids), (p) => p.id);
  {
    const d = doc(
      'listings:read',
      'Listings',
      'listListings',
      'List your listings',
      'Every listing of yours, with its review state (`approvalStatus`) and any edit waiting for review.',
    );
    app.get(
      '/listings',
      {
        config: d.config,
        schema: { ...d.meta, querystring: v1PageQuery, response: { 200: v1Page(propertySchema), ...errors } },
      },
      async (request) => {
        const userId = callerOf(request).user.id;
        const page = await pageIds(db, properties, properties, eq(properties.userId, userId), request.query);
        return { items: await loadListings(userId, page.ids), next_cursor: page.next_cursor };
      },
    );
  }
  {
    const d = doc('listings:read', 'Listings', 'getListing', 'Get one of your listings');
    app.get(
      '/listings/:id',
      {
        config: d.config,
        schema: { ...d.meta, params: v1IdParams, response: { 200: propertySchema, ...withNotFound } },
      },
      async (request) => {
        const [listing] = await loadListings(callerOf(request).user.id, [request.params.id]);
        if (!listing) throw notFound('Property not found', 'PROPERTY_NOT_FOUND');
        return listing;
      },
    );
  }
  {
    const d = doc(
      'listings:write',
      'Listings',
      'createListing',
      'Create a listing',
      'The listing waits for review like one made in the app (`approvalStatus: pending`); listing.approved is sent once approved. Brokers and developers only.',
    );
    app.post(
      '/listings',
      {
        config: d.config,
        schema: {
          ...d.meta,
          headers: idempotencyHeaders,
          body: propertyInputSchema,
          response: { 201: propertySchema, ...forPost },
        },
      },
      async (request, reply) => {
        const caller = callerOf(request);
        return idempotent(db, request, reply, caller.key.id, 201, async () => {
          const created = await listings.create(caller.user, request.body);
          await audit(caller, 'property.create', 'property', created.id);
          return created;
        });
      },
    );
  }
  {
    const d = doc(
      'listings:write',
      'Listings',
      'updateListing',
      'Change a listing',
      'An approved listing stays listed as it is while the change waits for review (`pendingRevision`); a pending or rejected one is changed and waits for review.',
    );
    app.patch(
      '/listings/:id',
      {
        config: d.config,
        schema: {
          ...d.meta,
          params: v1IdParams,
          body: atLeastOneField(propertyPatchSchema),
          response: { 200: propertySchema, ...withNotFound },
        },
      },
      async (request) => {
        const caller = callerOf(request);
        const [mine] = await db
          .select({ id: properties.id })
          .from(properties)
          .where(and(eq(properties.id, request.params.id), eq(properties.userId, caller.user.id)));
        if (!mine) throw notFound('Property not found', 'PROPERTY_NOT_FOUND');
        const updated = await listings.update(caller.user, mine.id, request.body);
        await audit(caller, 'property.update', 'property', updated.id, { fields: Object.keys(request.body) });
        return updated;
      },
    );
  }

  // ——— Webhooks (REST hooks) ———
  /** A brokerage key manages the brokerage's endpoints; a personal key the user's own. */
  const ownerOf = (caller: ApiCaller): WebhookOwner =>
    caller.key.brokerageId ? { brokerageId: caller.key.brokerageId } : { userId: caller.user.id };
  {
    const d = doc(
      'webhooks:manage',
      'Webhooks',
      'createWebhook',
      'Subscribe a URL to events',
      'The REST-hook "subscribe" call: answers the endpoint with its signing `secret`, shown this once. Deliveries are described under Webhooks.',
    );
    app.post(
      '/webhooks',
      {
        config: d.config,
        schema: {
          ...d.meta,
          headers: idempotencyHeaders,
          body: createWebhookBody,
          response: { 201: createdWebhookSchema, ...forPost },
        },
      },
      async (request, reply) => {
        const caller = callerOf(request);
        return idempotent(db, request, reply, caller.key.id, 201, async () => {
          const created = await createEndpoint(db, webhookSettings, ownerOf(caller), request.body);
          await audit(caller, 'webhook.create', 'webhook_endpoint', created.id, {
            url: created.url,
            events: created.events,
          });
          return created;
        });
      },
    );
  }
  {
    const d = doc('webhooks:manage', 'Webhooks', 'listWebhooks', 'List subscribed endpoints');
    app.get(
      '/webhooks',
      {
        config: d.config,
        schema: { ...d.meta, response: { 200: z.object({ items: z.array(webhookEndpointSchema) }), ...errors } },
      },
      async (request) => ({ items: await listEndpoints(db, ownerOf(callerOf(request))) }),
    );
  }
  {
    const d = doc('webhooks:manage', 'Webhooks', 'getWebhook', 'Get an endpoint');
    app.get(
      '/webhooks/:id',
      {
        config: d.config,
        schema: { ...d.meta, params: v1IdParams, response: { 200: webhookEndpointSchema, ...withNotFound } },
      },
      async (request) => getEndpoint(db, ownerOf(callerOf(request)), request.params.id),
    );
  }
  {
    const d = doc(
      'webhooks:manage',
      'Webhooks',
      'deleteWebhook',
      'Unsubscribe an endpoint',
      'The REST-hook "unsubscribe" call.',
    );
    app.delete(
      '/webhooks/:id',
      {
        config: d.config,
        schema: {
          ...d.meta,
          params: v1IdParams,
          response: { 204: z.null().describe('Done; no body.'), ...withNotFound },
        },
      },
      async (request, reply) => {
        const caller = callerOf(request);
        await deleteEndpoint(db, ownerOf(caller), request.params.id);
        await audit(caller, 'webhook.delete', 'webhook_endpoint', request.params.id);
        return reply.code(204).send(null);
      },
    );
  }
  {
    const d = doc('webhooks:manage', 'Webhooks', 'listWebhookDeliveries', 'An endpoint’s deliveries, newest first');
    app.get(
      '/webhooks/:id/deliveries',
      {
        config: d.config,
        schema: {
          ...d.meta,
          params: v1IdParams,
          querystring: deliveriesQuery,
          response: { 200: deliveriesPageSchema, ...withNotFound },
        },
      },
      async (request) => listDeliveries(db, ownerOf(callerOf(request)), request.params.id, request.query),
    );
  }
  {
    const d = doc(
      'webhooks:manage',
      'Webhooks',
      'retryWebhookDelivery',
      'Send a delivery again',
      'Queues the delivery for another attempt now.',
    );
    app.post(
      '/webhooks/:id/deliveries/:deliveryId/retry',
      {
        config: d.config,
        schema: { ...d.meta, params: webhookDeliveryParams, response: { 200: webhookDeliverySchema, ...withNotFound } },
      },
      async (request) => {
        const caller = callerOf(request);
        const delivery = await retryDelivery(db, ownerOf(caller), request.params.id, request.params.deliveryId);
        await audit(caller, 'webhook.retry', 'webhook_delivery', delivery.id);
        return delivery;
      },
    );
  }
};
