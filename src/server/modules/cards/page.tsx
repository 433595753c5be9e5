/**
 * The public card page rendered on the server: the complete card in the first HTML, the
 * same CardSheet component the app draws, with lang/dir, title, canonical link, link-preview tags
 * and schema.org Person data. Its only script is the small card entry (share, inquiry on demand).
 */
import { LRUCache } from 'lru-cache';
import type { FastifyInstance } from 'fastify';
import { createInstance, type i18n as I18n } from 'i18next';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { COMPANY } from '../../../core/limits';
import type { Card } from '../../../core/schemas/card';
import arCards from '../../../web/i18n/ar/cards.json';
import arCommon from '../../../web/i18n/ar/common.json';
import arEnums from '../../../web/i18n/ar/enums.json';
import enCards from '../../../web/i18n/en/cards.json';
import enCommon from '../../../web/i18n/en/common.json';
import enEnums from '../../../web/i18n/en/enums.json';
import { Logo } from '../../../web/app/logo';
import { CardFooterLine, CardSheet, CreateOwnCta } from '../../../web/features/cards/components/card-sheet';
import { LANGUAGE_COOKIE } from '../../../core/routes';
import { cardLanguages, cardText, localizeCard, otherLanguage, primaryLanguageOf } from '../../../core/card-text';
import { escapeHtml, type WebAssets } from '../../web';
import { acceptLanguage } from '../../platform/mail/templates';
import { cardHeadTags, cardOrganisation } from './head';
import type { CardService } from './service';

export type PageLanguage = 'en' | 'ar';

const translators: Record<PageLanguage, I18n> = {
  en: translator('en', { cards: enCards, common: enCommon, enums: enEnums }),
  ar: translator('ar', { cards: arCards, common: arCommon, enums: arEnums }),
};

