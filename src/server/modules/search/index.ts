/** The search module's public face: all that other code may import from it. */
export { searchRoutes } from './routes';
