/** The wallet module's public face: all that other code may import from it. */
export { walletRoutes } from './routes';
