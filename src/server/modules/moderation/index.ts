/** The moderation module's public face: all that other code may import from it. */
export { moderationRoutes } from './routes';
