/** GET /api/places?q=&emirate=&limit= — area autocomplete; public, the list is static. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { placesQuerySchema, placesResponseSchema } from '../../../core/schemas/places';
import { placeView, searchPlaces } from './service';

export const placeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/places',
    { schema: { querystring: placesQuerySchema, response: { 200: placesResponseSchema } } },
    async (request, reply) => {
      const { q, emirate, limit } = request.query;
      reply.header('cache-control', 'public, max-age=3600');
      return { places: searchPlaces(q ?? '', { emirate, limit }).map(placeView) };
    },
  );
};
