/** The public API (/api/v1), opened by API keys only. */
export { publicApiRoutes } from './routes';
