/** Leads API (issue 6): the public contact form and the owner's Leads tab. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { uuidParam, text } from '../../../core/schemas/common';
import {
  inquiryCreateSchema,
  inquiryListQuerySchema,
  inquiryListSchema,
  inquirySchema,
  inquiryStatusSchema,
} from '../../../core/schemas/inquiry';
import { loadUser, requireUser, userOf } from '../auth/guards';
import { createInquiryService } from './service';

export const inquiryRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createInquiryService(app.ctx, app.log);

  app.post(
    '/business-cards/:id/inquiries',
    {
      schema: {
        params: z.object({ id: text().max(100) }),
        body: inquiryCreateSchema,
        response: { 201: z.object({ message: z.string() }) },
      },
    },
    async (request, reply) => {
      const sender = await loadUser(request);
      await service.create(request.params.id, request.body, request.ip, sender?.id ?? null);
      // The same answer whether or not the honeypot caught it, so a bot learns nothing.
      return reply.status(201).send({ message: 'Your inquiry has been sent. The professional will contact you soon.' });
    },
  );

  app.get(
    '/inquiries',
    { preHandler: requireUser, schema: { querystring: inquiryListQuerySchema, response: { 200: inquiryListSchema } } },
    async (request) => service.list(userOf(request), request.query),
  );

  app.get('/inquiries/export.csv', { preHandler: requireUser }, async (request, reply) => {
    const csv = await service.exportCsv(userOf(request));
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="bitaqa-leads-${day}.csv"`)
      .header('Cache-Control', 'no-store')
      .send(csv);
  });

  app.patch(
    '/inquiries/:id',
    {
      preHandler: requireUser,
      schema: { params: uuidParam, body: inquiryStatusSchema, response: { 200: inquirySchema } },
    },
    async (request) => service.setStatus(userOf(request), request.params.id, request.body.status),
  );
};
