import { text } from '../../../core/schemas/common';
/**
 * Photo uploads (issue 4): POST /api/uploads/images (signed in, multipart, one file) and
 * GET /api/uploads/:name, served with a year-long immutable cache (names are content hashes).
 */
import fs from 'node:fs';
import path from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { uploadedImageSchema } from '../../../core/schemas/properties';
import { AppError, notFound } from '../../errors';
import { rateLimited } from '../../platform/rate-limit';
import {
  IMAGE_LIMITS,
  IMAGE_MESSAGES,
  imageTooLarge,
  saveUploadedImage,
  STORED_NAME_RE,
  uploadsDir,
  uploadUrl,
} from '../../platform/storage/images';
import { requireUser, userOf } from '../auth/guards';
import { RATE_RULES } from '../../platform/rate-limit/rules';

export const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(fastifyMultipart, {
    limits: { fileSize: IMAGE_LIMITS.maxBytes, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
  });
  const limiter = app.ctx.limits.limiter('uploads', RATE_RULES.uploads);
  const dir = uploadsDir(app.ctx.config.dataDir);

  app.post(
    '/uploads/images',
    { preHandler: requireUser, schema: { response: { 201: uploadedImageSchema } } },
    async (request, reply) => {
      const key = userOf(request).id;
      const wait = await limiter.blockedFor(key);
      if (wait > 0) throw rateLimited('Too many uploads. Please wait a minute and try again.', wait);
      if (!request.isMultipart()) throw new AppError(400, 'IMAGE_MISSING', IMAGE_MESSAGES.empty);
      const part = await request.file();
      if (!part) throw new AppError(400, 'IMAGE_MISSING', IMAGE_MESSAGES.empty);
      let bytes: Buffer;
      try {
        bytes = await part.toBuffer();
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw imageTooLarge();
        throw err;
      }
      await limiter.count(key);
      const stored = await saveUploadedImage(app.ctx.config.dataDir, bytes);
      return reply
        .status(201)
        .send({ url: uploadUrl(stored.name), width: stored.width, height: stored.height, bytes: stored.bytes });
    },
  );

  app.get('/uploads/:name', { schema: { params: z.object({ name: text().max(80) }) } }, async (request, reply) => {
    const { name } = request.params;
    if (!STORED_NAME_RE.test(name)) throw notFound('Image not found', 'IMAGE_NOT_FOUND');
    const file = path.join(dir, name);
    try {
      await fs.promises.access(file);
    } catch {
      throw notFound('Image not found', 'IMAGE_NOT_FOUND');
    }
    return reply
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('X-Content-Type-Options', 'nosniff')
      .type('image/webp')
      .send(fs.createReadStream(file));
  });
};
