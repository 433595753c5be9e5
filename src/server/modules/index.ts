/**
 * Every API module, registered under /api. A new module adds one line here.
 */
import type { FastifyPluginAsync } from 'fastify';
import { authRoutes } from './auth/routes';
import { subscriptionRoutes } from './subscription/routes';
import { messagingRoutes } from './messaging/routes';

export const registerModules: FastifyPluginAsync = async (app) => {
  await app.register(authRoutes);
  await app.register(subscriptionRoutes);
  await app.register(messagingRoutes);
};
