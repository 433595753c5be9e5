/** API keys: the settings routes, and the check every /api/v1 request goes through. */
export { apiKeyRoutes } from './routes';
export { type ApiCaller, authenticate, createKey, generateSecret, hashSecret, listKeys, revokeKey } from './service';
export { apiIdempotency, apiKeys } from './schema';
