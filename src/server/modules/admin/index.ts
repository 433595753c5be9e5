/** The admin module's public face: all that other code may import from it. */
export { adminRoutes } from './routes';
