/**
 * The settings page's API key routes (cookie session only: a key never manages keys). The secret
 * is in the answer to the create and nowhere else, ever.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiKeyCreatedSchema, apiKeyCreateSchema, apiKeyListSchema } from '../../../core/schemas/api-keys';
import { uuidParam } from '../../../core/schemas/common';
import { requireUser, userOf } from '../auth/guards';
import { createKey, listKeys, revokeKey } from './service';

export const apiKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  app.addHook('preHandler', requireUser);
  // The secret must not linger in a browser or proxy cache.
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('Cache-Control', 'no-store');
    return payload;
  });

  app.get('/api-keys', { schema: { response: { 200: apiKeyListSchema } } }, async (request) =>
    listKeys(db, userOf(request)),
  );

  app.post(
    '/api-keys',
    { schema: { body: apiKeyCreateSchema, response: { 201: apiKeyCreatedSchema } } },
    async (request, reply) =>
      reply.code(201).send(await db.transaction((tx) => createKey(tx, userOf(request), request.body, app.ctx.now()))),
  );

  app.delete('/api-keys/:id', { schema: { params: uuidParam } }, async (request, reply) => {
    await db.transaction((tx) => revokeKey(tx, userOf(request), request.params.id, app.ctx.now()));
    return reply.code(204).send();
  });
};
