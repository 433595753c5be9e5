/**
 * The public brokerage page /brokerages/{slug}, complete in the first HTML like the
 * card page (modules/cards/page.tsx): details, the ORN badge, its listed brokers (filterable by
 * language and specialization with a plain GET form, no script needed) and its approved
 * listings. Links lead into the app's own pages (/cards/{id}, /properties/{id}).
 */
import type { FastifyInstance } from 'fastify';
import { createInstance, type i18n as I18n } from 'i18next';
import { LRUCache } from 'lru-cache';
import { renderToString } from 'react-dom/server';
import { BROKER_SPECIALIZATIONS, LANGUAGES } from '../../../core/enums';
import { formatPriceAed, licenceDate } from '../../../core/format';
import { LANGUAGE_COOKIE } from '../../../core/routes';
import {
  type PublicBrokerage,
  type PublicBrokerageQuery,
  publicBrokerageQuerySchema,
} from '../../../core/schemas/brokerages';
import arBrokerages from '../../../web/i18n/ar/brokerages.json';
import arCommon from '../../../web/i18n/ar/common.json';
import arEnums from '../../../web/i18n/ar/enums.json';
import enBrokerages from '../../../web/i18n/en/brokerages.json';
import enCommon from '../../../web/i18n/en/common.json';
import enEnums from '../../../web/i18n/en/enums.json';
import { escapeHtml, type WebAssets } from '../../web';
import { publicBrokerage } from './public';

type Lang = 'en' | 'ar';

