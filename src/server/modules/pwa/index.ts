/** The pwa module's public face: all that other code may import from it. */
export { pwaRoutes } from './routes';
