/** Broker subscription API. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { uuidParam } from '../../../core/schemas/common';
import {
  invoiceListSchema,
  invoicePdfQuerySchema,
  subscriptionInfoSchema,
  subscriptionIntentSchema,
  testConfirmResultSchema,
  testConfirmSchema,
} from '../../../core/schemas/subscription';
import { notFound } from '../../errors';
import { findOwnInvoice, invoiceSummary, listInvoices } from '../invoices/invoices';
import { invoiceFileName, renderInvoicePdf } from '../invoices/pdf';
import { requireUser, userOf } from '../auth/guards';
import { scheduleSubscriptionMaintenance } from './expiry';
import { createSubscriptionService } from './service';

export const subscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createSubscriptionService(app.ctx, app.log);
  scheduleSubscriptionMaintenance(app.ctx, app.log, {
    onReady: (fn) => app.addHook('onReady', fn),
    onClose: (fn) => app.addHook('onClose', fn),
  });

  app.post(
    '/get-or-create-subscription',
    { preHandler: requireUser, schema: { response: { 200: subscriptionIntentSchema } } },
    async (request) => service.start(userOf(request)),
  );

  app.get(
    '/subscription',
    { preHandler: requireUser, schema: { response: { 200: subscriptionInfoSchema } } },
    async (request) => service.info(userOf(request)),
  );

  app.post(
    '/subscription/test-confirm',
    { preHandler: requireUser, schema: { body: testConfirmSchema, response: { 200: testConfirmResultSchema } } },
    async (request) => service.confirmTestPayment(userOf(request), request.body),
  );

  // Tax invoices: only the owner sees or downloads one; another user's id is 404.
  app.get(
    '/subscription/invoices',
    { preHandler: requireUser, schema: { response: { 200: invoiceListSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const rows = await listInvoices(app.ctx.db, userOf(request).id);
      return { invoices: rows.map(invoiceSummary) };
    },
  );

  app.get(
    '/subscription/invoices/:id/pdf',
    { preHandler: requireUser, schema: { params: uuidParam, querystring: invoicePdfQuerySchema } },
    async (request, reply) => {
      const user = userOf(request);
      const invoice = await findOwnInvoice(app.ctx.db, user.id, request.params.id);
      if (!invoice) throw notFound('Invoice not found', 'INVOICE_NOT_FOUND');
      const lang = request.query.lang ?? (user.preferredLanguage === 'ar' ? 'ar' : 'en');
      const pdf = await renderInvoicePdf(invoice, lang);
      const name = invoiceFileName(invoice);
      return reply
        .type('application/pdf')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(pdf);
    },
  );

  // Stripe signs the exact bytes it sent, so this one route reads the body raw. The parser is
  // registered inside this child plugin only; every other route keeps the JSON parser.
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_request, body, done) =>
      done(null, body),
    );
    raw.post(
      '/stripe/webhook',
      { schema: { response: { 200: z.object({ received: z.literal(true), duplicate: z.boolean() }) } } },
      async (request) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.from('');
        const signature = request.headers['stripe-signature'];
        const result = await service.handleStripeWebhook(body, Array.isArray(signature) ? signature[0] : signature);
        return { received: true as const, duplicate: result.duplicate };
      },
    );
  });
};
