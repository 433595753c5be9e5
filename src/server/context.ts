import type { FastifySchema } from 'fastify';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { Mailer } from './platform/mail/mailer';
import type { OutboxWorker } from './platform/mail/outbox';
import type { ListCache } from './platform/list-cache';
import type { ListVersion } from './platform/list-version';
import type { RateLimits } from './platform/rate-limit';
import type { Uploads } from './platform/storage/uploads';

/** What every module needs, decorated on the Fastify instance as `app.ctx`. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  /** The transport the outbox worker sends through (never called from a request). */
  mailer: Mailer;
  /** Sends what services queued with queueMail; `drain()` waits for it in tests. */
  outbox: OutboxWorker;
  /** Shared rate limits (platform/rate-limit): every module counts through these. */
  limits: RateLimits;
  /** The public lists' short-lived cache, keyed by the committed list version. */
  lists: ListCache;
  /** The committed list version every public cache is filed under, pushed by NOTIFY. */
  listVersion: ListVersion;
  /** Uploaded objects: the store (local folder or S3) and the uploads table. */
  uploads: Uploads;
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
