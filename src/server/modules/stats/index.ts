/** The stats module's public face: all that other code may import from it. */
export { statsRoutes } from './routes';
