/** Smart search and investor matching (issue 4): GET /api/search and GET /api/recommendations. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recommendationsSchema, searchQuerySchema, searchResponseSchema } from '../../../core/schemas/search';
import { createSearchRefiner } from '../../platform/ai/search-refiner';
import { requireUser, userOf } from '../auth/guards';
import { createSearchService } from './service';

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const ai = app.ctx.config.ai;
  const service = createSearchService(app.ctx, ai ? createSearchRefiner(ai) : null);

  app.get(
    '/search',
    { schema: { querystring: searchQuerySchema, response: { 200: searchResponseSchema } } },
    async (request) => service.search(request.query.q, request.query.limit, request.query.without ?? []),
  );

  app.get(
    '/recommendations',
    { preHandler: requireUser, schema: { response: { 200: recommendationsSchema } } },
    async (request) => service.recommend(userOf(request)),
  );
};
