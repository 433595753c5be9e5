/**
 * The professional directory: GET /api/business-cards/public. The cards
 * module owns the other /business-cards routes; Fastify matches this static path before /:id.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { directoryCardSchema, directoryQuerySchema } from '../../../core/schemas/directory';
import { queryKey, sendCachedList } from '../../platform/list-cache';
import { listDirectory, listDirectoryAfter } from './repository';

export const directoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/business-cards/public',
    { schema: { querystring: directoryQuerySchema, response: { 200: z.array(directoryCardSchema) } } },
    async (request, reply) => {
      const { city, ...q } = request.query;
      // The same for every visitor: served from the short-lived list cache.
      const page = await app.ctx.lists.get(queryKey('directory', request.query), async () => {
        const { after, ...f } = { ...q, emirate: city };
        const { items, ...rest } = after
          ? await listDirectoryAfter(app.ctx.db, { ...f, after })
          : await listDirectory(app.ctx.db, f);
        return { body: JSON.stringify(items), ...rest };
      });
      return sendCachedList(reply, page);
    },
  );
};
