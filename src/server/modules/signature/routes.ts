/**
 * E-mail signature of a published card: the HTML fragment in three designs and two
 * languages, and the small QR PNG it shows. Both answer 404 for any card a stranger may not open.
 */
import { localizeCard } from '../../../core/card-text';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import QRCode from 'qrcode';
import { z } from 'zod';
import { text } from '../../../core/schemas/common';
import { signatureQuerySchema } from '../../../core/schemas/signature';
import { notFound } from '../../errors';
import { downloadCache } from '../cards/download-cache';
import { createCardService } from '../cards/service';
import { renderSignature } from './render';

const idParams = z.object({ id: text().max(100) });
const cardNotFound = () => notFound('Business card not found', 'CARD_NOT_FOUND');

/** Drawn at twice the shown size (88 px) so it stays sharp on high-density screens. */
const QR_PIXELS = 176;

export const signatureRoutes: FastifyPluginAsyncZod = async (app) => {
  const cards = createCardService(app.ctx);
  // The QR depends only on the card's link, that is on its id: drawn once per card.
  const qrPngs = downloadCache<Buffer>();
  const qrTarget = (id: string) => `${cards.cardUrl(id)}?src=qr`;

  app.get(
    '/business-cards/:id/signature',
    { schema: { params: idParams, querystring: signatureQuerySchema } },
    async (request, reply) => {
      const card = await cards.getPublic(request.params.id);
      if (!card) throw cardNotFound();
      const html = renderSignature(
        {
          // The signature's language picks the card's text too, where the card has it.
          card: localizeCard(card, request.query.lang),
          cardUrl: cards.cardUrl(card.id),
          qrUrl: `${app.ctx.config.publicUrl}/api/business-cards/${card.id}/signature/qr.png`,
        },
        request.query.design,
        request.query.lang,
      );
      return reply
        .header('Content-Type', 'text/html; charset=utf-8')
        .header('Cache-Control', 'private, no-cache')
        .send(html);
    },
  );

  app.get('/business-cards/:id/signature/qr.png', { schema: { params: idParams } }, async (request, reply) => {
    const card = await cards.getPublic(request.params.id);
    if (!card) throw cardNotFound();
    const png = await qrPngs.get(card.id, () =>
      QRCode.toBuffer(qrTarget(card.id), { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: QR_PIXELS }),
    );
    // Mail clients fetch (and Gmail's proxy caches) the image; a day keeps a hidden card's QR short-lived.
    return (
      reply
        .type('image/png')
        .header('Cache-Control', 'public, max-age=86400')
        // Shown inside other sites' pages (webmail) and mail apps: the app's same-site default would block it.
        .header('Cross-Origin-Resource-Policy', 'cross-origin')
        .send(png)
    );
  });
};
