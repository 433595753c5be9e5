/**
 * Professional services: the catalogue from the business_services table,
 * "become a provider" (approved by default) and the admin's text edit and hide switch.
 * Rules and SQL are in ./service and ./repository.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { uuidParam } from '../../../core/schemas/common';
import {
  serviceHideSchema,
  serviceInputSchema,
  serviceQuerySchema,
  serviceSchema,
  serviceTextSchema,
} from '../../../core/schemas/services';
import { requireAdmin, requireUser, userOf } from '../auth/guards';
import { createServicesService } from './service';

export const serviceRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = createServicesService(app.ctx);

  app.get(
    '/services',
    { schema: { querystring: serviceQuerySchema, response: { 200: z.array(serviceSchema) } } },
    async (request, reply) => {
      const { items, total } = await services.list(request.query);
      reply.header('X-Total-Count', String(total));
      return items;
    },
  );

  app.post(
    '/services',
    { preHandler: requireUser, schema: { body: serviceInputSchema, response: { 201: serviceSchema } } },
    async (request, reply) => reply.status(201).send(await services.create(userOf(request), request.body)),
  );

  app.get(
    '/admin/services',
    {
      preHandler: requireAdmin,
      schema: { querystring: serviceQuerySchema, response: { 200: z.array(serviceSchema) } },
    },
    async (request, reply) => {
      const { items, total } = await services.list(request.query, { includeHidden: true });
      reply.header('X-Total-Count', String(total));
      return items;
    },
  );

  app.patch(
    '/admin/services/:id',
    {
      preHandler: requireAdmin,
      schema: { params: uuidParam, body: serviceTextSchema, response: { 200: serviceSchema } },
    },
    async (request) => services.editText(userOf(request), request.params.id, request.body),
  );

  app.patch(
    '/admin/services/:id/hide',
    {
      preHandler: requireAdmin,
      schema: { params: uuidParam, body: serviceHideSchema, response: { 200: serviceSchema } },
    },
    async (request) => services.setHidden(userOf(request), request.params.id, request.body.hidden),
  );
};
