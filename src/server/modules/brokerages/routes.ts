/**
 * Brokerage API. Every route checks the caller's membership and role on the server
 * (team-service.ts); the public brokerage answers from the list cache like the directory.
 *
 *   POST   /brokerages                               create (real estate brokers), caller = owner
 *   GET    /brokerages/my                            my membership, brokerage and role (or null)
 *   PATCH  /brokerages/{id}                          edit (owner, manager)
 *   DELETE /brokerages/{id}                          delete (owner)
 *   GET    /brokerages/{id}/members                  members (any member)
 *   PATCH  /brokerages/{id}/members/{userId}         change role (owner)
 *   DELETE /brokerages/{id}/members/{userId}         remove (owner; manager: members only)
 *   POST   /brokerages/{id}/leave                    leave (not the last owner)
 *   GET    /brokerages/{id}/invitations              open invitations (owner, manager)
 *   POST   /brokerages/{id}/invitations              invite by e-mail (owner; manager: members only)
 *   DELETE /brokerages/{id}/invitations/{invId}      withdraw (owner, manager)
 *   GET    /brokerages/invitations/{token}           what the invitation page shows (anyone with the link)
 *   POST   /brokerages/invitations/{token}/accept    accept (signed in with the invited e-mail)
 *   POST   /brokerages/invitations/{token}/decline   decline (same)
 *   GET    /brokerages/{slug}                        public: details, verified flag, listed brokers, listings
 *   GET    /admin/brokerages, PATCH /admin/brokerages/{id}/orn   admin: list, verify the ORN
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminBrokerageSchema,
  brokerageInputSchema,
  brokerageSchema,
  brokerageUpdateSchema,
  invitationInputSchema,
  invitationPreviewSchema,
  invitationSchema,
  invitationTokenParams,
  memberRoleUpdateSchema,
  memberSchema,
  myBrokerageSchema,
  ornVerifySchema,
  publicBrokerageQuerySchema,
  slugParams,
} from '../../../core/schemas/brokerages';
import { atLeastOneField, pagination, text } from '../../../core/schemas/common';
import { notFound } from '../../errors';
import { queryKey, sendCachedList } from '../../platform/list-cache';
import { requireAdmin, requireUser, userOf } from '../auth/guards';
import { registerBrokeragePage } from './page';
import { publicBrokerage } from './public';
import { createBrokerageTeamService } from './team-service';

const uuid = () => text().uuid('Not a valid id');
const idParams = z.object({ id: uuid() });
const memberParams = z.object({ id: uuid(), userId: uuid() });
const invitationParams = z.object({ id: uuid(), invitationId: uuid() });

export const brokerageRoutes: FastifyPluginAsyncZod = async (app) => {
  const team = createBrokerageTeamService(app.ctx);
  const auth = { preHandler: requireUser };
  registerBrokeragePage(app);

  app.post(
    '/brokerages',
    { ...auth, schema: { body: brokerageInputSchema, response: { 201: myBrokerageSchema } } },
    async (request, reply) => reply.status(201).send(await team.create(userOf(request), request.body)),
  );

  app.get('/brokerages/my', { ...auth, schema: { response: { 200: myBrokerageSchema } } }, async (request) =>
    team.mine(userOf(request)),
  );

  app.patch(
    '/brokerages/:id',
    {
      ...auth,
      schema: { params: idParams, body: atLeastOneField(brokerageUpdateSchema), response: { 200: brokerageSchema } },
    },
    async (request) => team.update(userOf(request), request.params.id, request.body),
  );

  app.delete('/brokerages/:id', { ...auth, schema: { params: idParams } }, async (request, reply) => {
    await team.remove(userOf(request), request.params.id);
    return reply.status(204).send();
  });

  app.get(
    '/brokerages/:id/members',
    { ...auth, schema: { params: idParams, response: { 200: z.array(memberSchema) } } },
    async (request) => team.members(userOf(request), request.params.id),
  );

  app.patch(
    '/brokerages/:id/members/:userId',
    {
      ...auth,
      schema: { params: memberParams, body: memberRoleUpdateSchema, response: { 200: z.array(memberSchema) } },
    },
    async (request) => team.setRole(userOf(request), request.params.id, request.params.userId, request.body.role),
  );

  app.delete(
    '/brokerages/:id/members/:userId',
    { ...auth, schema: { params: memberParams } },
    async (request, reply) => {
      await team.removeMember(userOf(request), request.params.id, request.params.userId);
      return reply.status(204).send();
    },
  );

  app.post('/brokerages/:id/leave', { ...auth, schema: { params: idParams } }, async (request, reply) => {
    await team.leave(userOf(request), request.params.id);
    return reply.status(204).send();
  });

  app.get(
    '/brokerages/:id/invitations',
    { ...auth, schema: { params: idParams, response: { 200: z.array(invitationSchema) } } },
    async (request) => team.invitations(userOf(request), request.params.id),
  );

  app.post(
    '/brokerages/:id/invitations',
    { ...auth, schema: { params: idParams, body: invitationInputSchema, response: { 201: invitationSchema } } },
    async (request, reply) =>
      reply.status(201).send(await team.invite(userOf(request), request.params.id, request.body)),
  );

  app.delete(
    '/brokerages/:id/invitations/:invitationId',
    { ...auth, schema: { params: invitationParams } },
    async (request, reply) => {
      await team.revoke(userOf(request), request.params.id, request.params.invitationId);
      return reply.status(204).send();
    },
  );

  app.get(
    '/brokerages/invitations/:token',
    { schema: { params: invitationTokenParams, response: { 200: invitationPreviewSchema } } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return team.preview(request.params.token);
    },
  );

  app.post(
    '/brokerages/invitations/:token/accept',
    { ...auth, schema: { params: invitationTokenParams, response: { 200: myBrokerageSchema } } },
    async (request) => team.accept(userOf(request), request.params.token),
  );

  app.post(
    '/brokerages/invitations/:token/decline',
    { ...auth, schema: { params: invitationTokenParams } },
    async (request, reply) => {
      await team.decline(userOf(request), request.params.token);
      return reply.status(204).send();
    },
  );

  // The same for every visitor until a brokerage, member, card or user changes (list version).
  app.get(
    '/brokerages/:slug',
    { schema: { params: slugParams, querystring: publicBrokerageQuerySchema } },
    async (request, reply) => {
      const { slug } = request.params;
      const page = await app.ctx.lists.get(queryKey(`brokerage/${slug}`, request.query), async () => {
        const found = await publicBrokerage(app.ctx.db, slug, request.query);
        return { body: JSON.stringify(found), total: found?.members.length ?? 0 };
      });
      if (page.body === 'null') throw notFound('Brokerage not found', 'BROKERAGE_NOT_FOUND');
      return sendCachedList(reply, page);
    },
  );

  app.get(
    '/admin/brokerages',
    { preHandler: requireAdmin, schema: { querystring: pagination, response: { 200: z.array(adminBrokerageSchema) } } },
    async (request) => team.listForAdmin(request.query),
  );

  app.patch(
    '/admin/brokerages/:id/orn',
    {
      preHandler: requireAdmin,
      schema: { params: idParams, body: ornVerifySchema, response: { 200: brokerageSchema } },
    },
    async (request) => team.setOrnVerified(userOf(request), request.params.id, request.body.verified),
  );
};
