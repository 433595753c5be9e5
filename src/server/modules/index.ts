/**
 * Every API module, registered under /api. A new module adds one line here.
 */
import type { FastifyPluginAsync } from 'fastify';
import { authRoutes } from './auth/routes';
import { logoutRoutes } from './auth/logout';
import { cardRoutes } from './cards/routes';
import { subscriptionRoutes } from './subscription/routes';
import { inquiryRoutes } from './inquiries/routes';
import { adminRoutes } from './admin';
import { moderationRoutes } from './moderation';
import { accountRoutes } from './account/routes';
import { messagingRoutes } from './messaging/routes';
import { directoryRoutes } from './directory/routes';
import { propertyRoutes } from './properties/routes';
import { searchRoutes } from './search';
import { serviceRoutes } from './services/routes';
import { uploadRoutes } from './uploads/routes';
import { placeRoutes } from './places';
import { signatureRoutes } from './signature';
import { printRoutes } from './print';
import { walletRoutes } from './wallet';
import { brokerageRoutes } from './brokerages/routes';
import { teamRoutes } from './team/routes';
import { analyticsRoutes } from './analytics/routes';
import { registerRoutes } from './registers/routes';
import { contactRoutes } from './contacts';
import { contactScanRoutes } from './contact-scan';
import { webhookRoutes } from './webhooks';
import { apiKeyRoutes } from './api-keys';
import { publicApiRoutes } from './public-api';
import { hubspotRoutes } from './hubspot';
import { statsRoutes } from './stats';

export const registerModules: FastifyPluginAsync = async (app) => {
  await app.register(authRoutes);
  await app.register(logoutRoutes);
  await app.register(cardRoutes);
  await app.register(subscriptionRoutes);
  await app.register(inquiryRoutes);
  await app.register(adminRoutes);
  await app.register(moderationRoutes);
  await app.register(accountRoutes);
  await app.register(messagingRoutes);
  await app.register(directoryRoutes);
  await app.register(propertyRoutes);
  await app.register(searchRoutes);
  await app.register(serviceRoutes);
  await app.register(uploadRoutes);
  await app.register(placeRoutes);
  await app.register(signatureRoutes);
  await app.register(printRoutes);
  await app.register(walletRoutes);
  await app.register(brokerageRoutes);
  await app.register(teamRoutes);
  await app.register(analyticsRoutes);
  await app.register(registerRoutes);
  await app.register(contactRoutes);
  await app.register(contactScanRoutes);
  await app.register(webhookRoutes);
  await app.register(apiKeyRoutes);
  // Its own encapsulated plugin: API-key authentication, per-key limits and its OpenAPI document.
  await app.register(publicApiRoutes, { prefix: '/v1' });
  await app.register(hubspotRoutes);
  await app.register(statsRoutes);
};
