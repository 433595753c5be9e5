/**
 * Prometheus metrics at GET /metrics, through fastify-metrics (prom-client):
 * - http_request_duration_seconds{method,route,status_code}: latency histogram per route, whose
 *   _count gives the request rate;
 * - bitaqa_db_pool_connections{state}: the PostgreSQL pool (total, idle, waiting);
 * - bitaqa_open_connections{kind}: open HTTP connections and live WebSocket connections;
 * - bitaqa_mail_outbox_messages{state}: e-mails waiting and given up, and
 *   bitaqa_mail_outbox_deliveries_total{outcome}: sent, retried, failed by this process;
 * - the process's own (CPU, memory, event loop lag, GC).
 * Each app has its own registry, so several apps in one process (tests) never mix their numbers.
 *
 * Who may read: with METRICS_TOKEN set, a request with `Authorization: Bearer <token>`; without
 * it, only a scraper on this machine talking to the app directly (loopback peer and no
 * forwarding header, which a proxy would add). Everyone else gets 403: the numbers describe the
 * service's load, not anyone's data, but they are not public either.
 */
import crypto from 'node:crypto';
import fastifyMetrics from 'fastify-metrics';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import client from 'prom-client';
import { AppError } from '../errors';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

function sameSecret(a: string, b: string): boolean {
  const ha = crypto.createHash('sha256').update(a).digest();
  const hb = crypto.createHash('sha256').update(b).digest();
  return crypto.timingSafeEqual(ha, hb);
}

/** Whether this request may read the metrics (see the header). */
export function mayReadMetrics(request: FastifyRequest, token: string | undefined): boolean {
  if (token) {
    const auth = request.headers.authorization ?? '';
    return auth.startsWith('Bearer ') && sameSecret(auth.slice(7).trim(), token);
  }
  const peer = request.socket.remoteAddress ?? '';
  return LOOPBACK.has(peer) && FORWARDING_HEADERS.every((h) => request.headers[h] === undefined);
}

export async function registerMetrics(app: FastifyInstance): Promise<void> {
  const { config, database, outbox } = app.ctx;
  const registry = new client.Registry();
  await app.register(fastifyMetrics, {
    endpoint: null,
    clearRegisterOnInit: false,
    defaultMetrics: { enabled: true, register: registry },
    routeMetrics: {
      enabled: { histogram: true, summary: false },
      registeredRoutesOnly: true,
      groupStatusCodes: false,
      routeBlacklist: ['/metrics', '/health/live', '/health/ready'],
      overrides: {
        histogram: {
          registers: [registry],
          buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
        },
        summary: { registers: [registry] },
      },
    },
  });

  new client.Gauge({
    name: 'bitaqa_db_pool_connections',
    help: 'PostgreSQL pool connections by state (absent on embedded PGlite)',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const pool = database.pool;
      if (!pool) return;
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });

  new client.Gauge({
    name: 'bitaqa_open_connections',
    help: 'Open connections: HTTP sockets and live WebSocket connections',
    labelNames: ['kind'],
    registers: [registry],
    async collect() {
      const http = await new Promise<number>((resolve) => app.server.getConnections((err, n) => resolve(err ? 0 : n)));
      this.set({ kind: 'http' }, http);
      this.set({ kind: 'websocket' }, app.hasDecorator('realtime') ? app.realtime.hub.size : 0);
    },
  });

  new client.Gauge({
    name: 'bitaqa_mail_outbox_messages',
    help: 'E-mails in the outbox table: pending (waiting or retrying) and failed (given up)',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      try {
        const depth = await outbox.depth();
        this.set({ state: 'pending' }, depth.pending);
        this.set({ state: 'failed' }, depth.failed);
      } catch {
        // The database is away: the scrape still answers, without a fresh depth.
      }
    },
  });

  new client.Counter({
    name: 'bitaqa_mail_outbox_deliveries_total',
    help: 'Delivery attempts by this process: sent, retried (failed for now) and failed (given up)',
    labelNames: ['outcome'],
    registers: [registry],
    collect() {
      this.reset();
      this.inc({ outcome: 'sent' }, outbox.stats.sent);
      this.inc({ outcome: 'retried' }, outbox.stats.retried);
      this.inc({ outcome: 'failed' }, outbox.stats.failed);
    },
  });

  app.get('/metrics', { logLevel: 'warn' }, async (request, reply) => {
    if (!mayReadMetrics(request, config.metricsToken)) {
      throw new AppError(
        403,
        'METRICS_FORBIDDEN',
        config.metricsToken
          ? 'Metrics need the METRICS_TOKEN as a bearer token.'
          : 'Metrics are served to local scrapers only (set METRICS_TOKEN to scrape from elsewhere).',
      );
    }
    const body = await registry.metrics();
    return reply.header('cache-control', 'no-store').type(registry.contentType).send(body);
  });
}
