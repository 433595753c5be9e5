/**
 * GET /api/stats/public: the counts behind every figure a public page shows ("60+ brokers"), so
 * the landing and services pages claim only what a visitor can find. Served through the public
 * list cache: keyed by the list version, so a newly approved card moves the figure at once.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicStatsSchema } from '../../../core/schemas/stats';
import { businessServices } from '../../db/schema';
import { queryKey, sendJsonText } from '../../platform/list-cache';
import { countListedCards } from '../directory/service';
import { countListedProperties, listingDay } from '../properties/service';

export const statsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/stats/public', { schema: { response: { 200: publicStatsSchema } } }, async (_request, reply) => {
    const today = listingDay(app.ctx);
    const page = await app.ctx.lists.get(queryKey('stats/public', { today }), async () => {
      const db = app.ctx.db;
      const [cards, listings, [services]] = await Promise.all([
        countListedCards(db),
        countListedProperties(db, today),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(businessServices)
          .where(eq(businessServices.isApproved, true)),
      ]);
      const body = { ...cards, listings, services: services.n };
      return { body: JSON.stringify(body), total: 1 };
    });
    return sendJsonText(reply, page.body);
  });
};
