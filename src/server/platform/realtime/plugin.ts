/**
 * The messaging socket at /ws. The upgrade request runs through Fastify's
 * hooks, so the session cookie identifies the user before the socket opens; without a valid
 * session the socket is closed with 4401. The client's {type:"authenticate", userId} is accepted
 * only for the session's own user.
 */
import fastifyWebsocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { clientSocketEventSchema, type ServerSocketEvent, WS_CLOSE } from '../../../core/schemas/messaging';
import { createLocalBus, PgNotifyBus } from './bus';
import { ConnectionHub, type HubOptions } from './hub';
import { Realtime } from './realtime';

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

export interface RealtimeOptions extends HubOptions {
  /** The signed-in user's id for a request, or null (reads the session). */
  identify(request: FastifyRequest): Promise<string | null>;
  /** Whether the request's session still belongs to this user (read again from the store). */
  stillValid(request: FastifyRequest, userId: string): Promise<boolean>;
  /** Which of these session ids still exist (open sockets are re-checked with it). */
  liveSessions(sessionIds: string[]): Promise<Set<string>>;
  /** How often every open socket's session is re-checked (default one minute). */
  sessionRecheckMs?: number;
}

/** Clients only ever send the small authenticate message. */
const MAX_INCOMING_BYTES = 4 * 1024;

function send(socket: WebSocket, event: ServerSocketEvent): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(event));
}

/** A browser page from another site must not borrow the user's cookie (cross-site hijacking). */
function sameOrigin(request: FastifyRequest, publicUrl: string): boolean {
  const origin = request.headers.origin;
  if (!origin) return true; // not a browser
  try {
    const o = new URL(origin);
    return o.origin === new URL(publicUrl).origin || o.host === request.headers.host;
  } catch {
    return false;
  }
}

export async function registerRealtime(app: FastifyInstance, opts: RealtimeOptions): Promise<void> {
  const { database, config } = app.ctx;
  const hub = new ConnectionHub(opts);
  const realtime = new Realtime(hub, createLocalBus(), app.log);
  const revalidate = () => {
    realtime
      .revalidateSessions(opts.liveSessions)
      .catch((err) => app.log.warn({ err }, 'realtime session re-check failed'));
  };
  if (database.kind === 'postgres' && database.pool) {
    const bus = new PgNotifyBus({
      pool: database.pool,
      log: app.log,
      onNotice: (notice) => void realtime.receive(notice),
      // Notices sent while the listener was down are lost: clients refetch, and sockets whose
      // session ended meanwhile are closed now, once the listener is back.
      onReconnect: () => {
        hub.broadcast({ type: 'resync' } satisfies ServerSocketEvent);
        revalidate();
      },
    });
    await bus.start();
    realtime.bus = bus;
  }
  app.decorate('realtime', realtime);
  hub.start();
  // A slow safety net: whatever notice was missed, an ended session's socket closes within this.
  const recheck = setInterval(revalidate, opts.sessionRecheckMs ?? 60_000);
  recheck.unref();
  app.addHook('onClose', async () => {
    clearInterval(recheck);
    hub.stop();
    await realtime.bus.close();
  });

  await app.register(fastifyWebsocket, {
    options: { maxPayload: MAX_INCOMING_BYTES },
    // On shutdown every socket gets 1001 "going away": the client reconnects, through the load
    // balancer, to a process that is still running.
    preClose(this: FastifyInstance, done) {
      for (const client of this.websocketServer.clients) client.close(WS_CLOSE.goingAway, 'Server shutting down');
      this.websocketServer.close();
      done();
    },
  });

  const users = new WeakMap<FastifyRequest, string | null>();
  app.get(
    '/ws',
    {
      websocket: true,
      preHandler: async (request) => {
        users.set(request, await opts.identify(request));
      },
    },
    (socket, request) => {
      if (!sameOrigin(request, config.publicUrl)) {
        socket.close(WS_CLOSE.forbidden, 'Origin not allowed');
        return;
      }
      const userId = users.get(request);
      if (!userId) {
        socket.close(WS_CLOSE.unauthorized, 'Unauthorized');
        return;
      }
      const sessionId = request.session?.sessionId;
      hub.add(userId, socket, sessionId);
      // The session may have ended between the check above and joining the hub, and its end
      // notice then found no socket to close: look once more now that the socket is findable.
      opts.stillValid(request, userId).then(
        (valid) => {
          if (!valid) realtime.hub.closeUser(userId, { sessionId }, WS_CLOSE.unauthorized, 'Session ended');
        },
        (err) => app.log.warn({ err }, 'realtime session re-check failed'),
      );
      socket.on('message', (data, isBinary) => {
        let parsed: unknown;
        try {
          parsed = isBinary ? null : JSON.parse(data.toString());
        } catch {
          parsed = null;
        }
        const event = clientSocketEventSchema.safeParse(parsed);
        if (!event.success) {
          send(socket, { type: 'error', code: 'BAD_MESSAGE', message: 'Unknown or malformed message.' });
          return;
        }
        if (event.data.userId !== userId) {
          // The session decides who this socket belongs to; claiming someone else ends it.
          send(socket, { type: 'error', code: 'FORBIDDEN', message: 'This connection belongs to another user.' });
          socket.close(WS_CLOSE.forbidden, 'Forbidden');
          return;
        }
        send(socket, { type: 'authenticated', userId });
      });
    },
  );
}
