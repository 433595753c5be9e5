/** The seo module's public face: all that other code may import from it. */
export { seoRoutes } from './routes';
