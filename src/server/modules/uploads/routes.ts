import { text } from '../../../core/schemas/common';
/**
 * Photo uploads: POST /api/uploads/images (signed in, multipart, one file) and
 * GET /api/uploads/:name, served with a year-long immutable cache (names are content hashes).
 */
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { uploadedImageSchema } from '../../../core/schemas/properties';
import { isDatabaseUnavailable } from '../../db/faults';
import { AppError, notFound } from '../../errors';
import { rateLimited } from '../../platform/rate-limit';
import {
  IMAGE_LIMITS,
  readImageFile,
  saveUploadedImage,
  STORED_NAME_RE,
  uploadUrl,
} from '../../platform/storage/images';
import { requireUser, userOf } from '../auth/guards';
import { RATE_RULES } from '../../platform/rate-limit/rules';

export const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(fastifyMultipart, {
    limits: { fileSize: IMAGE_LIMITS.maxBytes, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
  });
  const limiter = app.ctx.limits.limiter('uploads', RATE_RULES.uploads);
  const { uploads } = app.ctx;
  /** Reading: any failure of the store is the store being away. */
  const storageUnavailable = (err: unknown): never => {
    if (err instanceof AppError) throw err;
    app.log.warn({ err }, 'object storage unavailable');
    return unavailable();
  };
  /** Saving touches the database too: its outages keep their own 503 (app error handler). */
  const saveFailed = (err: unknown): never => {
    if (isDatabaseUnavailable(err)) throw err;
    return storageUnavailable(err);
  };

  app.post(
    '/uploads/images',
    { preHandler: requireUser, schema: { response: { 201: uploadedImageSchema } } },
    async (request, reply) => {
      const key = userOf(request).id;
      const wait = await limiter.blockedFor(key);
      if (wait > 0) throw rateLimited('Too many uploads. Please wait a minute and try again.', wait);
      const bytes = await readImageFile(request);
      await limiter.count(key);
      const stored = await saveUploadedImage(uploads, bytes, key).catch(saveFailed);
      return reply
        .status(201)
        .send({ url: uploadUrl(stored.name), width: stored.width, height: stored.height, bytes: stored.bytes });
    },
  );

  app.get('/uploads/:name', { schema: { params: z.object({ name: text().max(80) }) } }, async (request, reply) => {
    const { name } = request.params;
    if (!STORED_NAME_RE.test(name)) throw notFound('Image not found', 'IMAGE_NOT_FOUND');
    // Names are content hashes, so the hash is a strong validator every process agrees on.
    const etag = `"${name.slice(0, -'.webp'.length)}"`;
    const conditional = request.headers['if-none-match'];
    if (conditional?.split(',').some((t) => t.trim().replace(/^W\//, '') === etag)) {
      // Still answer 404 for an object that is gone, so a stale cache entry does not outlive it.
      if (await uploads.store.head(name).catch(storageUnavailable))
        return reply.status(304).header('ETag', etag).header('Cache-Control', IMMUTABLE).send();
    }
    const object = await uploads.store.get(name).catch(storageUnavailable);
    if (!object) throw notFound('Image not found', 'IMAGE_NOT_FOUND');
    return reply
      .header('Cache-Control', IMMUTABLE)
      .header('ETag', etag)
      .header('Content-Length', String(object.size))
      .header('X-Content-Type-Options', 'nosniff')
      .type(object.contentType)
      .send(object.body);
  });
};

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The object store is away (S3 down, disk error): a clean, retryable answer instead of a 500. */
function unavailable(): never {
  throw new AppError(
    503,
    'STORAGE_UNAVAILABLE',
    'Photos are briefly unavailable (storage not reachable). Please try again in a few seconds.',
    { retryAfter: 5 },
  );
}
