/**
 * Team API: team leads (/api/brokerages/{id}/leads…) and seat
 * billing (/api/brokerages/{id}/seats…). Every route checks the caller's current membership.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { uuidParam } from '../../../core/schemas/common';
import {
  leadNoteCreateSchema,
  leadNoteListSchema,
  leadNotesQuerySchema,
  leadNoteSchema,
  leadParams,
  seatCheckoutSchema,
  seatConfirmResultSchema,
  seatIntentSchema,
  seatOverviewSchema,
  seatTestConfirmSchema,
  teamLeadListSchema,
  teamLeadSchema,
  teamLeadsQuerySchema,
  teamLeadUpdateSchema,
} from '../../../core/schemas/team';
import { requireUser, userOf } from '../auth/guards';
import { onStripeSeatPayment } from '../subscription/service';
import { createTeamLeadService } from './leads-service';
import { createSeatService } from './seats-service';

export const teamRoutes: FastifyPluginAsyncZod = async (app) => {
  const leads = createTeamLeadService(app.ctx);
  const seats = createSeatService(app.ctx, app.log);
  // Seat PaymentIntents arrive through the one Stripe webhook (subscription module).
  onStripeSeatPayment(app.ctx, (e) => seats.handleStripeSeatPayment(e));
  const noStore = { 'cache-control': 'private, no-store' };

  app.get(
    '/brokerages/:id/leads',
    {
      preHandler: requireUser,
      schema: { params: uuidParam, querystring: teamLeadsQuerySchema, response: { 200: teamLeadListSchema } },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return leads.list(userOf(request), request.params.id, request.query);
    },
  );

  app.get(
    '/brokerages/:id/leads.csv',
    {
      preHandler: requireUser,
      schema: { params: uuidParam, querystring: teamLeadsQuerySchema.omit({ cursor: true }) },
    },
    async (request, reply) => {
      const csv = await leads.exportCsv(userOf(request), request.params.id, request.query);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .headers(noStore)
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="bitaqa-team-leads-${day}.csv"`)
        .send(csv);
    },
  );

  app.patch(
    '/brokerages/:id/leads/:leadId',
    {
      preHandler: requireUser,
      schema: { params: leadParams, body: teamLeadUpdateSchema, response: { 200: teamLeadSchema } },
    },
    async (request) => leads.update(userOf(request), request.params.id, request.params.leadId, request.body),
  );

  app.get(
    '/brokerages/:id/leads/:leadId/notes',
    {
      preHandler: requireUser,
      schema: { params: leadParams, querystring: leadNotesQuerySchema, response: { 200: leadNoteListSchema } },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return leads.notes(userOf(request), request.params.id, request.params.leadId, request.query);
    },
  );

  app.post(
    '/brokerages/:id/leads/:leadId/notes',
    {
      preHandler: requireUser,
      schema: { params: leadParams, body: leadNoteCreateSchema, response: { 201: leadNoteSchema } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await leads.addNote(userOf(request), request.params.id, request.params.leadId, request.body.body)),
  );

  app.get(
    '/brokerages/:id/seats',
    { preHandler: requireUser, schema: { params: uuidParam, response: { 200: seatOverviewSchema } } },
    async (request, reply) => {
      reply.headers(noStore);
      return seats.overview(userOf(request), request.params.id);
    },
  );

  app.post(
    '/brokerages/:id/seats/checkout',
    {
      preHandler: requireUser,
      schema: { params: uuidParam, body: seatCheckoutSchema, response: { 200: seatIntentSchema } },
    },
    async (request) => seats.checkout(userOf(request), request.params.id, request.body.userIds),
  );

  app.post(
    '/brokerages/:id/seats/test-confirm',
    {
      preHandler: requireUser,
      schema: { params: uuidParam, body: seatTestConfirmSchema, response: { 200: seatConfirmResultSchema } },
    },
    async (request) => seats.confirmTestPayment(userOf(request), request.params.id, request.body),
  );
};
