/** The health module's public face: all that other code may import from it. */
export { healthRoutes } from './routes';
