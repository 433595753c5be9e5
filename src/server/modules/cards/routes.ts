import { atLeastOneField, text } from '../../../core/schemas/common';
/**
 * Business card API. `GET /business-cards/public` (the directory) lives in the
 * directory module; Fastify matches that static path before `/:id` here.
 */
import { type FastifyPluginAsyncZod, serializerCompiler } from 'fastify-type-provider-zod';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import {
  aiGenerateRequestSchema,
  aiGenerateResponseSchema,
  cardInputSchema,
  cardQrSchema,
  cardSchema,
  cardViewSchema,
  type Card,
} from '../../../core/schemas/card';
import { pagination } from '../../../core/schemas/common';
import { cardSource } from '../../../core/analytics';
import { cardEventSchema } from '../../../core/schemas/analytics';
import { createCardWriter } from '../../platform/ai/card-writer';
import { sendJsonText } from '../../platform/list-cache';
import { notFound } from '../../errors';
import { RATE_RULES } from '../../platform/rate-limit/rules';
import { loadUser, requireUser, userOf } from '../auth/guards';
import { cardAdminRoutes } from './admin-routes';
import { avatarSvg } from './avatar';
import { cardOrganisation, registerCardHead } from './head';
import { registerCardPage } from './page';
import { previewVersion, renderPreview, vcardPhoto } from './preview';
import { type CardQr, cardQr } from './qr';
import { cardVersionTag, downloadCache, downloadEtag, notModified } from './download-cache';
import { createCardService } from './service';
import { verifyAllCards } from '../registers';
import { visitorKey } from './visitor';
import { attachmentHeader, buildVCard } from './vcard';

const idParams = z.object({ id: text().max(100) });

