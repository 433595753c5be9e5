/**
 * Print downloads of an approved public card: the QR as SVG and as a print-size
 * PNG, and the PDF sheet of front and back. Each is made once per card version and variant and
 * answered with an ETag of that version (cards/download-cache.ts); the visibility check
 * runs on every request, so a hidden card answers 404 cached or not.
 */
import { localizeCard } from '../../../core/card-text';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import crypto from 'node:crypto';
import { text } from '../../../core/schemas/common';
import { backgroundQuerySchema, printQrPngQuerySchema, printSheetQuerySchema } from '../../../core/schemas/print';
import { loadUser } from '../auth/guards';
import { cardOrganisation } from '../cards/head';
import { BACKGROUND_REVISION, renderBackground } from './background';
import { cardMark } from '../cards/card-mark';
import { cardVersionTag, downloadCache, downloadEtag, notModified } from '../cards/download-cache';
import { CARD_NOT_FOUND, createCardService } from '../cards/service';
import { notFound } from '../../errors';
import { attachmentHeader } from '../cards/vcard';
import { renderPrintSheet, sheetSuffix } from './print-pdf';
import { printQrPng, printQrSvg } from './print-qr';
import { RATE_RULES } from '../../platform/rate-limit/rules';

const idParams = z.object({ id: text().max(100) });

export const printRoutes: FastifyPluginAsyncZod = async (app) => {
  const cards = createCardService(app.ctx);
  const files = downloadCache<Buffer | string>(500);
  const renders = app.ctx.limits.limiter('qr-renders', RATE_RULES.qrRenders);

  /** The card a stranger may see, or a 404 in the project's style. */
  const publicCard = async (id: string) => {
    const card = await cards.getPublic(id);
    if (!card) throw notFound(CARD_NOT_FOUND, 'CARD_NOT_FOUND');
    return card;
  };
  /** What the printed code opens: the card link with the QR mark that counts visits. */
  const qrLink = (id: string) => `${cards.cardUrl(id)}?src=qr`;

  app.get('/business-cards/:id/qr.svg', { schema: { params: idParams } }, async (request, reply) => {
    const card = await publicCard(request.params.id);
    reply.header('Cache-Control', 'private, no-cache');
    if (notModified(request, reply, downloadEtag('qr-svg', card))) return reply;
    const svg = await files.get(`svg:${cardVersionTag(card)}`, () => printQrSvg(qrLink(card.id)));
    return reply
      .header('Content-Type', 'image/svg+xml; charset=utf-8')
      .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
      .header('Content-Disposition', attachmentHeader(card.name, '_qr.svg'))
      .send(svg);
  });

  app.get(
    '/business-cards/:id/qr.png',
    { schema: { params: idParams, querystring: printQrPngQuerySchema } },
    async (request, reply) => {
      const card = await publicCard(request.params.id);
      const { dpi, logo } = request.query;
      // The photo can change without the card (the owner's profile photo): it is part of the tag.
      const photo = crypto
        .createHash('sha1')
        .update(card.profileImageUrl ?? '')
        .digest('hex')
        .slice(0, 8);
      const variant = `qr-png-${dpi}${logo ? `-logo-${photo}` : ''}`;
      reply.header('Cache-Control', 'private, no-cache');
      if (notModified(request, reply, downloadEtag(variant, card))) return reply;
      const key = `${variant}:${cardVersionTag(card)}`;
      // Only a drawing counts: a cached code costs nothing, however often it is fetched.
      if (!files.has(key)) {
        await renders.consume(request.ip, 'Too many QR codes drawn from your network. Please try again in a minute.');
      }
      const png = await files.get(key, async () =>
        printQrPng(qrLink(card.id), {
          dpi,
          logo: logo ? await cardMark(card, app.ctx.uploads.store, { size: 256, shape: 'rounded' }) : undefined,
        }),
      );
      return reply
        .type('image/png')
        .header('Content-Disposition', attachmentHeader(card.name, `_qr_${dpi}dpi.png`))
        .send(png);
    },
  );

  app.get(
    '/business-cards/:id/print.pdf',
    { schema: { params: idParams, querystring: printSheetQuerySchema } },
    async (request, reply) => {
      const card = await publicCard(request.params.id);
      const { lang } = request.query;
      reply.header('Cache-Control', 'private, no-cache');
      if (notModified(request, reply, downloadEtag(`print-${lang}`, card))) return reply;
      const link = cards.cardUrl(card.id);
      const pdf = await files.get(`pdf-${lang}:${cardVersionTag(card)}`, () =>
        // The sheet's language picks the card's text too, where the card has it.
        renderPrintSheet(localizeCard(card, lang), `${link}?src=qr`, link.replace(/^https?:\/\//, ''), lang),
      );
      return reply
        .type('application/pdf')
        .header('Content-Disposition', attachmentHeader(card.name, sheetSuffix(lang)))
        .send(pdf);
    },
  );

  // A video-call background: the owner's own card whatever its state, anyone else's only when a
  // stranger may open it (404 otherwise, like every other card download).
  app.get(
    '/business-cards/:id/background.png',
    { schema: { params: idParams, querystring: backgroundQuerySchema } },
    async (request, reply) => {
      const card = await cards.get(await loadUser(request), request.params.id);
      const { design, lang, size } = request.query;
      const variant = `background-r${BACKGROUND_REVISION}-${design}-${lang}-${size}`;
      reply.header('Cache-Control', 'private, no-cache');
      if (notModified(request, reply, downloadEtag(variant, card))) return reply;
      const png = await files.get(`${variant}:${cardVersionTag(card)}`, () =>
        renderBackground(
          {
            card: localizeCard(card, lang),
            company: cardOrganisation(localizeCard(card, lang), lang),
            link: `${cards.cardUrl(card.id)}?src=background`,
          },
          { design, lang, size },
          app.ctx.uploads.store,
        ),
      );
      return reply
        .type('image/png')
        .header('Content-Disposition', attachmentHeader(card.name, `_background_${design}_${lang}_${size}.png`))
        .send(png);
    },
  );
};