function translator(lng: Lang): I18n {
  const instance = createInstance();
  void instance.init({
    lng,
    resources: {
      en: { brokerages: enBrokerages, common: enCommon, enums: enEnums },
      ar: { brokerages: arBrokerages, common: arCommon, enums: arEnums },
    },
    ns: ['brokerages', 'common', 'enums'],
    defaultNS: 'brokerages',
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}
const translators: Record<Lang, I18n> = { en: translator('en'), ar: translator('ar') };

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase())
    .join('');

/** The filters of the brokers' GET form: a labelled select each, whose first choice ("All …") clears it. */
const BROKER_FILTERS = [
  { name: 'language', label: 'page.language', all: 'page.allLanguages', enumKey: 'language', values: LANGUAGES },
  {
    name: 'specialization',
    label: 'page.specialization',
    all: 'page.allSpecializations',
    enumKey: 'brokerSpecialization',
    values: BROKER_SPECIALIZATIONS,
  },
] as const;

function Page({ data, lang, q }: { data: PublicBrokerage; lang: Lang; q: PublicBrokerageQuery }) {
  const i18n = translators[lang];
  const t = i18n.t.bind(i18n);
  const b = data.brokerage;
  const name = lang === 'ar' && b.nameAr ? b.nameAr : b.name;
  const other = lang === 'ar' ? 'en' : 'ar';
  const primary = b.primaryColor ?? '#0f4c81';
  const secondary = b.secondaryColor ?? '#e2b33c';
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4">
          <a href="/" className="text-lg font-bold text-brand-800" aria-label={t('common:nav.homeAria')}>
            {t('common:brand')}
          </a>
          <nav className="ms-auto flex items-center gap-2" aria-label={t('page.mainNav')}>
            <a href="/directory" className="rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100">
              {t('common:nav.directory')}
            </a>
            <a
              href={`?lang=${other}`}
              lang={other}
              hrefLang={other}
              className="rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
              data-testid="brokerage-language"
            >
              {other === 'ar' ? 'العربية' : 'English'}
            </a>
          </nav>
        </div>
      </header>
      <main id="main" className="flex-1">
        <div className="h-2" style={{ background: `linear-gradient(90deg, ${primary}, ${secondary})` }} />
        <div className="mx-auto max-w-6xl space-y-8 px-4 py-8">
          <section className="flex flex-wrap items-center gap-5 rounded-2xl bg-white p-6 shadow-sm">
            {b.logoUrl ? (
              <img
                src={b.logoUrl}
                alt={`${name} logo`}
                width={96}
                height={96}
                className="h-24 w-24 rounded-xl border border-slate-200 bg-white object-contain"
              />
            ) : (
              <span
                aria-hidden="true"
                data-user
                className="flex h-24 w-24 items-center justify-center rounded-xl text-3xl font-bold text-white"
                style={{ backgroundColor: primary }}
              >
                {initials(b.name)}
              </span>
            )}
            <div className="min-w-0 flex-1">
              <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl" data-user>
                {name}
              </h1>
              {lang === 'en' && b.nameAr ? (
                <p className="mt-1 text-lg text-slate-600" lang="ar" dir="rtl">
                  {b.nameAr}
                </p>
              ) : null}
              {lang === 'ar' && b.nameAr ? (
                <p className="mt-1 text-lg text-slate-600" lang="en" dir="ltr" data-user>
                  {b.name}
                </p>
              ) : null}
              <div className="mt-2 flex flex-wrap items-center gap-2 text-sm text-slate-700">
                <bdi>{t('ornLabel', { orn: b.ornNumber })}</bdi>
                {b.ornVerified ? (
                  <span
                    className={
                      b.ornRegister
                        ? 'inline-flex items-start gap-1 rounded-xl bg-emerald-100 px-2.5 py-1 text-xs font-semibold text-emerald-800'
                        : 'inline-flex items-center gap-1 rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-semibold text-emerald-800'
                    }
                    data-testid={b.ornRegister ? 'orn-register' : 'orn-verified'}
                  >
                    <svg
                      viewBox="0 0 24 24"
                      className="h-3.5 w-3.5 shrink-0"
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="2.5"
                      aria-hidden="true"
                    >
                      <path d="m5 12 5 5L20 7" />
                    </svg>
                    {b.ornRegister ? (
                      <span>
                        <span className="block">
                          {b.ornRegister.validUntil
                            ? t('registerBadge', { date: licenceDate(b.ornRegister.validUntil, lang) })
                            : t('registerBadgeOpen')}
                        </span>
                        <span className="block font-normal">
                          {t('registerChecked', { date: licenceDate(b.ornRegister.checkedAt, lang) })}
                        </span>
                      </span>
                    ) : (
                      t('verified')
                    )}
                  </span>
                ) : (
                  <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700">
                    {t('unverified')}
                  </span>
                )}
              </div>
              {b.officeAddress ? (
                <p className="mt-2 text-sm text-slate-600">
                  {t('page.office')}: <bdi>{b.officeAddress}</bdi>
                  {lang === 'ar' ? '، ' : ', '}
                  {t(`enums:emirate.${b.emirate}`)}
                </p>
              ) : null}
            </div>
          </section>

          <section aria-labelledby="brokers" className="space-y-4">
            <div className="flex flex-wrap items-end justify-between gap-4">
              <h2 id="brokers" className="text-xl font-semibold">
                {t('page.brokers')} <span className="text-slate-500">({data.members.length})</span>
              </h2>
              <form method="get" className="flex flex-wrap items-end gap-3">
                {BROKER_FILTERS.map((f) => (
                  <label key={f.name} className="text-sm">
                    <span className="block font-medium text-slate-700">{t(f.label)}</span>
                    <select
                      name={f.name}
                      defaultValue={q[f.name] ?? ''}
                      className="mt-1 h-10 rounded-lg border border-slate-300 bg-white px-3 text-sm"
                    >
                      <option value="">{t(f.all)}</option>
                      {f.values.map((v) => (
                        <option key={v} value={v}>
                          {t(`enums:${f.enumKey}.${v}`)}
                        </option>
                      ))}
                    </select>
                  </label>
                ))}
                <button
                  type="submit"
                  className="h-10 rounded-lg px-4 text-sm font-medium text-white"
                  style={{ backgroundColor: primary }}
                >
                  {t('page.apply')}
                </button>
              </form>
            </div>
            {data.members.length ? (
              <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="brokerage-members">
                {data.members.map((m) => (
                  <li key={m.id}>
                    <a
                      href={`/cards/${m.id}`}
                      className="flex h-full items-center gap-3 rounded-xl border border-slate-200 bg-white p-4 hover:shadow-md"
                      style={{ borderInlineStart: `4px solid ${primary}` }}
                    >
                      {m.profileImageUrl ? (
                        <img
                          src={m.profileImageUrl}
                          alt=""
                          width={56}
                          height={56}
                          className="h-14 w-14 rounded-full object-cover"
                        />
                      ) : (
                        <span
                          aria-hidden="true"
                          data-user
                          className="flex h-14 w-14 items-center justify-center rounded-full text-lg font-semibold text-white"
                          style={{ backgroundColor: primary }}
                        >
                          {initials(m.name)}
                        </span>
                      )}
                      <span className="min-w-0">
                        <span className="block font-semibold text-slate-900">
                          <bdi>{m.name}</bdi>
                        </span>
                        <span className="block text-sm text-slate-600">
                          <bdi>{m.profession}</bdi>
                        </span>
                        {m.languages.length ? (
                          <span className="block text-xs text-slate-500">
                            {m.languages.map((l) => t(`enums:language.${l}`)).join(' · ')}
                          </span>
                        ) : null}
                        {m.licenseVerified && m.brnNumber ? (
                          <span className="block text-xs text-emerald-700">
                            <bdi>BRN {m.brnNumber}</bdi>
                          </span>
                        ) : null}
                      </span>
                    </a>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="rounded-xl bg-white p-6 text-center text-slate-600">{t('page.noBrokers')}</p>
            )}
            <p>
              <a
                className="text-sm font-medium text-brand-700 underline"
                href={`/directory?brokerage=${encodeURIComponent(b.slug)}`}
              >
                {t('page.seeInDirectory')}
              </a>
            </p>
          </section>

          <section aria-labelledby="listings" className="space-y-4">
            <h2 id="listings" className="text-xl font-semibold">
              {t('page.listings')}
            </h2>
            {data.listings.length ? (
              <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                {data.listings.map((p) => (
                  <li key={p.id}>
                    <a
                      href={`/properties/${p.id}`}
                      className="block h-full overflow-hidden rounded-xl border border-slate-200 bg-white hover:shadow-md"
                    >
                      {p.imageUrls[0] ? (
                        <img
                          src={p.imageUrls[0]}
                          alt=""
                          width={400}
                          height={240}
                          className="h-40 w-full object-cover"
                        />
                      ) : null}
                      <span className="block space-y-1 p-4">
                        <span className="block font-semibold text-slate-900">
                          <bdi>{p.title}</bdi>
                        </span>
                        <span className="block text-sm font-semibold" style={{ color: primary }} dir="ltr">
                          {formatPriceAed(p.price, { locale: lang === 'ar' ? 'ar-AE' : 'en-AE' })}
                        </span>
                        <span className="block text-xs text-slate-500">
                          {t(`enums:propertyType.${p.propertyType}`)} · {t(`enums:propertyStatus.${p.status}`)}
                          {p.city ? ` · ${t(`enums:city.${p.city}`, { defaultValue: p.city })}` : ''}
                        </span>
                      </span>
                    </a>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="rounded-xl bg-white p-6 text-center text-slate-600">{t('page.noListings')}</p>
            )}
          </section>
        </div>
      </main>
    </div>
  );
}

/** Rendered pages by list version, slug, filters and language (see renderCardPage). */
const rendered = new LRUCache<string, { html: string | null }>({
  max: 1000,
  maxSize: 16 * 1024 * 1024,
  sizeCalculation: (v) => (v.html?.length ?? 0) + 64,
});

function document(data: PublicBrokerage, lang: Lang, q: PublicBrokerageQuery, url: string, assets: WebAssets) {
  const b = data.brokerage;
  const title = `${lang === 'ar' && b.nameAr ? b.nameAr : b.name} — Bitaqa`;
  const description = `${b.name}${b.nameAr ? ` (${b.nameAr})` : ''}, ORN ${b.ornNumber}: ${data.members.length} brokers on Bitaqa.`;
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'RealEstateAgent',
    name: b.name,
    ...(b.nameAr ? { alternateName: b.nameAr } : {}),
    url,
    ...(b.officeAddress ? { address: b.officeAddress } : {}),
    identifier: { '@type': 'PropertyValue', propertyID: 'RERA ORN', value: b.ornNumber },
  };
  const head = [
    '<meta charset="UTF-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1.0">',
    `<meta name="theme-color" content="${escapeHtml(b.primaryColor ?? '#0f3d3e')}">`,
    '<link rel="icon" type="image/svg+xml" href="/favicon.svg">',
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}">`,
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    `<meta property="og:title" content="${escapeHtml(title)}">`,
    `<meta property="og:description" content="${escapeHtml(description)}">`,
    `<meta property="og:url" content="${escapeHtml(url)}">`,
    // The colour theme before the first paint (public/theme.js; no inline script is allowed).
    '<script src="/theme.js"></script>',
    ...assets.styles.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`),
    `<script type="application/ld+json">${JSON.stringify(jsonLd).replace(/</g, '\\u003c')}</script>`,
  ];
  return [
    '<!doctype html>',
    `<html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}">`,
    `<head>\n${head.join('\n')}\n</head>`,
    `<body><div id="root">${renderToString(<Page data={data} lang={lang} q={q} />)}</div></body></html>`,
  ].join('\n');
}

export function registerBrokeragePage(app: FastifyInstance): void {
  app.pageRenderers.set('/brokerages/:slug', async (params, request, reply, assets) => {
    const query = request.query as Record<string, string | undefined>;
    const asked = query.lang === 'en' || query.lang === 'ar' ? query.lang : undefined;
    if (asked) reply.setCookie(LANGUAGE_COOKIE, asked, { path: '/', maxAge: 31_536_000, sameSite: 'lax' });
    const choice = asked ?? request.cookies[LANGUAGE_COOKIE];
    const lang: Lang = choice === 'ar' ? 'ar' : 'en';
    const parsed = publicBrokerageQuerySchema.safeParse(query);
    const q: PublicBrokerageQuery = parsed.success ? parsed.data : {};
    const slug = params.slug.toLowerCase();
    if (!/^[a-z0-9-]{1,80}$/.test(slug)) {
      reply.code(404);
      return null;
    }
    const version = await app.ctx.listVersion.current();
    // The day is part of the key: the register badge's check date and expiry move with it.
    const day = app.ctx.now().toISOString().slice(0, 10);
    const key = `${version}|${day}|${slug}|${q.language ?? ''}|${q.specialization ?? ''}|${lang}|${assets.appScript}`;
    const hit = rendered.get(key);
    if (hit) {
      if (hit.html === null) reply.code(404);
      return hit.html;
    }
    const data = await publicBrokerage(app.ctx.db, slug, q);
    // No brokerage here: the app shell answers, and the app shows its not-found page.
    const html = data ? document(data, lang, q, `${app.ctx.config.publicUrl}/brokerages/${slug}`, assets) : null;
    if (!data) reply.code(404);
    rendered.set(key, { html });
    return html;
  });
}
