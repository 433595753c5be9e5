/**
 * buildApp(config) → a Fastify instance with every module registered. main.ts only reads the
 * config and listens; tests call buildApp with their own database and app.inject().
 */
import { createListCache } from './platform/list-cache';
import { watchListVersion } from './platform/list-version';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type RouteOptions } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { AsyncLocalStorage } from 'node:async_hooks';
import crypto from 'node:crypto';
import path from 'node:path';
import type { Config } from './config';
import type { AppContext, RouteEntry } from './context';
import type { Database } from './db/client';
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from './db/faults';

/** What a browser shows for a page while the database is away; it reloads itself. */
const UNAVAILABLE_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta http-equiv="refresh" content="${RETRY_AFTER_SECONDS * 5}"><meta name="robots" content="noindex">
<title>Bitaqa is briefly unavailable</title></head>
<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#0f172a">
<h1>Bitaqa is briefly unavailable</h1><p>Please try again in a few seconds. This page reloads by itself.</p>
<div lang="ar" dir="rtl"><h1>بطاقة غير متاحة مؤقتًا</h1><p>يرجى المحاولة مرة أخرى بعد بضع ثوانٍ. ستُعاد تحميل هذه الصفحة تلقائيًا.</p></div>
</body></html>`;
import { AppError, errorBody, frameworkErrorCode } from './errors';
import { registerHttpSecurity } from './http-security';
import { registerModules } from './modules';
import { pwaRoutes } from './modules/pwa';
import { healthRoutes } from './modules/health';
import { seoRoutes } from './modules/seo';
import { apiDocsRoutes } from './modules/public-api/docs';
import { loadUser } from './modules/auth/guards';
import { createMailer, type Mailer } from './platform/mail/mailer';
import { attachmentResolvers, type OutboxOptions, OutboxWorker } from './platform/mail/outbox';
import { invoiceAttachmentResolver } from './modules/invoices/invoices';
import { leadVcardAttachmentResolver } from './modules/inquiries/lead-vcard';
import { registerMetrics } from './platform/metrics';
import { registerRealtime } from './platform/realtime/plugin';
import { createRateLimits } from './platform/rate-limit';
import { PgSessionStore } from './platform/session-store';
import { registerSessions } from './platform/deferred-session';
import { createObjectStore } from './platform/storage/object-store';
import { type UploadOptions, Uploads } from './platform/storage/uploads';
import { registerWeb } from './web';
import { LIMITS } from '../core/limits';

export interface BuildOptions {
  config: Config;
  database: Database;
  /** The e-mail transport (tests pass one that records). */
  mailer?: Mailer;
  /** Where log lines go (default stdout); tests read them. */
  logStream?: NodeJS.WritableStream;
  /** Outbox worker timings (tests shorten the retry delays). */
  outbox?: Partial<OutboxOptions>;
  /** Serve the built front end from dist/web (off in API tests). */
  serveWeb?: boolean;
  /** Called for every route as it is registered (the access-control matrix test reads the table). */
  onRoute?: (route: RouteOptions) => void;
  /** Where the built front end is (default dist/web); tests build their own. */
  webDist?: string;
  /** The clock for time-limited links (default: the real time); tests move it forward. */
  now?: () => Date;
  /** Upload sweep timings (tests shorten the grace period or call sweep() themselves). */
  uploads?: Partial<UploadOptions>;
}

/** A request id a proxy may hand us: short and plain, so it cannot forge log content. */
const FORWARDED_REQUEST_ID = /^[\w.:-]{1,128}$/;

export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = opts;
  // The request a log line belongs to, also for loggers that are not the request's own.
  const requestScope = new AsyncLocalStorage<{ reqId: string }>();
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            ...(opts.logStream ? { stream: opts.logStream } : {}),
            // Readable logs in a terminal during development; JSON lines everywhere else.
            ...(process.stdout.isTTY && config.env === 'development'
              ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } }
              : {}),
            redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
            // Every line written while a request runs carries its id, whichever logger wrote it.
            mixin(_obj, _level, logger) {
              const scope = requestScope.getStore();
              if (!scope || 'reqId' in logger.bindings()) return {};
              return { reqId: scope.reqId };
            },
          },
    // Request ids: ours, or the one the trusted proxy sends in X-Request-Id.
    requestIdHeader: false,
    genReqId: (req) => {
      const forwarded = config.trustProxy !== false ? req.headers['x-request-id'] : undefined;
      return typeof forwarded === 'string' && FORWARDED_REQUEST_ID.test(forwarded) ? forwarded : crypto.randomUUID();
    },
    // X-Forwarded-For is believed only from the proxies TRUST_PROXY names.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (
            (hops: number) => (_address: string, hop: number) =>
              hop < hops
          )(config.trustProxy)
        : config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Errors Fastify meets before routing (a broken %-escape in the path, an unsupported
    // content-type header) leave in the same { message, code } shape as every other answer.
    frameworkErrors: (error, _request, reply) => {
      const badUrl = error.code === 'FST_ERR_BAD_URL';
      // Typed for the route it never reached; it is an ordinary reply.
      void (reply as FastifyReply)
        .status(error.statusCode ?? 400)
        .send(errorBody(frameworkErrorCode(error), badUrl ? 'This address is not valid.' : error.message));
    },
  });
  if (opts.onRoute) app.addHook('onRoute', opts.onRoute);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    requestScope.run({ reqId: request.id }, done);
  });
  // Every route as registered, for tests that walk all of them (fuzzing, access matrix).
  const routeTable: RouteEntry[] = [];
  app.addHook('onRoute', (r) => {
    const methods = Array.isArray(r.method) ? r.method : [r.method];
    for (const method of methods)
      routeTable.push({ method, url: r.url, schema: r.schema, websocket: 'websocket' in r && Boolean(r.websocket) });
  });
  app.decorate('routeTable', routeTable);
  // Graceful stop: once closing, every response ends its keep-alive connection, so
  // server.close() completes as soon as the requests in flight are answered.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) reply.header('connection', 'close');
    return payload;
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const mailer =
    opts.mailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: path.join(config.dataDir, 'outbox'),
      log: app.log,
      logLinks: config.env === 'development',
    });
  // E-mail leaves through the outbox table; the worker starts once the app is ready
  // and stops (finishing the message in hand) before the database closes.
  const outbox = new OutboxWorker(
    database,
    mailer,
    app.log.child({ component: 'outbox' }),
    opts.outbox,
    attachmentResolvers(invoiceAttachmentResolver(database.db), leadVcardAttachmentResolver(database.db)),
  );
  app.addHook('onReady', async () => outbox.start());
  app.addHook('onClose', async () => outbox.close());
  const limits = createRateLimits({
    db: database.db,
    redisUrl: config.redisUrl,
    scale: config.rateLimitScale,
    log: app.log,
  });
  app.addHook('onClose', async () => limits.close());
  const now = opts.now ?? (() => new Date());
  // Photos in the local folder or S3-compatible storage, recorded in the uploads table;
  // the sweep of unused ones runs once the app is ready and stops before the database closes.
  const uploads = new Uploads(
    database,
    createObjectStore(config.storage),
    now,
    app.log.child({ component: 'uploads' }),
    opts.uploads,
  );
  app.addHook('onReady', async () => uploads.start());
  app.addHook('onClose', async () => uploads.close());
  const listVersion = await watchListVersion(database, {
    push: config.listVersionPush,
    log: app.log.child({ component: 'list-version' }),
  });
  app.addHook('onClose', async () => listVersion.close());
  // A write answered here is seen by this process's next read at once, before its notification.
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'OPTIONS') listVersion.suspect();
    return payload;
  });
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    mailer,
    outbox,
    limits,
    lists: createListCache(listVersion.current),
    listVersion,
    uploads,
    now,
  };
  app.decorate('ctx', ctx);
  app.decorate('headProviders', new Map());
  app.decorate('pageRenderers', new Map());

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string> = {};
      for (const v of error.validation) {
        const field =
          v.instancePath.replace(/^\//, '').replace(/\//g, '.') ||
          String((v.params as { missingProperty?: string })?.missingProperty ?? '') ||
          '_';
        errors[field] ??= v.message ?? 'Invalid value';
      }
      const first = Object.values(errors)[0] ?? 'Invalid request';
      return reply.status(400).send({ ...errorBody('VALIDATION_FAILED', first), errors });
    }
    if (error instanceof AppError) {
      const retryAfter = error.details?.retryAfter;
      if (typeof retryAfter === 'number') reply.header('Retry-After', String(retryAfter));
      return reply.status(error.statusCode).send({ ...errorBody(error.code, error.message), ...(error.details ?? {}) });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send(errorBody('INTERNAL', 'Internal Server Error'));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, body too large, wrong content type.
      const json = error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError;
      const message = json ? 'Malformed JSON in request body' : error.message;
      return reply.status(status).send(errorBody(json ? 'MALFORMED_JSON' : frameworkErrorCode(error), message));
    }
    if (isDatabaseUnavailable(error)) {
      // The database is away (restart, failover, terminated backend): weather, not a bug.
      request.log.warn({ err: error }, 'database unavailable');
      reply.status(503).header('retry-after', String(RETRY_AFTER_SECONDS)).header('cache-control', 'no-store');
      if (
        request.method === 'GET' &&
        !request.url.startsWith('/api/') &&
        /text\/html/.test(request.headers.accept ?? '')
      ) {
        // A page (the public card page, say) opened in a browser: a page that says so, in both languages.
        return reply.type('text/html; charset=utf-8').send(UNAVAILABLE_PAGE);
      }
      return reply.send(
        errorBody(
          'DATABASE_UNAVAILABLE',
          'The service is briefly unavailable (database connection lost). Please try again in a few seconds.',
        ),
      );
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(errorBody('INTERNAL', 'Internal Server Error'));
  });

  await registerHttpSecurity(app, config);
  // Before any route, so every route is measured.
  await registerMetrics(app);
  // Brotli or gzip for every text answer (HTML, JSON, scripts, styles, SVG).
  await app.register(fastifyCompress, { encodings: ['br', 'gzip'], threshold: 1024 });
  await app.register(fastifyCookie);
  const store = new PgSessionStore(database.db);
  // @fastify/session, building a visitor's session only when something reads it.
  await registerSessions(app, {
    secret: config.sessionSecret,
    cookieName: 'bitaqa.sid',
    saveUninitialized: false,
    rolling: false,
    store,
    cookie: {
      httpOnly: true,
      sameSite: 'lax',
      secure: config.publicUrl.startsWith('https://'),
      path: '/',
      maxAge: LIMITS.sessionTtlMs,
    },
  });
  const purge = setInterval(
    () => {
      store.purgeExpired().catch((err) => app.log.warn({ err }, 'session purge failed'));
    },
    60 * 60 * 1000,
  );
  purge.unref();
  app.addHook('onClose', async () => clearInterval(purge));

  // The messaging socket at /ws, before the modules that publish on it.
  await registerRealtime(app, {
    identify: async (request) => (await loadUser(request))?.id ?? null,
    stillValid: async (request, userId) => {
      const sid = request.session?.sessionId;
      return !!sid && store.belongsTo(sid, userId);
    },
    liveSessions: (sids) => store.liveSessions(sids),
  });
  await app.register(healthRoutes);
  await app.register(registerModules, { prefix: '/api' });
  await app.register(seoRoutes);
  await app.register(pwaRoutes);
  await app.register(apiDocsRoutes);
  if (opts.serveWeb !== false) await registerWeb(app, opts.webDist);
  else
    app.setNotFoundHandler((request, reply) => {
      reply.status(404).send(errorBody('NOT_FOUND', `Route ${request.method} ${request.url.split('?')[0]} not found`));
    });
  return app;
}
