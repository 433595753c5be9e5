/** Leads API: the public contact form and the owner's Leads tab. */
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
import { exchangeCreateSchema } from '../../../core/schemas/exchange';
import { loadUser, requireUser, userOf } from '../auth/guards';
import { createExchangeService } from './exchange';
import { mailLang } from '../../platform/mail/templates';
import { buildLeadVCard, leadVCardFileName } from './lead-vcard';
import { createInquiryService } from './service';

export const inquiryRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createInquiryService(app.ctx, app.log);
  const exchange = createExchangeService(app.ctx);

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

  // A visitor shares their details back; stored as a lead with source "exchange".
  app.post(
    '/business-cards/:id/exchange',
    {
      schema: {
        params: z.object({ id: text().max(100) }),
        body: exchangeCreateSchema,
        response: { 201: z.object({ message: z.string() }) },
      },
    },
    async (request, reply) => {
      await exchange.create(request.params.id, request.body, request.ip, await loadUser(request));
      // The same answer whether or not the honeypot caught it, so a bot learns nothing.
      return reply.status(201).send({ message: 'Your details have been shared.' });
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

  // The lead as a vCard, for the card's owner only.
  app.get(
    '/inquiries/:id/vcard',
    { preHandler: requireUser, schema: { params: uuidParam } },
    async (request, reply) => {
      const owner = userOf(request);
      const lead = await service.getOwned(owner, request.params.id);
      return reply
        .header('Content-Type', 'text/vcard; charset=utf-8')
        .header('Content-Disposition', leadVCardFileName(lead.inquirerName))
        .header('Cache-Control', 'private, no-store')
        .send(
          buildLeadVCard(
            { ...lead, createdAt: new Date(lead.createdAt) },
            lead.cardName,
            mailLang(owner.preferredLanguage),
          ),
        );
    },
  );
};
