/**
 * The permit QR of a listing and its share pictures:
 * - PUT /api/properties/{id}/permit-qr (owner, multipart, one image): decodes the regulator's QR,
 *   checks it (core/permit-qr.ts) and keeps its link; DELETE removes it.
 * - GET /api/properties/{id}/share.png?format=square|wide&lang=en|ar: the share picture of a listing
 *   on show, made once per listing version and answered with an ETag of it.
 * - The listing page's head: Open Graph and Twitter tags whose image is the wide share picture, so
 *   a listing link pasted into WhatsApp previews as the picture.
 * Its own plugin, so the multipart parser applies to the QR upload alone.
 */
import crypto from 'node:crypto';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import { formatPriceAed } from '../../../core/format';
import { propertyText } from '../../../core/property-text';
import { uuidParam } from '../../../core/schemas/common';
import { propertySchema } from '../../../core/schemas/properties';
import { AppError } from '../../errors';
import { enumLabel } from '../../platform/ai/labels';
import { rateLimited } from '../../platform/rate-limit';
import { RATE_RULES } from '../../platform/rate-limit/rules';
import { IMAGE_LIMITS, readImageFile } from '../../platform/storage/images';
import { escapeHtml, shellLanguage } from '../../web';
import type { User } from '../../db/schema';
import { decodeQrImage } from './permit-qr';
import { createPropertyService } from './service';
import {
  renderShareImage,
  SHARE_FORMATS,
  SHARE_LANGS,
  SHARE_REVISION,
  SHARE_SIZES,
  type ShareLang,
} from './share-image';

export const shareQuerySchema = z.object({
  format: z.enum(SHARE_FORMATS, { error: 'format must be square or wide' }).default('square'),
  lang: z.enum(SHARE_LANGS, { error: 'lang must be en or ar' }).default('en'),
});

/** The version of what a share picture is drawn from: the listing's version and the lister's lines. */
function shareTag(id: string, version: number, updatedAt: Date, lister: object): string {
  const hash = crypto.createHash('sha1').update(JSON.stringify(lister)).digest('hex').slice(0, 10);
  return `${id}-${version}-${updatedAt.getTime().toString(36)}-${hash}-r${SHARE_REVISION}`;
}

/** Where a listing's share picture is served; the version in the query makes a changed listing a new URL. */
export const sharePath = (id: string, version: number, format: 'square' | 'wide', lang: ShareLang) =>
  `/api/properties/${id}/share.png?format=${format}&lang=${lang}&v=${version}`;

/** The sign-in guards, handed in by the module's routes (which own the import of the auth module). */
export interface ShareRouteGuards {
  requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  userOf: (request: FastifyRequest) => User;
}

