/**
 * Messaging API. Every route needs a signed-in user; the guard runs on
 * onRequest, before validation, so a signed-out caller gets 401 whatever id or body it sends.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { uuidParam } from '../../../core/schemas/common';
import {
  conversationSchema,
  conversationsQuerySchema,
  markReadResultSchema,
  markReadSchema,
  messageSchema,
  messagesQuerySchema,
  sendMessageSchema,
  startConversationSchema,
  unreadCountSchema,
} from '../../../core/schemas/messaging';
import { rateLimited } from '../../platform/rate-limit';
import { RATE_RULES } from '../../platform/rate-limit/rules';
import { requireUser, userOf } from '../auth/guards';
import { createMessagingService } from './service';

export const messagingRoutes: FastifyPluginAsyncZod = async (app) => {
  const messaging = createMessagingService(app.ctx, app.realtime);
  const messageLimit = app.ctx.limits.limiter('messages', RATE_RULES.messages);
  const newConversations = app.ctx.limits.limiter('new-conversations', RATE_RULES.newConversations);

  app.get(
    '/conversations',
    {
      onRequest: requireUser,
      schema: { querystring: conversationsQuerySchema, response: { 200: z.array(conversationSchema) } },
    },
    async (request) => messaging.list(userOf(request), request.query),
  );

  app.post(
    '/conversations',
    {
      onRequest: requireUser,
      schema: { body: startConversationSchema, response: { 200: conversationSchema, 201: conversationSchema } },
    },
    async (request, reply) => {
      // Only conversations actually opened count against the limit.
      const wait = await newConversations.blockedFor(userOf(request).id);
      if (wait > 0) throw rateLimited('You have started many conversations recently. Please try again later.', wait);
      const { conversation, created } = await messaging.start(userOf(request), request.body.participantId);
      if (created) await newConversations.count(userOf(request).id);
      return reply.status(created ? 201 : 200).send(conversation);
    },
  );

  app.get(
    '/conversations/:id',
    {
      onRequest: requireUser,
      schema: { params: uuidParam, response: { 200: conversationSchema } },
    },
    async (request) => messaging.get(userOf(request), request.params.id),
  );

  app.get(
    '/conversations/:id/messages',
    {
      onRequest: requireUser,
      schema: { params: uuidParam, querystring: messagesQuerySchema, response: { 200: z.array(messageSchema) } },
    },
    async (request) => messaging.messages(userOf(request), request.params.id, request.query),
  );

  app.post(
    '/conversations/:id/read',
    {
      onRequest: requireUser,
      schema: { params: uuidParam, body: markReadSchema, response: { 200: markReadResultSchema } },
    },
    async (request) => ({ marked: await messaging.markRead(userOf(request), request.params.id, request.body?.upTo) }),
  );

  app.post(
    '/messages',
    { onRequest: requireUser, schema: { body: sendMessageSchema, response: { 201: messageSchema } } },
    async (request, reply) => {
      await messageLimit.consume(userOf(request).id, 'You are sending messages too fast. Please wait a moment.');
      return reply.status(201).send(await messaging.send(userOf(request), request.body));
    },
  );

  app.get(
    '/messages/unread-count',
    { onRequest: requireUser, schema: { response: { 200: unreadCountSchema } } },
    async (request) => ({ count: await messaging.unreadCount(userOf(request)) }),
  );
};
