import type { FastifySchema } from 'fastify';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { Mailer } from './platform/mail/mailer';
import type { RateLimits } from './platform/rate-limit';

/** What every module needs, decorated on the Fastify instance as `app.ctx`. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  mailer: Mailer;
  /** Shared rate limits (platform/rate-limit): every module counts through these. */
  limits: RateLimits;
  /** The current time; tests inject their own clock to test expiry without waiting. */
  now: () => Date;
}

/** One registered route (method, path pattern, declared schemas). */
export interface RouteEntry {
  method: string;
  url: string;
  schema?: FastifySchema;
  websocket: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** Every route of the app, filled as routes register. */
    routeTable: RouteEntry[];
  }
}
