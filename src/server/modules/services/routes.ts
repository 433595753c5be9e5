/**
 * Professional services (spec §2; issue 4): the catalogue from the business_services table,
 * "become a provider" (approved by default, spec §9) and the admin's hide switch.
 */
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { uuidParam } from '../../../core/schemas/common';
import {
  SERVICE_LIMITS,
  serviceHideSchema,
  serviceInputSchema,
  serviceQuerySchema,
  serviceSchema,
  serviceTextSchema,
  type ServiceInputParsed,
  type ServiceTranslations,
} from '../../../core/schemas/services';
import { businessServices } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { writeAudit } from '../audit/log';
import { requireAdmin, requireUser, userOf } from '../auth/guards';
import { countServicesBy, listServices, toService } from './repository';

/** Keeps only the Arabic fields that were filled in; nothing filled in stores nothing. */
function arabicOf(t: ServiceInputParsed['translations']): ServiceTranslations {
  const ar = Object.fromEntries(
    Object.entries(t?.ar ?? {}).filter(([, v]) => (Array.isArray(v) ? v.length > 0 : Boolean(v))),
  );
  return Object.keys(ar).length ? { ar } : {};
}

export const serviceRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.ctx.db;

  app.get(
    '/services',
    { schema: { querystring: serviceQuerySchema, response: { 200: z.array(serviceSchema) } } },
    async (request, reply) => {
      const { items, total } = await listServices(db, request.query);
      reply.header('X-Total-Count', String(total));
      return items;
    },
  );

  app.post(
    '/services',
    { preHandler: requireUser, schema: { body: serviceInputSchema, response: { 201: serviceSchema } } },
    async (request, reply) => {
      const user = userOf(request);
      if ((await countServicesBy(db, user.id)) >= SERVICE_LIMITS.perUser) {
        throw new AppError(409, 'TOO_MANY_SERVICES', `An account can list at most ${SERVICE_LIMITS.perUser} services.`);
      }
      const b = request.body;
      const contact = Object.fromEntries(
        Object.entries(b.contactInfo ?? {}).filter(([, v]) => typeof v === 'string' && v.trim() !== ''),
      );
      const [row] = await db
        .insert(businessServices)
        .values({
          name: b.name,
          provider: b.provider,
          serviceType: b.serviceType,
          category: b.category,
          description: b.description,
          features: [...new Set(b.features ?? [])],
          priceLabel: b.priceLabel || null,
          priceTier: b.priceTier ?? null,
          city: b.city || null,
          address: b.address || null,
          imageUrl: b.imageUrl || null,
          contactInfo: contact,
          translations: arabicOf(b.translations),
          // spec §9: services are approved by default; an admin can hide one.
          isApproved: true,
          createdBy: user.id,
        })
        .returning();
      return reply.status(201).send(toService(row));
    },
  );

  app.get(
    '/admin/services',
    {
      preHandler: requireAdmin,
      schema: { querystring: serviceQuerySchema, response: { 200: z.array(serviceSchema) } },
    },
    async (request, reply) => {
      const { items, total } = await listServices(db, request.query, { includeHidden: true });
      reply.header('X-Total-Count', String(total));
      return items;
    },
  );

  // Issue 10: the admin edits an entry's English and Arabic text; audited with both versions.
  app.patch(
    '/admin/services/:id',
    {
      preHandler: requireAdmin,
      schema: { params: uuidParam, body: serviceTextSchema, response: { 200: serviceSchema } },
    },
    async (request) => {
      const admin = userOf(request);
      const { id } = request.params;
      const b = request.body;
      const text = {
        name: b.name,
        provider: b.provider,
        description: b.description,
        features: [...new Set(b.features ?? [])],
        priceLabel: b.priceLabel || null,
        translations: arabicOf(b.translations),
      };
      const row = await db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(businessServices)
          .where(eq(businessServices.id, id))
          .for('update')
          .limit(1);
        if (!before) throw notFound('Service not found', 'SERVICE_NOT_FOUND');
        const [after] = await tx.update(businessServices).set(text).where(eq(businessServices.id, id)).returning();
        await writeAudit(tx, {
          actorId: admin.id,
          action: 'service.edit',
          entityType: 'service',
          entityId: id,
          before: {
            name: before.name,
            provider: before.provider,
            description: before.description,
            features: before.features,
            priceLabel: before.priceLabel,
            translations: before.translations,
          },
          after: text,
        });
        return after;
      });
      return toService(row);
    },
  );

  app.patch(
    '/admin/services/:id/hide',
    {
      preHandler: requireAdmin,
      schema: { params: uuidParam, body: serviceHideSchema, response: { 200: serviceSchema } },
    },
    async (request) => {
      const admin = userOf(request);
      const { id } = request.params;
      const isApproved = !request.body.hidden;
      const row = await db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(businessServices)
          .where(eq(businessServices.id, id))
          .for('update')
          .limit(1);
        if (!before) throw notFound('Service not found', 'SERVICE_NOT_FOUND');
        const [after] = await tx
          .update(businessServices)
          .set({ isApproved })
          .where(eq(businessServices.id, id))
          .returning();
        await writeAudit(tx, {
          actorId: admin.id,
          action: isApproved ? 'service.show' : 'service.hide',
          entityType: 'service',
          entityId: id,
          before: { isApproved: before.isApproved },
          after: { isApproved: after.isApproved },
        });
        return after;
      });
      return toService(row);
    },
  );
};