function translator(lng: PageLanguage, resources: Record<string, object>): I18n {
  const instance = createInstance();
  void instance.init({
    lng,
    fallbackLng: 'en',
    resources: {
      [lng]: resources,
      ...(lng === 'en' ? {} : { en: { cards: enCards, common: enCommon, enums: enEnums } }),
    },
    ns: ['cards', 'common', 'enums'],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}

/**
 * The page language: the visitor's choice (?lang= or the cookie the app sets) first; else the
 * browser's language when the card is written in it; else the card's own language, so a card
 * written only in Arabic is shown in Arabic, right to left. The text itself follows cardText.
 */
export function pageLanguage(
  card: Pick<Card, 'name' | 'profession' | 'company' | 'professionalBio' | 'primaryLanguage' | 'translations'> &
    Partial<Card>,
  choice: string | undefined,
  accept?: string,
): PageLanguage {
  if (choice === 'en' || choice === 'ar') return choice;
  const browser = acceptLanguage(accept);
  if (browser && cardLanguages(card as Card).includes(browser)) return browser;
  return primaryLanguageOf(card as Card);
}

/** JSON inside <script>: `<` escaped so a name can never close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** schema.org Person with the card's public contact data. */
export function personJsonLd(
  card: Card,
  url: string,
  image: string | null,
  org: string | null,
  /** The name as written in the card's other language, when it differs. */
  alternateName?: string,
): object {
  const same = Object.values(card.socialLinks).filter((v): v is string => !!v);
  return {
    '@context': 'https://schema.org',
    '@type': 'Person',
    name: card.name,
    ...(alternateName && alternateName !== card.name ? { alternateName } : {}),
    jobTitle: card.profession,
    url,
    ...(org ? { worksFor: { '@type': 'Organization', name: org } } : {}),
    ...(card.phone
      ? { telephone: card.phone.startsWith('+') ? card.phone : `${card.countryCode ?? '+971'} ${card.phone}` }
      : {}),
    ...(card.email ? { email: card.email } : {}),
    ...(image ? { image } : {}),
    ...(card.emirate
      ? { address: { '@type': 'PostalAddress', addressRegion: card.emirate, addressCountry: 'AE' } }
      : {}),
    ...(same.length ? { sameAs: same } : {}),
  };
}

function Page({ card, lang, i18n }: { card: Card; lang: PageLanguage; i18n: I18n }) {
  const t = i18n.getFixedT(lang, 'cards');
  const other = lang === 'ar' ? 'en' : 'ar';
  return (
    <I18nextProvider i18n={i18n}>
      <div className="flex min-h-screen flex-col bg-slate-50">
        <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur print:hidden">
          <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4">
            <a href="/" className="flex items-center gap-2" aria-label={i18n.t('nav.homeAria', { lng: lang })}>
              <Logo />
            </a>
            <div className="ms-auto flex items-center gap-2">
              <a
                href={`?lang=${other}`}
                lang={other}
                hrefLang={other}
                className="rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
                data-testid="card-language"
              >
                {t('public.language')}
              </a>
              <a
                href="/signup"
                className="inline-flex h-9 items-center rounded-lg bg-gold-400 px-3 text-sm font-medium text-brand-900 hover:bg-gold-500"
              >
                {i18n.t('footer.createCard', { lng: lang })}
              </a>
            </div>
          </div>
        </header>
        <main id="main" className="flex-1">
          <div className="mx-auto max-w-4xl space-y-5 px-4 py-8">
            <CardSheet
              card={card}
              extraActions={
                // Shown by the page's script (it needs a signed-in request): no dead button without it.
                <button
                  type="button"
                  data-card-save
                  data-testid="save-to-contacts"
                  hidden
                  className="inline-flex h-11 items-center justify-center gap-2 rounded-xl border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-900 hover:bg-slate-50"
                >
                  {t('public.saveToContacts')}
                </button>
              }
              share={
                // Hidden until the page's script runs: without JavaScript there is no dead button.
                <button
                  type="button"
                  data-card-share
                  hidden
                  className="inline-flex items-center justify-center gap-2 rounded-xl bg-gold-400 px-4 text-sm font-semibold text-brand-900 hover:bg-gold-500 focus-visible:outline-2 focus-visible:outline-brand-500"
                >
                  <svg
                    viewBox="0 0 24 24"
                    className="h-4 w-4"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2"
                    aria-hidden="true"
                  >
                    <circle cx="18" cy="5" r="3" />
                    <circle cx="6" cy="12" r="3" />
                    <circle cx="18" cy="19" r="3" />
                    <path d="m8.6 13.5 6.8 4M15.4 6.5l-6.8 4" />
                  </svg>
                  {t('public.share')}
                </button>
              }
              after={
                <div className="space-y-5 print:hidden">
                  {/* "Share your details" opens the exchange form on demand, like the inquiry; both
                      buttons wait for the page's script, which shows them. */}
                  <section data-card-exchange>
                    <button
                      type="button"
                      hidden
                      className="flex h-12 w-full items-center justify-center rounded-xl border border-brand-200 bg-white px-4 text-sm font-semibold text-brand-800 hover:bg-brand-50"
                    >
                      {t('public.shareDetails', { name: card.name })}
                    </button>
                  </section>
                  <section data-card-inquiry>
                    <button
                      type="button"
                      hidden
                      className="flex h-12 w-full items-center justify-center rounded-xl border border-brand-200 bg-white px-4 text-sm font-semibold text-brand-800 hover:bg-brand-50"
                    >
                      {t('public.inquire', { name: card.name })}
                    </button>
                  </section>
                  <CreateOwnCta
                    action={
                      <a
                        href="/signup"
                        className="inline-flex h-10 items-center rounded-lg bg-gold-400 px-4 text-sm font-medium text-brand-900 hover:bg-gold-500"
                      >
                        {t('public.createOwn')}
                      </a>
                    }
                  />
                  <CardFooterLine
                    name={i18n.t('brand', { lng: lang })}
                    phone={COMPANY.phone}
                    email={COMPANY.email}
                    website={COMPANY.website}
                  />
                </div>
              }
            />
          </div>
        </main>
      </div>
    </I18nextProvider>
  );
}

/** The HTML document of a public card, or null when the card is not public (the app answers). */
export async function renderCardPage(
  cards: CardService,
  publicUrl: string,
  id: string,
  choice: string | undefined,
  assets: WebAssets,
  /** The committed list version, read before the card: a changed card is a new version. */
  version: number,
  /** The browser's Accept-Language, used when the visitor has not chosen. */
  accept?: string,
): Promise<string | null> {
  const stored = await cards.getPublic(id);
  if (!stored) return null;
  const lang = pageLanguage(stored, choice, accept);
  // Rendering is the page's main cost; the same card, language and build give the same page
  //. The version is read before the card, so a page shows rows at least as new as the
  // version it is filed under, and any change to the card moves the version: a new page.
  // The register's check changes the badge without changing the card (a renewal's new end date,
  // the daily check's date): it is part of the key, read with the card (kept seconds, not days).
  const licence = stored.licence ? `${stored.licence.validUntil}|${stored.licence.checkedAt.slice(0, 10)}` : '';
  const key = `${version}|${id}|${lang}|${assets.appScript}|${publicUrl}|${licence}`;
  const cached = renderedPages.get(key);
  if (cached) return cached;
  const html = renderPage(stored, lang, cards, publicUrl, assets);
  renderedPages.set(key, html);
  return html;
}

/** Rendered card pages by content (see renderCardPage); a few MB at most. */
const renderedPages = new LRUCache<string, string>({
  max: 2000,
  maxSize: 32 * 1024 * 1024,
  sizeCalculation: (html) => html.length,
});

function renderPage(
  stored: NonNullable<Awaited<ReturnType<CardService['getPublic']>>>,
  lang: PageLanguage,
  cards: CardService,
  publicUrl: string,
  assets: WebAssets,
): string {
  // Every text of the page (heading, <title>, previews, JSON-LD) in the page's language where written.
  const card = localizeCard(stored, lang);
  const otherName = cardText(stored, otherLanguage(lang)).name;
  const i18n = translators[lang];
  const url = cards.cardUrl(card.id);
  const org = cardOrganisation(card, lang);
  const title = `${card.name} — ${card.profession}${org ? `, ${org}` : ''}`;
  const image = card.profileImageUrl
    ? card.profileImageUrl.startsWith('/')
      ? `${publicUrl}${card.profileImageUrl}`
      : card.profileImageUrl
    : null;
  const body = renderToString(<Page card={card} lang={lang} i18n={i18n} />);
  const entry = assets.entry('card-entry.ts');
  const data = {
    id: card.id,
    name: card.name,
    company: org,
    url,
    lang,
    shareText: org
      ? i18n.t('share.message', { ns: 'cards', lng: lang, name: card.name, company: org })
      : i18n.t('share.messageNoCompany', { ns: 'cards', lng: lang, name: card.name }),
    savedText: i18n.t('public.savedToContacts', { ns: 'cards', lng: lang }),
  };
  const head = [
    '<meta charset="UTF-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1.0">',
    '<meta name="theme-color" content="#0f3d3e">',
    '<link rel="icon" type="image/svg+xml" href="/favicon.svg">',
    `<title>${escapeHtml(title)}</title>`,
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    cardHeadTags(stored, url, publicUrl, title, lang),
    // The colour theme before the first paint (public/theme.js; no inline script is allowed).
    '<script src="/theme.js"></script>',
    ...assets.styles.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`),
    ...(entry
      ? [
          ...entry.imports.map((href) => `<link rel="modulepreload" href="${escapeHtml(href)}">`),
          `<script type="module" src="${escapeHtml(entry.script)}"></script>`,
        ]
      : []),
    `<script type="application/ld+json">${scriptJson(personJsonLd(card, url, image, org, otherName))}</script>`,
  ];
  return [
    '<!doctype html>',
    `<html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}">`,
    `<head>\n${head.join('\n')}\n</head>`,
    `<body><div id="root">${body}</div>`,
    `<script type="application/json" id="card-data">${scriptJson(data)}</script>`,
    '</body></html>',
  ].join('\n');
}

export function registerCardPage(app: FastifyInstance, cards: CardService): void {
  app.pageRenderers.set('/cards/:id', async (params, request, reply, assets) => {
    const query = request.query as Record<string, string | undefined>;
    const asked = query.lang === 'en' || query.lang === 'ar' ? query.lang : undefined;
    // Following the language link keeps the choice for the next visit, as the app's toggle does.
    if (asked) reply.setCookie(LANGUAGE_COOKIE, asked, { path: '/', maxAge: 31_536_000, sameSite: 'lax' });
    const version = await app.ctx.listVersion.current();
    const html = await renderCardPage(
      cards,
      app.ctx.config.publicUrl,
      params.id,
      asked ?? request.cookies[LANGUAGE_COOKIE],
      assets,
      version,
      request.headers['accept-language'],
    );
    // The answer depends on the browser's language when no choice was made.
    reply.header('Vary', 'Accept-Language, Cookie');
    if (html === null) reply.code(404);
    return html;
  });
}
