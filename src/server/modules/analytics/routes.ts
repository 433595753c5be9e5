/**
 * Analytics over time (docs/decisions/015-card-analytics.md). The events themselves
 * are recorded by the card routes (view, vCard, the page's beacon) and the lead forms.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { analyticsQuerySchema, cardAnalyticsSchema, teamAnalyticsSchema } from '../../../core/schemas/analytics';
import { text } from '../../../core/schemas/common';
import { notFound } from '../../errors';
import { requireUser, userOf } from '../auth/guards';
import { CARD_NOT_FOUND, findCardRow } from '../cards/service';
import { createAnalyticsService } from './service';

const idParams = z.object({ id: text().max(100) });

export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const analytics = createAnalyticsService(app.ctx);

  // The owner, or the owner or a manager of the owner's brokerage; 404 for everyone else.
  app.get(
    '/analytics/cards/:id',
    {
      preHandler: requireUser,
      schema: { params: idParams, querystring: analyticsQuerySchema, response: { 200: cardAnalyticsSchema } },
    },
    async (request, reply) => {
      const row = await findCardRow(app.ctx.db, request.params.id);
      if (!row) throw notFound(CARD_NOT_FOUND, 'CARD_NOT_FOUND');
      reply.header('Cache-Control', 'private, no-cache');
      return analytics.forCard(userOf(request).id, row.card, request.query.days);
    },
  );

  // The team dashboard: owner and managers of the brokerage only.
  app.get(
    '/brokerages/:id/analytics',
    {
      preHandler: requireUser,
      schema: { params: idParams, querystring: analyticsQuerySchema, response: { 200: teamAnalyticsSchema } },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-cache');
      return analytics.forTeam(userOf(request).id, request.params.id, request.query.days);
    },
  );
};
