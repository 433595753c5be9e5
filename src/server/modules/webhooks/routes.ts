/**
 * The settings page's webhook routes (cookie session). `?scope=brokerage` acts for the signed-in
 * user's brokerage, which only its owner or a manager may do; anyone else, and any endpoint of
 * another owner, gets a 404 like a missing one.
 */
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createdWebhookSchema,
  createWebhookBody,
  deliveriesPageSchema,
  deliveriesQuery,
  webhookDeliveryParams,
  webhookDeliverySchema,
  webhookEndpointSchema,
  webhookIdParams,
} from '../../../core/schemas/webhooks';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import { requireUser, userOf } from '../auth/guards';
import { membershipOf } from '../brokerages/service';
import {
  createEndpoint,
  deleteEndpoint,
  enableEndpoint,
  getEndpoint,
  listDeliveries,
  listEndpoints,
  retryDelivery,
  sendTestEvent,
  type WebhookOwner,
  type WebhookSettings,
} from './service';
import { ThreadedWebhookWorker } from './thread';
import { type DeliveryWorker, defaultWorkerOptions, WebhookWorker } from './worker';

const scopeQuery = z.object({ scope: z.enum(['me', 'brokerage']).default('me') });

const workers = new WeakMap<AppContext, DeliveryWorker>();
/** This process's delivery worker (tests drain it instead of waiting). */
export function webhookWorkerOf(ctx: AppContext): DeliveryWorker | undefined {
  return workers.get(ctx);
}

/**
 * The delivery worker this app runs: in its own thread on PostgreSQL (unless DELIVERY_WORKER
 * says inline; tests default to inline, a thread per test app being slow to start), on the
 * app's event loop on the embedded database, which only the app's own connection can open.
 */
function deliveryWorker(ctx: AppContext, log: FastifyBaseLogger, logLevel: string): DeliveryWorker {
  const settings = webhookSettingsOf(ctx);
  const options = defaultWorkerOptions({
    totpKey: settings.totpKey,
    allowPrivate: settings.allowPrivate,
    requireHttps: settings.requireHttps,
    clock: ctx.now,
    settingsLink: `${ctx.config.publicUrl}/settings/integrations`,
  });
  const url = ctx.database.pool?.options.connectionString;
  const wanted =
    ctx.config.deliveryWorker ?? (ctx.database.kind === 'postgres' && ctx.config.env !== 'test' ? 'thread' : 'inline');
  if (wanted === 'thread' && url)
    return new ThreadedWebhookWorker({ url, poolSize: options.connections, options, log, logLevel });
  if (wanted === 'thread')
    log.warn({}, 'DELIVERY_WORKER=thread needs PostgreSQL (DATABASE_URL); webhooks are delivered inline');
  return new WebhookWorker(ctx.database, log, options);
}

export function webhookSettingsOf(ctx: AppContext): WebhookSettings {
  return {
    totpKey: ctx.config.totpKey,
    allowPrivate: ctx.config.webhookAllowPrivate,
    requireHttps: ctx.config.env === 'production',
  };
}

export const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  const settings = webhookSettingsOf(app.ctx);
  const worker = deliveryWorker(
    app.ctx,
    app.log.child({ component: 'webhooks' }),
    app.ctx.config.logLevel === 'silent' ? 'silent' : app.log.level,
  );
  workers.set(app.ctx, worker);
  app.addHook('onReady', async () => worker.start());
  app.addHook('onClose', async () => worker.close());

  async function ownerOf(request: FastifyRequest): Promise<WebhookOwner> {
    const user = userOf(request);
    const { scope } = scopeQuery.parse(request.query ?? {});
    if (scope === 'me') return { userId: user.id };
    const m = await membershipOf(db, user.id);
    if (!m || (m.role !== 'owner' && m.role !== 'manager'))
      throw notFound('Brokerage not found', 'BROKERAGE_NOT_FOUND');
    return { brokerageId: m.brokerage.id };
  }

  {
    app.addHook('preHandler', requireUser);
    const q = scopeQuery.partial();
    app.get(
      '/webhooks',
      { schema: { querystring: q, response: { 200: z.object({ items: z.array(webhookEndpointSchema) }) } } },
      async (request) => ({ items: await listEndpoints(db, await ownerOf(request)) }),
    );
    app.post(
      '/webhooks',
      { schema: { querystring: q, body: createWebhookBody, response: { 201: createdWebhookSchema } } },
      async (request, reply) => {
        const created = await createEndpoint(db, settings, await ownerOf(request), request.body);
        return reply.code(201).send(created);
      },
    );
    app.get(
      '/webhooks/:id',
      { schema: { querystring: q, params: webhookIdParams, response: { 200: webhookEndpointSchema } } },
      async (request) => getEndpoint(db, await ownerOf(request), request.params.id),
    );
    app.delete('/webhooks/:id', { schema: { querystring: q, params: webhookIdParams } }, async (request, reply) => {
      await deleteEndpoint(db, await ownerOf(request), request.params.id);
      return reply.code(204).send();
    });
    app.post(
      '/webhooks/:id/enable',
      { schema: { querystring: q, params: webhookIdParams, response: { 200: webhookEndpointSchema } } },
      async (request) => enableEndpoint(db, await ownerOf(request), request.params.id),
    );
    app.get(
      '/webhooks/:id/deliveries',
      {
        schema: {
          querystring: deliveriesQuery.extend(q.shape),
          params: webhookIdParams,
          response: { 200: deliveriesPageSchema },
        },
      },
      async (request) => listDeliveries(db, await ownerOf(request), request.params.id, request.query),
    );
    app.post(
      '/webhooks/:id/deliveries/:deliveryId/retry',
      { schema: { querystring: q, params: webhookDeliveryParams, response: { 200: webhookDeliverySchema } } },
      async (request) => retryDelivery(db, await ownerOf(request), request.params.id, request.params.deliveryId),
    );
    app.post(
      '/webhooks/:id/test',
      { schema: { querystring: q, params: webhookIdParams, response: { 200: webhookDeliverySchema } } },
      async (request) => sendTestEvent(db, await ownerOf(request), request.params.id),
    );
  }
};
