/** The signature module's public face: all that other code may import from it. */
export { signatureRoutes } from './routes';
