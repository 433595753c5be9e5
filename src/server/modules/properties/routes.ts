import { atLeastOneField } from '../../../core/schemas/common';
/**
 * Property listings: the public list and page, the owner's listing
 * CRUD and the admin's approve/reject.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { uuidParam } from '../../../core/schemas/common';
import { offMarketReason } from '../../../core/permits';
import {
  mineQuerySchema,
  propertyDetailSchema,
  propertyInputSchema,
  propertyPatchSchema,
  propertyQuerySchema,
  propertyApproveSchema,
  propertyRejectSchema,
  propertySchema,
} from '../../../core/schemas/properties';
import { loadUser, requireAdmin, requireUser, userOf } from '../auth/guards';
import { queryKey, sendCachedList } from '../../platform/list-cache';
import { findPropertyRow, listOwnerProperties, listProperties, listPropertiesAfter } from './repository';
import { schedulePermitNotices } from './permit-notices';
import { createPropertyService, listingDay } from './service';
import { propertyShareRoutes } from './share-routes';

export const propertyRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createPropertyService(app.ctx, app.log);
  const db = app.ctx.db;
  await app.register(propertyShareRoutes, { requireUser, userOf });
  schedulePermitNotices(app.ctx, app.log, {
    onReady: (fn) => app.addHook('onReady', fn),
    onClose: (fn) => app.addHook('onClose', fn),
  });

  app.get(
    '/properties',
    { schema: { querystring: propertyQuerySchema, response: { 200: z.array(propertySchema) } } },
    async (request, reply) => {
      const { city, type, ...q } = request.query;
      // The same for every visitor: served from the short-lived list cache.
      // The day is part of the key: a listing whose permit ended yesterday is not served from a
      // page cached before midnight.
      const today = listingDay(app.ctx);
      const page = await app.ctx.lists.get(queryKey('properties', { ...request.query, today }), async () => {
        const { after, ...f } = { ...q, type, emirate: city, today };
        const { items, ...rest } = after ? await listPropertiesAfter(db, { ...f, after }) : await listProperties(db, f);
        return { body: JSON.stringify(items), ...rest };
      });
      return sendCachedList(reply, page);
    },
  );

  app.get(
    '/properties/mine',
    { preHandler: requireUser, schema: { querystring: mineQuerySchema, response: { 200: z.array(propertySchema) } } },
    async (request, reply) => {
      const { items, total } = await listOwnerProperties(db, userOf(request).id, request.query);
      reply.header('X-Total-Count', String(total));
      return items;
    },
  );

  app.get(
    '/properties/:id',
    { schema: { params: uuidParam, response: { 200: propertyDetailSchema } } },
    async (request) => service.get(request.params.id, await loadUser(request)),
  );

  app.post(
    '/properties',
    { preHandler: requireUser, schema: { body: propertyInputSchema, response: { 201: propertySchema } } },
    async (request, reply) => reply.status(201).send(await service.create(userOf(request), request.body)),
  );

  app.patch(
    '/properties/:id',
    {
      preHandler: requireUser,
      schema: { params: uuidParam, body: atLeastOneField(propertyPatchSchema), response: { 200: propertySchema } },
    },
    async (request) => service.update(userOf(request), request.params.id, request.body),
  );

  app.delete('/properties/:id', { preHandler: requireUser, schema: { params: uuidParam } }, async (request, reply) => {
    await service.remove(userOf(request), request.params.id);
    return reply.status(204).send();
  });

  app.patch(
    '/admin/properties/:id/approve',
    {
      preHandler: requireAdmin,
      schema: { params: uuidParam, body: propertyApproveSchema, response: { 200: propertySchema } },
    },
    async (request) => service.approve(userOf(request), request.params.id, request.body),
  );

  app.patch(
    '/admin/properties/:id/reject',
    {
      preHandler: requireAdmin,
      schema: { params: uuidParam, body: propertyRejectSchema, response: { 200: propertySchema } },
    },
    async (request) => service.reject(userOf(request), request.params.id, request.body.reason, request.body),
  );

  // The listing's page (the app shell): an unknown listing answers 404, so search engines see no
  // soft 404; the app still shows its not-found page. A listing that exists answers 200 in any
  // state: the app shows a pending one to its owner and admins, and not-found to anyone else.
  // A sold or let listing's page, or one whose permit expired, stays reachable (its link may be
  // out there) but asks search engines to drop it, as the sitemap already has.
  app.pageRenderers.set('/properties/:id', async (params, _request, reply) => {
    const row = uuidParam.safeParse(params).success ? await findPropertyRow(db, params.id) : undefined;
    if (!row) reply.code(404);
    else if (offMarketReason(row.p, listingDay(app.ctx))) reply.header('X-Robots-Tag', 'noindex');
    return null;
  });
};
