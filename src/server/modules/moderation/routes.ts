/**
 * The admin review queue: every read of what waits for review, under the URLs the API
 * already had (pending card approvals, pending listings, the paged review queue). Admin
 * only: 401 signed out, 403 any other role. Decisions are routes of the cards and properties modules.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LIMITS } from '../../../core/limits';
import { reviewQueueQuerySchema, reviewQueueSchema } from '../../../core/schemas/admin';
import { pendingApprovalsSchema } from '../../../core/schemas/card';
import { pagination } from '../../../core/schemas/common';
import { pendingPropertiesSchema } from '../../../core/schemas/properties';
import { requireAdmin } from '../auth/guards';
import { createModerationService } from './service';

export const moderationRoutes: FastifyPluginAsyncZod = async (app) => {
  const moderation = createModerationService(app.ctx);
  app.addHook('preHandler', requireAdmin);

  app.get(
    '/admin/pending-approvals',
    { schema: { querystring: pagination, response: { 200: pendingApprovalsSchema } } },
    async (request) => moderation.pendingApprovals(request.query),
  );

  // The first 3 pending listings, each with Approve.
  app.get(
    '/admin/properties/pending',
    {
      schema: {
        querystring: z.object({
          limit: z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).default(LIMITS.adminPendingProperties),
        }),
        response: { 200: pendingPropertiesSchema },
      },
    },
    async (request) => moderation.pendingProperties(request.query.limit),
  );

  app.get(
    '/admin/review-queue',
    { schema: { querystring: reviewQueueQuerySchema, response: { 200: reviewQueueSchema } } },
    async (request) => moderation.reviewQueue(request.query),
  );
};
