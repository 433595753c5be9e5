import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { Mailer } from './platform/mail/mailer';

/** What every module needs, decorated on the Fastify instance as `app.ctx`. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  mailer: Mailer;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
