/**
 * Link previews for /cards/{id} (issue 3): Open Graph and Twitter tags in the HTML shell, so a
 * card pasted into WhatsApp or LinkedIn shows the person. Only approved public cards get tags.
 */
import type { FastifyInstance } from 'fastify';
import { escapeHtml } from '../../web';
import { enumLabel } from '../../platform/ai/labels';
import { findCardById } from './repository';
import { type CardService, isPubliclyVisible } from './service';

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

export function registerCardHead(app: FastifyInstance, cards: CardService): void {
  const { publicUrl } = app.ctx.config;
  app.headProviders.set('/cards/:id', async (params) => {
    const row = await findCardById(app.ctx.db, params.id);
    if (!row || !isPubliclyVisible(row)) return null;
    const c = row.card;
    const org = c.company || (c.bankName ? enumLabel('en', 'bank', c.bankName) : null);
    const title = `${c.name} — ${c.profession}${org ? `, ${org}` : ''}`;
    const place = [c.area, c.emirate ? enumLabel('en', 'emirate', c.emirate) : null].filter(Boolean).join(', ');
    const description = clip(
      (
        c.description ||
        c.professionalBio ||
        `${c.profession}${org ? ` at ${org}` : ''}${place ? ` in ${place}` : ''}.`
      ).replace(/\s+/g, ' '),
      200,
    );
    const rawImage = c.profileImageUrl ?? row.user.profileImageUrl;
    const image = rawImage ? (rawImage.startsWith('/') ? `${publicUrl}${rawImage}` : rawImage) : null;
    const tags: [string, string, string][] = [
      ['property', 'og:type', 'profile'],
      ['property', 'og:site_name', 'Bitaqa'],
      ['property', 'og:title', title],
      ['property', 'og:description', description],
      ['property', 'og:url', cards.cardUrl(c.id)],
      ['name', 'twitter:card', 'summary'],
      ['name', 'twitter:title', title],
      ['name', 'twitter:description', description],
      ['name', 'description', description],
    ];
    if (image) tags.push(['property', 'og:image', image], ['name', 'twitter:image', image]);
    return tags.map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeHtml(value)}">`).join('\n');
  });
}
