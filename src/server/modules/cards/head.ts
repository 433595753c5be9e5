/**
 * Link previews for /cards/{id}: Open Graph and Twitter tags, so a card pasted
 * into WhatsApp or LinkedIn shows the person with a 1200×630 PNG. Only public cards get tags.
 */
import type { FastifyInstance } from 'fastify';
import type { Card } from '../../../core/schemas/card';
import { cardText, localizeCard, primaryLanguageOf } from '../../../core/card-text';
import { enumLabel, type LabelLanguage } from '../../platform/ai/labels';
import { escapeHtml } from '../../web';
import { PREVIEW_HEIGHT, PREVIEW_WIDTH, previewPath } from './preview';
import type { CardService } from './service';

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

/** The company, else the bank's name. */
export function cardOrganisation(c: Pick<Card, 'company' | 'bankName'>, lang: LabelLanguage = 'en'): string | null {
  return c.company || (c.bankName ? enumLabel(lang, 'bank', c.bankName) : null);
}

/** The <meta> tags of a public card (escaped). */
export function cardHeadTags(
  stored: Card,
  url: string,
  publicUrl: string,
  title?: string,
  lang: LabelLanguage = primaryLanguageOf(stored),
): string {
  const text = cardText(stored, lang);
  const c = localizeCard(stored, lang);
  const org = cardOrganisation(c, lang);
  const heading = title ?? `${c.name} — ${c.profession}${org ? `, ${org}` : ''}`;
  const place = [c.area, c.emirate ? enumLabel(lang, 'emirate', c.emirate) : null]
    .filter(Boolean)
    .join(lang === 'ar' ? '، ' : ', ');
  const summary =
    lang === 'ar'
      ? `${c.profession}${org ? ` لدى ${org}` : ''}${place ? ` في ${place}` : ''}.`
      : `${c.profession}${org ? ` at ${org}` : ''}${place ? ` in ${place}` : ''}.`;
  // The description or bio written in the page's language first; either in the other one after.
  const inLang = (f: 'description' | 'professionalBio') => (text.language[f] === lang ? c[f] : null);
  const description = clip(
    (inLang('description') || inLang('professionalBio') || c.description || c.professionalBio || summary).replace(
      /\s+/g,
      ' ',
    ),
    200,
  );
  const image = `${publicUrl}${previewPath(c)}`;
  const tags: [string, string, string][] = [
    ['property', 'og:type', 'profile'],
    ['property', 'og:locale', lang === 'ar' ? 'ar_AE' : 'en_AE'],
    ['property', 'og:site_name', 'Bitaqa'],
    ['property', 'og:title', heading],
    ['property', 'og:description', description],
    ['property', 'og:url', url],
    ['property', 'og:image', image],
    ['property', 'og:image:type', 'image/png'],
    ['property', 'og:image:width', String(PREVIEW_WIDTH)],
    ['property', 'og:image:height', String(PREVIEW_HEIGHT)],
    ['property', 'og:image:alt', heading],
    ['name', 'twitter:card', 'summary_large_image'],
    ['name', 'twitter:title', heading],
    ['name', 'twitter:description', description],
    ['name', 'twitter:image', image],
    ['name', 'description', description],
  ];
  return tags.map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeHtml(value)}">`).join('\n');
}

/** Tags for the app shell when the page is not server-rendered (no build, or a render failure). */
export function registerCardHead(app: FastifyInstance, cards: CardService): void {
  const { publicUrl } = app.ctx.config;
  app.headProviders.set('/cards/:id', async (params) => {
    const card = await cards.getPublic(params.id);
    return card ? cardHeadTags(card, cards.cardUrl(card.id), publicUrl) : null;
  });
}