export const propertyShareRoutes: FastifyPluginAsyncZod<ShareRouteGuards> = async (app, { requireUser, userOf }) => {
  await app.register(fastifyMultipart, {
    limits: { fileSize: IMAGE_LIMITS.maxBytes, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
  });
  const service = createPropertyService(app.ctx, app.log);
  const uploads = app.ctx.limits.limiter('uploads', RATE_RULES.uploads);
  const renders = app.ctx.limits.limiter('share-renders', RATE_RULES.qrRenders);
  // Drawn pictures by listing version (a changed listing is a new key; an old entry just ages out).
  const pictures = new LRUCache<string, Buffer>({
    max: 300,
    maxSize: 64 * 1024 * 1024,
    sizeCalculation: (b) => b.length,
  });
  const drawing = new Map<string, Promise<Buffer>>();
  /** One drawing per key even when asked for concurrently (a link preview fetched by many at once). */
  const picture = (key: string, draw: () => Promise<Buffer>): Promise<Buffer> => {
    const hit = pictures.get(key);
    if (hit) return Promise.resolve(hit);
    const running = drawing.get(key);
    if (running) return running;
    const p = draw()
      .then((png) => {
        pictures.set(key, png);
        return png;
      })
      .finally(() => drawing.delete(key));
    drawing.set(key, p);
    return p;
  };
  const { publicUrl } = app.ctx.config;

  app.put(
    '/properties/:id/permit-qr',
    { preHandler: requireUser, schema: { params: uuidParam, response: { 200: propertySchema } } },
    async (request) => {
      const user = userOf(request);
      const wait = await uploads.blockedFor(user.id);
      if (wait > 0) throw rateLimited('Too many uploads. Please wait a minute and try again.', wait);
      const bytes = await readImageFile(request);
      await uploads.count(user.id);
      // Ownership before reading the picture: a stranger learns nothing from how their picture reads.
      await service.ownListing(user, request.params.id);
      return service.setPermitQr(user, request.params.id, await decodeQrImage(bytes));
    },
  );

  app.delete(
    '/properties/:id/permit-qr',
    { preHandler: requireUser, schema: { params: uuidParam, response: { 200: propertySchema } } },
    async (request) => service.setPermitQr(userOf(request), request.params.id, null),
  );

  app.get(
    '/properties/:id/share.png',
    { schema: { params: uuidParam, querystring: shareQuerySchema.extend({ v: z.string().max(20).optional() }) } },
    async (request, reply) => {
      const { format, lang } = request.query;
      // The visibility check runs on every request: a listing taken down answers 404 or 410, cached or not.
      const { row, lister } = await service.shareable(request.params.id);
      const key = `${format}-${lang}-${shareTag(row.id, row.version, row.updatedAt, lister)}`;
      const etag = `"share-${crypto.createHash('sha1').update(key).digest('hex').slice(0, 20)}"`;
      reply.header('ETag', etag).header('Cache-Control', 'public, max-age=300');
      const held = request.headers['if-none-match'];
      if (held?.split(',').some((t) => t.trim().replace(/^W\//, '') === etag)) return reply.status(304).send();
      // Only a drawing counts: a cached picture costs nothing, however often it is fetched.
      if (!pictures.has(key) && !drawing.has(key))
        await renders.consume(
          request.ip,
          'Too many share pictures drawn from your network. Please try again in a minute.',
        );
      const png = await picture(key, () =>
        renderShareImage(
          {
            // The Arabic picture carries the listing's Arabic title where it has one.
            title: propertyText(row, lang).title,
            propertyType: row.propertyType,
            status: row.status,
            price: row.price,
            bedrooms: row.bedrooms,
            area: row.area,
            permitNumber: row.permitNumber,
            permitQrLink: row.permitQrLink,
            photoUrl: row.imageUrls[0] ?? null,
            lister,
          },
          { format, lang },
          app.ctx.uploads.store,
        ),
      );
      return reply.type('image/png').header('Content-Length', String(png.length)).send(png);
    },
  );

  // The listing page's link preview: tags only for a listing on show, in the reader's language.
  app.headProviders.set('/properties/:id', async (params, request) => {
    if (!uuidParam.safeParse(params).success) return null;
    const shared = await service.shareable(params.id).catch((err: unknown) => {
      if (err instanceof AppError && (err.statusCode === 404 || err.statusCode === 410)) return null;
      throw err;
    });
    if (!shared) return null;
    const { row } = shared;
    const lang = shellLanguage(request);
    const price = formatPriceAed(row.price, { locale: lang, style: 'full' });
    const type = enumLabel(lang, 'propertyType', row.propertyType);
    const title = `${propertyText(row, lang).title} — ${price}`;
    const description = [type, row.location, row.city].filter(Boolean).join(lang === 'ar' ? '، ' : ', ');
    const image = `${publicUrl}${sharePath(row.id, row.version, 'wide', lang)}`;
    const { width, height } = SHARE_SIZES.wide;
    const tags: [string, string, string][] = [
      ['property', 'og:type', 'website'],
      ['property', 'og:site_name', 'Bitaqa'],
      ['property', 'og:locale', lang === 'ar' ? 'ar_AE' : 'en_AE'],
      ['property', 'og:title', title],
      ['property', 'og:description', description],
      ['property', 'og:url', `${publicUrl}/properties/${row.id}`],
      ['property', 'og:image', image],
      ['property', 'og:image:type', 'image/png'],
      ['property', 'og:image:width', String(width)],
      ['property', 'og:image:height', String(height)],
      ['property', 'og:image:alt', title],
      ['name', 'twitter:card', 'summary_large_image'],
      ['name', 'twitter:title', title],
      ['name', 'twitter:description', description],
      ['name', 'twitter:image', image],
    ];
    return tags.map(([attr, k, v]) => `<meta ${attr}="${k}" content="${escapeHtml(v)}">`).join('\n');
  });
};
