/** Smart search and investor matching: GET /api/search and GET /api/recommendations. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recommendationsSchema, searchQuerySchema, searchResponseSchema } from '../../../core/schemas/search';
import { cachedRefiner } from '../../platform/ai/cached-refiner';
import { createSearchRefiner } from '../../platform/ai/search-refiner';
import { queryKey, sendJsonText } from '../../platform/list-cache';
import { RATE_RULES } from '../../platform/rate-limit/rules';
import { requireUser, userOf } from '../auth/guards';
import { uaeToday } from '../../../core/permits';
import { createSearchService } from './service';

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, limits } = app.ctx;
  const ai = config.ai;
  const refiner = ai
    ? cachedRefiner(createSearchRefiner(ai), {
        limiter: limits.limiter('search-ai', RATE_RULES.searchAi),
        points: RATE_RULES.searchAi.points,
      })
    : null;
  const service = createSearchService(app.ctx, refiner);
  const searchLimit = limits.limiter('search', RATE_RULES.search);

  app.get(
    '/search',
    { schema: { querystring: searchQuerySchema, response: { 200: searchResponseSchema } } },
    async (request, reply) => {
      await searchLimit.consume(request.ip, 'Too many searches from your network. Please wait a minute.');
      const { q, limit, without, exact } = request.query;
      // The same for every visitor: kept like the public lists, under the committed list version
      //, so a popular search (and a relaxed dead end) is worked out once per change.
      // The day is in the key too: a listing whose permit ended yesterday is not found today.
      const today = uaeToday(app.ctx.now());
      const page = await app.ctx.lists.get(queryKey('search', { q, limit, without, exact, today }), async () => ({
        body: JSON.stringify(await service.search(q, limit, without ?? [], request.ip, exact === '1')),
        total: 0,
      }));
      return sendJsonText(reply, page.body);
    },
  );

  app.get(
    '/recommendations',
    { preHandler: requireUser, schema: { response: { 200: recommendationsSchema } } },
    async (request) => service.recommend(userOf(request)),
  );
};
