/** The places module's public face: all that other code may import from it. */
export { placeRoutes } from './routes';
export { placeOrThrow } from './service';
