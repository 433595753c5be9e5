/** The print module's public face: all that other code may import from it. */
export { printRoutes } from './routes';
