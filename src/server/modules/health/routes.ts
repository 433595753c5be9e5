/**
 * Health checks for load balancers and orchestrators, outside /api:
 * - /health/live: the process runs and its event loop answers (never touches the database).
 * - /health/ready: this process should get traffic: the database answers, every migration is
 *   applied and the process is not shutting down. 503 with Retry-After otherwise.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { migrationsApplied } from '../../db/client';
import { RETRY_AFTER_SECONDS } from '../../db/faults';

const healthSchema = z.object({ status: z.enum(['ok', 'ready', 'unavailable']), reason: z.string().optional() });

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });

  app.get('/health/live', { schema: { response: { 200: healthSchema } } }, async () => ({ status: 'ok' as const }));

  app.get(
    '/health/ready',
    { schema: { response: { 200: healthSchema, 503: healthSchema } } },
    async (request, reply) => {
      let reason: string | null = null;
      if (closing) reason = 'shutting down';
      else {
        try {
          if (!(await migrationsApplied(app.ctx.db))) reason = 'database migrations are not applied';
        } catch (err) {
          request.log.warn({ err }, 'readiness: database unreachable');
          reason = 'database unreachable';
        }
      }
      if (reason) {
        return reply
          .status(503)
          .header('retry-after', String(RETRY_AFTER_SECONDS))
          .send({ status: 'unavailable' as const, reason });
      }
      return { status: 'ready' as const };
    },
  );
};
