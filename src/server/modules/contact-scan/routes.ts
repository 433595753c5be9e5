/**
 * POST /api/contacts/scan: multipart `front` and optional `back` photos of a paper card → the fields
 * read from it, nothing saved (the client saves through POST /api/contacts after review).
 */
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SCAN_IMAGE_MAX_BYTES, scanResultSchema } from '../../../core/schemas/contact-scan';
import { AppError } from '../../errors';
import { rateLimited } from '../../platform/rate-limit';
import { RATE_RULES } from '../../platform/rate-limit/rules';
import { requireUser, userOf } from '../auth/guards';
import { createScanRefiner } from './ai';
import { createOcrPool } from './ocr';
import { SCAN_MESSAGES, scanCard, scanTooLarge } from './service';

/** The model gets a short while: the person is looking at a progress bar. */
const AI_SCAN_TIMEOUT_MS = 6000;

export const contactScanRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(fastifyMultipart, {
    limits: { fileSize: SCAN_IMAGE_MAX_BYTES, files: 2, fields: 2, parts: 4, fieldSize: 256 },
  });
  const ocr = createOcrPool(2);
  app.addHook('onClose', async () => ocr.close());
  const limiter = app.ctx.limits.limiter('contactScan', RATE_RULES.contactScan);
  const ai = app.ctx.config.ai;
  const refine = ai ? createScanRefiner({ ...ai, timeoutMs: Math.min(ai.timeoutMs, AI_SCAN_TIMEOUT_MS) }) : undefined;

  app.post(
    '/contacts/scan',
    { preHandler: requireUser, schema: { response: { 200: scanResultSchema } } },
    async (request) => {
      const key = userOf(request).id;
      const wait = await limiter.blockedFor(key);
      if (wait > 0) throw rateLimited('Too many scans. Please wait a minute and try again.', wait);
      if (!request.isMultipart()) throw new AppError(400, 'SCAN_IMAGE_MISSING', SCAN_MESSAGES.missing);
      const sides: { front?: Buffer; back?: Buffer } = {};
      try {
        for await (const part of request.files()) {
          const bytes = await part.toBuffer();
          if (part.fieldname === 'front' || part.fieldname === 'back') sides[part.fieldname] = bytes;
        }
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw scanTooLarge();
        if ((err as { code?: string }).code === 'FST_FILES_LIMIT')
          throw new AppError(400, 'SCAN_TOO_MANY_FILES', SCAN_MESSAGES.missing);
        throw err;
      }
      if (!sides.front?.length) throw new AppError(400, 'SCAN_IMAGE_MISSING', SCAN_MESSAGES.missing);
      await limiter.count(key);
      return scanCard(
        {
          ocr,
          refine,
          onAiError: (err) => request.log.warn({ err }, 'AI scan refinement failed; offline fields kept'),
        },
        { front: sides.front, back: sides.back },
      );
    },
  );
};
