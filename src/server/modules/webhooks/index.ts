/** Webhooks: the public face other modules and the v1 routes use. */
export { checkWebhookUrl, isRefusedAddress, type Resolver, UnsafeUrlError } from './address-guard';
export {
  createEndpoint,
  deleteEndpoint,
  emitContactEvent,
  emitEvent,
  enableEndpoint,
  getEndpoint,
  listDeliveries,
  listEndpoints,
  retryDelivery,
  sendTestEvent,
  WEBHOOK_CHANNEL,
  type WebhookEvent,
  type WebhookOwner,
  type WebhookSettings,
} from './service';
export { signatureHeader } from './signature';
export { defaultWorkerOptions, DISABLE_AFTER_FAILURES, MAX_ATTEMPTS, RETRY_DELAYS_MS, WebhookWorker } from './worker';
export { webhookRoutes, webhookSettingsOf, webhookWorkerOf } from './routes';
export { emitCardReviewEvent, emitLeadEvent, emitListingApproved, emitMemberEvent } from './source-events';