export const cardRoutes: FastifyPluginAsyncZod = async (app) => {
  const cards = createCardService(app.ctx);
  const writer = createCardWriter(app.ctx.config);
  const aiLimiter = app.ctx.limits.limiter('card-ai', RATE_RULES.cardAi);
  const eventLimiter = app.ctx.limits.limiter('card-events', RATE_RULES.cardEvents);
  // Made once per card version, not per request.
  const vcards = downloadCache<{ body: string; disposition: string }>();
  const qrCodes = downloadCache<CardQr>();

  registerCardHead(app, cards);
  registerCardPage(app, cards);
  await app.register(cardAdminRoutes);

  /** A card saved with a BRN is checked against the broker register at once: the badge needs no wait. */
  const checkedLicence = async (user: ReturnType<typeof userOf>, card: Card): Promise<Card> => {
    if (!card.brnNumber) return card;
    const { checked } = await verifyAllCards(app.ctx.db, app.ctx.now(), [card.id]);
    return checked ? cards.get(user, card.id) : card;
  };

  app.post(
    '/business-cards',
    { preHandler: requireUser, schema: { body: cardInputSchema, response: { 201: cardSchema } } },
    async (request, reply) =>
      reply.status(201).send(await checkedLicence(userOf(request), await cards.create(userOf(request), request.body))),
  );

  app.get(
    '/business-cards/my',
    { preHandler: requireUser, schema: { querystring: pagination, response: { 200: z.array(cardSchema) } } },
    async (request) => cards.listForUser(userOf(request), userOf(request).id, request.query),
  );

  app.get(
    '/business-cards/user/:userId',
    {
      preHandler: requireUser,
      schema: {
        params: z.object({ userId: text().max(100) }),
        querystring: pagination,
        response: { 200: z.array(cardSchema) },
      },
    },
    async (request) => cards.listForUser(userOf(request), request.params.userId, request.query),
  );

  // What a stranger gets is the same for everyone until the list version moves, so it is
  // serialized once (by the route's own response schema) and then sent as text.
  const publicJson = new LRUCache<string, string>({ max: 5000, ttl: 10_000 });
  const serializeCard = serializerCompiler({ schema: cardSchema, method: 'GET', url: '/business-cards/:id' });
  app.get(
    '/business-cards/:id',
    { schema: { params: idParams, response: { 200: cardSchema } } },
    async (request, reply) => {
      const viewer = await loadUser(request);
      if (viewer) return cards.get(viewer, request.params.id);
      const key = `${await app.ctx.listVersion.current()}|${request.params.id}`;
      let json = publicJson.get(key);
      if (json === undefined) {
        json = serializeCard(await cards.get(null, request.params.id));
        publicJson.set(key, json);
      }
      return sendJsonText(reply, json);
    },
  );

  app.patch(
    '/business-cards/:id',
    {
      preHandler: requireUser,
      schema: { params: idParams, body: atLeastOneField(cardInputSchema.partial()), response: { 200: cardSchema } },
    },
    async (request) =>
      checkedLicence(userOf(request), await cards.update(userOf(request), request.params.id, request.body)),
  );

  app.delete(
    '/business-cards/:id',
    { preHandler: requireUser, schema: { params: idParams } },
    async (request, reply) => {
      await cards.remove(userOf(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/business-cards/:id/view',
    {
      schema: {
        params: idParams,
        body: cardViewSchema.optional(),
        response: { 200: z.object({ counted: z.boolean() }) },
      },
    },
    async (request) => {
      const viewer = await loadUser(request);
      const counted = await cards.recordEvent(
        viewer,
        () => visitorKey(request, viewer?.id),
        request.params.id,
        'view',
        cardSource(request.body?.src),
      );
      return { counted };
    },
  );

  // The page's beacon (navigator.sendBeacon) for contact clicks and shares. Public and
  // rate-limited per address; the owner's own clicks and repeats are answered but not counted.
  app.post(
    '/business-cards/:id/events',
    {
      schema: {
        params: idParams,
        body: cardEventSchema,
        response: { 200: z.object({ counted: z.boolean() }) },
      },
    },
    async (request) => {
      await eventLimiter.consume(request.ip, 'Too many card events from your network.');
      const viewer = await loadUser(request);
      const counted = await cards.recordEvent(
        viewer,
        () => visitorKey(request, viewer?.id),
        request.params.id,
        request.body.action,
        cardSource(request.body.source),
      );
      return { counted };
    },
  );

  app.get(
    '/business-cards/:id/vcard',
    { schema: { params: idParams, querystring: z.object({ src: z.string().max(40).optional().catch(undefined) }) } },
    async (request, reply) => {
      const viewer = await loadUser(request);
      const card = await cards.forDownload(
        viewer,
        () => visitorKey(request, viewer?.id),
        request.params.id,
        'vcard',
        cardSource(request.query.src),
      );
      // Private: the contact details of a card that may be hidden later; no-cache: the browser
      // may keep it but asks again each time, so a hidden card stops being answered.
      reply.header('Cache-Control', 'private, no-cache');
      if (notModified(request, reply, downloadEtag('vcard', card))) return reply;
      const vcard = await vcards.get(cardVersionTag(card), async () => ({
        body: buildVCard(card, cards.cardUrl(card.id), {
          photoJpeg: await vcardPhoto(card.profileImageUrl, app.ctx.uploads.store),
        }),
        disposition: attachmentHeader(card.name, '_card.vcf'),
      }));
      return reply
        .header('Content-Type', 'text/vcard; charset=utf-8')
        .header('Content-Disposition', vcard.disposition)
        .send(vcard.body);
    },
  );

  // The link-preview PNG of a public card; its URL carries the card's version.
  app.get(
    '/business-cards/:id/preview.png',
    { schema: { params: idParams, querystring: z.object({ v: z.string().max(20).optional() }) } },
    async (request, reply) => {
      const card = await cards.getPublic(request.params.id);
      if (!card) throw notFound('Business card not found', 'CARD_NOT_FOUND');
      const version = previewVersion(card);
      const etag = `"${card.id}-${version}"`;
      reply
        .header('ETag', etag)
        .header(
          'Cache-Control',
          request.query.v === version ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
        );
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      const png = await renderPreview(card, cardOrganisation(card), app.ctx.uploads.store);
      return reply.type('image/png').send(png);
    },
  );

  app.get(
    '/business-cards/:id/qr-code',
    { schema: { params: idParams, response: { 200: cardQrSchema } } },
    async (request, reply) => {
      const viewer = await loadUser(request);
      const card = await cards.forDownload(viewer, () => visitorKey(request, viewer?.id), request.params.id, 'qr-code');
      reply.header('Cache-Control', 'private, no-cache');
      if (notModified(request, reply, downloadEtag('qr', card))) return reply;
      // The ?src=qr mark lets the page count visits that came from the printed code.
      return qrCodes.get(cardVersionTag(card), () => cardQr(`${cards.cardUrl(card.id)}?src=qr`));
    },
  );

  app.post(
    '/ai/generate-card-content',
    { preHandler: requireUser, schema: { body: aiGenerateRequestSchema, response: { 200: aiGenerateResponseSchema } } },
    async (request) => {
      await aiLimiter.consume(userOf(request).id, 'Too many AI requests. Please wait a minute and try again.');
      return writer.generate(request.body, request.log);
    },
  );

  app.get('/avatars/:file', { schema: { params: z.object({ file: text().max(300) }) } }, async (request, reply) => {
    const match = /^(.+)\.svg$/.exec(request.params.file);
    const name = match?.[1]?.trim();
    if (!name) throw notFound();
    return reply
      .header('Content-Type', 'image/svg+xml; charset=utf-8')
      .header('Cache-Control', 'public, max-age=604800')
      .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(avatarSvg(name.slice(0, 100)));
  });
};
