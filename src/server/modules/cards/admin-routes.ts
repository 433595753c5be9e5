/** Admin review of cards. Admin only: 401 signed out, 403 any other role. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cardLicenseUpdateSchema, cardSchema, cardStatusUpdateSchema } from '../../../core/schemas/card';
import { text } from '../../../core/schemas/common';
import { requireAdmin, userOf } from '../auth/guards';
import { createCardAdminService } from './admin-service';

const idParams = z.object({ id: text().max(100) });

export const cardAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = createCardAdminService(app.ctx);

  app.patch(
    '/admin/business-cards/:id/status',
    {
      preHandler: requireAdmin,
      schema: { params: idParams, body: cardStatusUpdateSchema, response: { 200: cardSchema } },
    },
    async (request) => admin.setStatus(userOf(request), request.params.id, request.body, request.log),
  );

  app.patch(
    '/admin/business-cards/:id/license',
    {
      preHandler: requireAdmin,
      schema: { params: idParams, body: cardLicenseUpdateSchema, response: { 200: cardSchema } },
    },
    async (request) => admin.setLicense(userOf(request), request.params.id, request.body.verified),
  );
};
