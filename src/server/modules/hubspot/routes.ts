/**
 * The settings page's HubSpot routes (cookie session). `?scope=brokerage` (or `brokerageId` in
 * the connect body) acts for the signed-in user's brokerage, which only its owner or a manager
 * may do; anyone else gets a 404 like a brokerage that does not exist.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  connectHubspotBody,
  hubspotScopeQuery,
  hubspotStatusSchema,
  hubspotSyncsQuery,
  hubspotSyncsSchema,
  hubspotTestSchema,
} from '../../../core/schemas/hubspot';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import { requireUser, userOf } from '../auth/guards';
import { membershipOf } from '../brokerages/service';
import {
  connect,
  disconnect,
  type HubspotOwner,
  type HubspotSettings,
  listSyncs,
  statusOf,
  testConnection,
} from './service';
import { defaultHubspotWorkerOptions, HubspotWorker } from './worker';

const workers = new WeakMap<AppContext, HubspotWorker>();
/** This process's sync worker (tests drain it instead of waiting). */
export function hubspotWorkerOf(ctx: AppContext): HubspotWorker | undefined {
  return workers.get(ctx);
}

export function hubspotSettingsOf(ctx: AppContext): HubspotSettings {
  return { totpKey: ctx.config.totpKey, basePath: ctx.config.hubspotApiBase };
}

export const hubspotRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  const settings = hubspotSettingsOf(app.ctx);
  const worker = new HubspotWorker(
    app.ctx.database,
    app.log.child({ component: 'hubspot' }),
    defaultHubspotWorkerOptions({
      totpKey: settings.totpKey,
      basePath: settings.basePath,
      clock: app.ctx.now,
      publicUrl: app.ctx.config.publicUrl,
    }),
  );
  workers.set(app.ctx, worker);
  app.addHook('onReady', async () => worker.start());
  app.addHook('onClose', async () => worker.close());

  async function ownerOf(request: FastifyRequest, brokerageId?: string): Promise<HubspotOwner> {
    const user = userOf(request);
    const { scope } = hubspotScopeQuery.parse({ scope: (request.query as { scope?: string } | undefined)?.scope });
    if (scope === 'me' && !brokerageId) return { userId: user.id };
    const m = await membershipOf(db, user.id);
    if (!m || (m.role !== 'owner' && m.role !== 'manager') || (brokerageId && brokerageId !== m.brokerage.id))
      throw notFound('Brokerage not found', 'BROKERAGE_NOT_FOUND');
    return { brokerageId: m.brokerage.id };
  }

  app.addHook('preHandler', requireUser);
  const q = hubspotScopeQuery.partial();
  app.get(
    '/integrations/hubspot',
    { schema: { querystring: q, response: { 200: hubspotStatusSchema } } },
    async (request) => statusOf(db, await ownerOf(request)),
  );
  app.put(
    '/integrations/hubspot',
    { schema: { querystring: q, body: connectHubspotBody, response: { 200: hubspotStatusSchema } } },
    async (request) => {
      const owner = await ownerOf(request, request.body.brokerageId);
      return connect(db, settings, owner, userOf(request).id, request.body.token);
    },
  );
  app.post(
    '/integrations/hubspot/test',
    { schema: { querystring: q, response: { 200: hubspotTestSchema } } },
    async (request) => testConnection(db, settings, await ownerOf(request)),
  );
  app.delete('/integrations/hubspot', { schema: { querystring: q } }, async (request, reply) => {
    await disconnect(db, await ownerOf(request));
    return reply.code(204).send();
  });
  app.get(
    '/integrations/hubspot/syncs',
    { schema: { querystring: hubspotSyncsQuery, response: { 200: hubspotSyncsSchema } } },
    async (request) => ({ items: await listSyncs(db, await ownerOf(request), request.query) }),
  );
};
