/**
 * @fastify/session, with the session of a visitor who sends no session cookie made only when
 * code asks for it.
 *
 * For every request without a cookie, @fastify/session builds a new Session: a random id, its
 * HMAC signature, a cookie object and a SHA-1 over the session's JSON, taken again on the way
 * out to see whether anything changed. On the public card routes that was about a fifth of
 * the server's CPU under load, for sessions that are never saved (saveUninitialized: false).
 *
 * Here `request.session` is an accessor. For a request without the cookie it builds the same
 * Session through the plugin's own hook the first time it is read (signing in, the socket's
 * check); a visitor's page or download never reads it (loadUser asks sessionUntouched). A
 * session nobody read is fresh and unchanged, so the plugin would neither store it nor set a
 * cookie: its onSend step is skipped. A request with the cookie, valid or not, goes through
 * the plugin exactly as before.
 *
 * The plugin is given a facade instead of the app, which keeps its two hooks and turns its
 * `session` decoration into that accessor. The plugin only decorates and adds hooks; any other
 * call fails when the app starts, not on a request.
 */
import fastifySession, { type FastifySessionOptions } from '@fastify/session';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
  onRequestHookHandler,
  onSendHookHandler,
} from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** The session once built (the `session` accessor reads and writes it). */
    sessionSlot: unknown;
    /** No session cookie came and nobody has read the session yet. */
    sessionDeferred: boolean;
  }
}

/** Whether this request's session was never read: it is then a visitor's fresh, empty session. */
export function sessionUntouched(request: FastifyRequest): boolean {
  return request.sessionDeferred;
}

export async function registerSessions(
  app: FastifyInstance,
  options: FastifySessionOptions & { cookieName: string },
): Promise<void> {
  let onRequest: onRequestHookHandler | undefined;
  let onSend: onSendHookHandler | undefined;
  const noop = (() => {}) as HookHandlerDoneFunction;
  // Both fields are set per request by Fastify's request constructor, so every request keeps one
  // shape; `session` itself is an accessor on the prototype.
  app.decorateRequest('sessionSlot', null);
  app.decorateRequest('sessionDeferred', false);
  const facade = {
    decorate: app.decorate.bind(app),
    decorateRequest(name: string, value: unknown) {
      if (name !== 'session') return app.decorateRequest(name, value);
      app.decorateRequest('session', {
        getter(this: FastifyRequest) {
          if (this.sessionDeferred) {
            // Without a cookie the plugin's hook is synchronous: it assigns the session (through
            // the setter below) and calls back at once.
            this.sessionDeferred = false;
            onRequest?.call(app, this, null as unknown as FastifyReply, noop);
          }
          return this.sessionSlot as FastifyRequest['session'];
        },
        setter(this: FastifyRequest, session: unknown) {
          this.sessionDeferred = false;
          this.sessionSlot = session;
        },
      });
      return facade;
    },
    addHook(name: string, hook: unknown) {
      if (name === 'onRequest') onRequest = hook as onRequestHookHandler;
      else if (name === 'onSend') onSend = hook as onSendHookHandler;
      else throw new Error(`@fastify/session added an unexpected ${name} hook`);
      return facade;
    },
  };
  await new Promise<void>((resolve, reject) =>
    (fastifySession as unknown as (f: unknown, o: unknown, next: (err?: Error) => void) => void)(
      facade,
      options,
      (err) => (err ? reject(err) : resolve()),
    ),
  );
  if (!onRequest || !onSend) throw new Error('@fastify/session did not add its hooks');
  const buildSession = onRequest;
  const saveSession = onSend;

  app.addHook('onRequest', function deferSession(request, reply, done) {
    if (request.cookies[options.cookieName] !== undefined) {
      buildSession.call(this, request, reply, done);
      return;
    }
    request.sessionDeferred = true;
    done();
  });

  app.addHook('onSend', function saveIfRead(request: FastifyRequest, reply: FastifyReply, payload, done) {
    if (request.sessionDeferred) {
      done(null, payload);
      return;
    }
    saveSession.call(this, request, reply, payload, done);
  });
}
