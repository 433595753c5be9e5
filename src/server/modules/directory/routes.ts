/**
 * The professional directory (§7; issue 4): GET /api/business-cards/public. The cards
 * module owns the other /business-cards routes; Fastify matches this static path before /:id.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { directoryCardSchema, directoryQuerySchema } from '../../../core/schemas/directory';
import { queryKey, sendCachedList } from '../../platform/list-cache';
import { listDirectory } from './repository';

export const directoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/business-cards/public',
    { schema: { querystring: directoryQuerySchema, response: { 200: z.array(directoryCardSchema) } } },
    async (request, reply) => {
      const { city, ...q } = request.query;
      // The same for every visitor: served from the short-lived list cache.
      const page = await app.ctx.lists.get(queryKey('directory', request.query), async () => {
        const { items, total } = await listDirectory(app.ctx.db, { ...q, emirate: city });
        return { body: JSON.stringify(items), total };
      });
      return sendCachedList(reply, page);
    },
  );
};
