/**
 * GET /api/stats/public: the counts behind every figure a public page shows ("60+ brokers"), so
 * the landing and services pages claim only what a visitor can find. Served through the public
 * list cache: keyed by the list version, so a newly approved card moves the figure at once.
 */
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PAID_ROLES } from '../../../core/enums';
import { publicStatsSchema } from '../../../core/schemas/stats';
import { businessCards, businessServices, properties, users } from '../../db/schema';
import { queryKey, sendJsonText } from '../../platform/list-cache';
import { listedCard } from '../directory/repository';
import { listedProperty } from '../properties/repository';

export const statsRoutes: FastifyPluginAsyncZod = async (app) => {
  const count = sql<number>`count(*)::int`;

  app.get('/stats/public', { schema: { response: { 200: publicStatsSchema } } }, async (_request, reply) => {
    const page = await app.ctx.lists.get(queryKey('stats/public', {}), async () => {
      const db = app.ctx.db;
      const [[cards], [brokers], [listings], [services]] = await Promise.all([
        db
          .select({ n: count })
          .from(businessCards)
          .innerJoin(users, eq(users.id, businessCards.userId))
          .where(listedCard),
        db
          .select({ n: sql<number>`count(distinct ${users.id})::int` })
          .from(businessCards)
          .innerJoin(users, eq(users.id, businessCards.userId))
          .where(and(listedCard, inArray(users.role, [...PAID_ROLES])) as SQL),
        db
          .select({ n: count })
          .from(properties)
          .innerJoin(users, eq(users.id, properties.userId))
          .where(listedProperty),
        db.select({ n: count }).from(businessServices).where(eq(businessServices.isApproved, true)),
      ]);
      const body = { cards: cards.n, brokers: brokers.n, listings: listings.n, services: services.n };
      return { body: JSON.stringify(body), total: 1 };
    });
    return sendJsonText(reply, page.body);
  });
};
