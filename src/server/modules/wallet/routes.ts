/**
 * Wallet passes of an approved public card: the Apple .pkpass and the Google Wallet
 * save link, and which of the two this server is configured for (the web hides the other
 * button). Without configuration a route answers 404 with a message saying so. A pass is made
 * once per card version (cards/download-cache.ts) and answered with its ETag.
 */
import crypto from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { text } from '../../../core/schemas/common';
import { googleSaveLinkSchema, walletAvailabilitySchema } from '../../../core/schemas/wallet';
import { notFound } from '../../errors';
import { cardVersionTag, downloadCache, downloadEtag, notModified } from '../cards/download-cache';
import { CARD_NOT_FOUND, createCardService } from '../cards/service';
import { attachmentHeader } from '../cards/vcard';
import { visitorKey } from '../cards/visitor';
import { loadUser } from '../auth/guards';
import type { FastifyRequest } from 'fastify';
import { buildApplePass } from './apple-pass';
import { googleSaveUrl } from './google-pass';

const idParams = z.object({ id: text().max(100) });

export const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  const { applePass, googleWallet, publicUrl } = app.ctx.config;
  const cards = createCardService(app.ctx);
  const passes = downloadCache<Buffer>(500);
  const links = downloadCache<string>(2000);

  const publicCard = async (id: string) => {
    const card = await cards.getPublic(id);
    if (!card) throw notFound(CARD_NOT_FOUND, 'CARD_NOT_FOUND');
    return card;
  };
  /** A pass or a save link asked for by someone else is a saved contact. */
  const countSave = async (request: FastifyRequest, id: string) => {
    const viewer = await loadUser(request);
    await cards.recordEvent(viewer, () => visitorKey(request, viewer?.id), id, 'contact_saved', 'direct');
  };
  /** The barcode opens the card with the QR mark that counts scanned visits. */
  const qrLink = (id: string) => `${cards.cardUrl(id)}?src=qr`;
  /** The photo can change without the card (the owner's profile photo): it is part of the key. */
  const photoTag = (url: string | null) =>
    crypto
      .createHash('sha1')
      .update(url ?? '')
      .digest('hex')
      .slice(0, 8);

  app.get('/wallet/availability', { schema: { response: { 200: walletAvailabilitySchema } } }, async (_, reply) => {
    reply.header('Cache-Control', 'public, max-age=300');
    return { apple: !!applePass, google: !!googleWallet };
  });

  app.get('/business-cards/:id/wallet/apple', { schema: { params: idParams } }, async (request, reply) => {
    if (!applePass) throw notFound('Apple Wallet is not configured', 'APPLE_WALLET_NOT_CONFIGURED');
    const card = await publicCard(request.params.id);
    await countSave(request, card.id);
    const variant = `pkpass-${photoTag(card.profileImageUrl)}`;
    reply.header('Cache-Control', 'private, no-cache');
    if (notModified(request, reply, downloadEtag(variant, card))) return reply;
    const pkpass = await passes.get(`${variant}:${cardVersionTag(card)}`, () =>
      buildApplePass(card, qrLink(card.id), cards.cardUrl(card.id), applePass, app.ctx.uploads.store),
    );
    return reply
      .type('application/vnd.apple.pkpass')
      .header('Content-Disposition', attachmentHeader(card.name, '.pkpass'))
      .send(pkpass);
  });

  app.get(
    '/business-cards/:id/wallet/google',
    { schema: { params: idParams, response: { 200: googleSaveLinkSchema } } },
    async (request, reply) => {
      if (!googleWallet) throw notFound('Google Wallet is not configured', 'GOOGLE_WALLET_NOT_CONFIGURED');
      const card = await publicCard(request.params.id);
      await countSave(request, card.id);
      reply.header('Cache-Control', 'private, no-cache');
      if (notModified(request, reply, downloadEtag('google-wallet', card))) return reply;
      const saveUrl = await links.get(cardVersionTag(card), () =>
        googleSaveUrl(card, qrLink(card.id), cards.cardUrl(card.id), googleWallet, publicUrl),
      );
      return { saveUrl };
    },
  );
};
