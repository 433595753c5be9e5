/** Admin control center API. Every route: 401 signed out, 403 for other roles. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminStatsSchema,
  adminUserListSchema,
  adminUserSchema,
  adminUsersQuerySchema,
  auditLogQuerySchema,
  auditLogSchema,
  suspendUserSchema,
} from '../../../core/schemas/admin';
import { uuidParam } from '../../../core/schemas/common';
import { requireAdmin, userOf } from '../auth/guards';
import { createAdminService } from './service';
import { platformStats } from './stats';

export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createAdminService(app.ctx);
  app.addHook('preHandler', requireAdmin);

  app.get('/admin/stats', { schema: { response: { 200: adminStatsSchema } } }, async () => platformStats(app.ctx.db));

  app.get(
    '/admin/users',
    { schema: { querystring: adminUsersQuerySchema, response: { 200: adminUserListSchema } } },
    async (request) => service.users(request.query),
  );

  app.get('/admin/users/export.csv', async (request, reply) => {
    const csv = await service.exportUsersCsv(userOf(request));
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="bitaqa-users-${day}.csv"`)
      .header('Cache-Control', 'no-store')
      .send(csv);
  });

  app.patch(
    '/admin/users/:id/suspend',
    { schema: { params: uuidParam, body: suspendUserSchema, response: { 200: adminUserSchema } } },
    async (request) => {
      const updated = await service.setSuspended(userOf(request), request.params.id, request.body.suspended);
      // A suspended user's open sockets close with their sessions, everywhere.
      if (request.body.suspended) await app.realtime.endSessions({ userId: request.params.id });
      return updated;
    },
  );

  app.get(
    '/admin/audit-log',
    { schema: { querystring: auditLogQuerySchema, response: { 200: auditLogSchema } } },
    async (request) => service.auditLog(request.query),
  );
};
