/**
 * The design of a public business card: one component drawn by the server for the first
 * paint of /cards/{id} (react-dom/server, no JavaScript needed) and by the app inside its pages.
 * Only props and translations: no router, queries or session, so both sides render the same thing.
 */
import {
  AtSign,
  BadgeCheck,
  Briefcase,
  Building2,
  Camera,
  Download,
  ExternalLink,
  Globe,
  Mail,
  MapPin,
  MessageCircle,
  Phone,
  Send,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { fullPhone, telegramLink, telLink, whatsappLink } from '../../../../core/card-contact';
import type { Card as CardData } from '../../../../core/schemas/card';
import { Avatar } from '../../../components/ui/avatar';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { RoleBadge } from '../../../components/ui/role-badge';
import { cn } from '../../../lib/utils';
import { useCardFacts } from './card-facts';
import { shownCompany } from './card-company';
import { LicenseBadge } from './license-badge';

const external = { target: '_blank', rel: 'noopener noreferrer' } as const;

/** Whether white text on this #rrggbb colour reaches the 4.5:1 contrast of WCAG AA. */
export function readableUnderWhite(hex: string): boolean {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) return false;
  const lin = (c: string) => {
    const v = Number.parseInt(c, 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  const l = 0.2126 * lin(m[1]) + 0.7152 * lin(m[2]) + 0.0722 * lin(m[3]);
  return 1.05 / (l + 0.05) >= 4.5;
}

/** The vCard download ("Save contact"), the same file the share dialog offers. */
export const vcardUrl = (id: string) => `/api/business-cards/${encodeURIComponent(id)}/vcard`;

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{title}</CardTitle>
      </CardHeader>
      <CardContent className="text-sm text-slate-700">{children}</CardContent>
    </Card>
  );
}

const action =
  'inline-flex h-12 min-w-0 flex-col items-center justify-center gap-0.5 rounded-xl border border-slate-200 bg-white px-2 text-xs font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-500';

/**
 * The card: header, primary actions (Save contact, Call, WhatsApp, E-mail, then `share`), contact,
 * professional details, about, pitch, value proposition and services. `after` follows the card
 * (the inquiry form, the create-your-own invitation).
 */
export function CardSheet({
  card,
  share,
  extraActions,
  after,
}: {
  card: CardData;
  share?: ReactNode;
  extraActions?: ReactNode;
  after?: ReactNode;
}) {
  const { t, i18n } = useTranslation('cards');
  const facts = useCardFacts(card, card.user.role);
  const bank = card.bankName ? t(`bank.${card.bankName}`, { ns: 'enums' }) : null;
  const company = shownCompany(card, i18n.language, bank);
  const phone = fullPhone(card.phone, card.countryCode);
  const wa = whatsappLink(card.phone, card.countryCode);
  const tg = telegramLink(card.phone, card.countryCode);
  const tel = telLink(card.phone, card.countryCode);
  const bio = card.professionalBio || card.description;
  const social = [
    { key: 'linkedin', href: card.socialLinks.linkedin, icon: Briefcase, label: t('fields.linkedin') },
    { key: 'twitter', href: card.socialLinks.twitter, icon: AtSign, label: t('fields.twitter') },
    { key: 'instagram', href: card.socialLinks.instagram, icon: Camera, label: t('fields.instagram') },
    { key: 'website', href: card.socialLinks.website, icon: Globe, label: t('fields.website') },
  ].filter((s) => !!s.href);
  const quick = [tel, wa, card.email].filter(Boolean).length;
  const hasArabicName =
    card.primaryLanguage === 'ar' || !!card.translations?.ar?.name || /[\u0600-\u06ff]/.test(card.name);
  const registerNameAr = (!hasArabicName && card.licence?.registerNameAr) || null;
  // A member's card wears the brokerage's colours when white text stays readable on them.
  const brand = card.brokerage ?? null;
  const brandName = brand ? (i18n.language === 'ar' && brand.nameAr ? brand.nameAr : brand.name) : '';
  const from = brand?.primaryColor && readableUnderWhite(brand.primaryColor) ? brand.primaryColor : null;
  const to = brand?.secondaryColor && readableUnderWhite(brand.secondaryColor) ? brand.secondaryColor : from;
  const headerStyle = from ? { backgroundImage: `linear-gradient(to bottom right, ${from}, ${to})` } : undefined;

  return (
    <>
      <Card className="overflow-hidden">
        <div className="bg-gradient-to-br from-brand-800 to-brand-600 px-6 pb-6 pt-8 text-white" style={headerStyle}>
          <div className="flex flex-col items-center gap-4 text-center sm:flex-row sm:text-start">
            <Avatar
              src={card.profileImageUrl}
              name={card.name}
              className="h-24 w-24 border-4 border-white/80 text-2xl"
            />
            <div className="min-w-0 flex-1">
              <h1 dir="auto" className="text-2xl font-bold md:text-3xl">
                {card.name}
              </h1>
              {registerNameAr && (
                // The card has no Arabic name: the one the regulator's register gives it.
                <p className="mt-0.5 text-lg text-brand-50" data-testid="register-name-ar">
                  <span className="sr-only">{t('licence.registerNameAr')}: </span>
                  <bdi lang="ar" dir="rtl">
                    {registerNameAr}
                  </bdi>
                </p>
              )}
              <p dir="auto" className="mt-1 text-brand-100">
                {card.profession}
              </p>
              {company && (
                <p className="mt-1 flex items-center justify-center gap-1.5 text-sm text-brand-100 sm:justify-start">
                  <Building2 className="h-4 w-4" aria-hidden="true" />
                  <bdi>{company}</bdi>
                </p>
              )}
              <div className="mt-3 flex flex-wrap justify-center gap-2 sm:justify-start">
                <RoleBadge role={card.user.role} />
                <LicenseBadge card={card} />
              </div>
            </div>
          </div>
        </div>
        {brand ? (
          <a
            href={`/brokerages/${encodeURIComponent(brand.slug)}`}
            className="flex items-center gap-3 border-b border-slate-100 px-4 py-3 hover:bg-slate-50"
            style={{ borderInlineStart: `4px solid ${brand.primaryColor ?? '#0f4c81'}` }}
            aria-label={t('brokerage.pageLink', { name: brandName })}
            data-testid="card-brokerage"
          >
            {brand.logoUrl ? (
              <img
                src={brand.logoUrl}
                alt=""
                width={40}
                height={40}
                className="h-10 w-10 shrink-0 rounded-md border border-slate-200 bg-white object-contain"
              />
            ) : (
              <Building2 className="h-8 w-8 shrink-0 text-slate-500" aria-hidden="true" />
            )}
            <span className="min-w-0">
              <span className="block truncate text-sm font-semibold text-slate-900">
                {t('brokerage.memberOf', { name: brandName })}
              </span>
              <span className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
                <span dir="ltr">{t('brokerage.orn', { orn: brand.ornNumber })}</span>
                {brand.verified ? (
                  <span className="inline-flex items-center gap-1 rounded-full bg-emerald-100 px-2 py-0.5 font-semibold text-emerald-800">
                    <BadgeCheck className="h-3.5 w-3.5" aria-hidden="true" />
                    {t('brokerage.verified')}
                  </span>
                ) : null}
              </span>
            </span>
          </a>
        ) : null}
        <div className="space-y-2 p-4 print:hidden">
          <a
            href={vcardUrl(card.id)}
            download
            data-testid="save-contact"
            className="flex h-12 w-full items-center justify-center gap-2 rounded-xl bg-brand-700 px-4 text-base font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
          >
            <Download className="h-5 w-5" aria-hidden="true" />
            {t('public.saveContact')}
          </a>
          {quick > 0 && (
            <div
              className={cn('grid gap-2', quick === 3 ? 'grid-cols-3' : quick === 2 ? 'grid-cols-2' : 'grid-cols-1')}
            >
              {tel && (
                <a href={tel} className={action} data-testid="call-link">
                  <Phone className="h-4 w-4 text-brand-700" aria-hidden="true" />
                  {t('public.call')}
                </a>
              )}
              {wa && (
                <a href={wa} {...external} className={action} data-testid="whatsapp-link">
                  <MessageCircle className="h-4 w-4 text-emerald-600" aria-hidden="true" />
                  {t('public.whatsapp')}
                </a>
              )}
              {card.email && (
                <a href={`mailto:${card.email}`} className={action} data-testid="email-link">
                  <Mail className="h-4 w-4 text-brand-700" aria-hidden="true" />
                  {t('public.email')}
                </a>
              )}
            </div>
          )}
          {(share || extraActions) && (
            <div className="flex gap-2 [&>*]:h-11 [&>*]:flex-1">
              {extraActions}
              {share}
            </div>
          )}
        </div>
      </Card>

      <div className="grid gap-5 md:grid-cols-2">
        <Block title={t('public.contact')}>
          <ul className="space-y-2">
            {phone && tel && (
              <li className="flex items-center gap-2">
                <Phone className="h-4 w-4 shrink-0 text-brand-600" aria-hidden="true" />
                <a href={tel} dir="ltr" className="inline-flex min-h-6 items-center hover:underline">
                  {phone}
                </a>
              </li>
            )}
            {card.email && (
              <li className="flex min-w-0 items-center gap-2">
                <Mail className="h-4 w-4 shrink-0 text-brand-600" aria-hidden="true" />
                <a href={`mailto:${card.email}`} dir="ltr" className="block min-h-6 truncate py-0.5 hover:underline">
                  {card.email}
                </a>
              </li>
            )}
            {tg && (
              <li className="flex items-center gap-2">
                <Send className="rtl-flip h-4 w-4 shrink-0 text-brand-600" aria-hidden="true" />
                <a
                  href={tg}
                  {...external}
                  className="inline-flex min-h-6 items-center hover:underline"
                  data-testid="telegram-link"
                >
                  {t('public.telegram')}
                </a>
              </li>
            )}
            {card.officeAddress && (
              <li className="flex items-start gap-2">
                <MapPin className="mt-0.5 h-4 w-4 shrink-0 text-brand-600" aria-hidden="true" />
                {/* The address in its own direction, and the map link under it in the page's: an
                    English address and an Arabic link in one run were reordered. */}
                <span className="min-w-0">
                  <span dir="auto" className="block rtl:text-right">
                    {card.officeAddress}
                  </span>
                  {card.googleMapsLink && (
                    <a
                      href={card.googleMapsLink}
                      {...external}
                      className="inline-flex items-center gap-1 text-brand-700 hover:underline"
                    >
                      {t('public.maps')}
                      <ExternalLink className="h-3.5 w-3.5" aria-hidden="true" />
                    </a>
                  )}
                </span>
              </li>
            )}
          </ul>
          {social.length > 0 && (
            <div className="mt-4 border-t border-slate-100 pt-3">
              <p className="mb-2 text-xs font-medium uppercase tracking-wide text-slate-500">{t('public.social')}</p>
              <div className="flex flex-wrap gap-2">
                {social.map(({ key, href, icon: Icon, label }) => (
                  <a
                    key={key}
                    href={href}
                    {...external}
                    className="inline-flex items-center gap-1.5 rounded-full border border-slate-200 px-3 py-1 text-slate-700 hover:bg-slate-50"
                    data-testid={`social-${key}`}
                  >
                    <Icon className="h-4 w-4" aria-hidden="true" />
                    {label}
                  </a>
                ))}
              </div>
            </div>
          )}
        </Block>
        {facts.length > 0 && (
          <Block title={t('public.details')}>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
              {facts.map((f) => (
                <div key={f.key} className="contents">
                  <dt className="text-slate-500">{f.label}</dt>
                  {/* A value takes its own direction (a licence number reads left to right) but keeps
                      to the page's reading edge, beside its label, in Arabic. */}
                  <dd dir="auto" className="min-w-0 break-words text-slate-900 rtl:text-right">
                    {f.value}
                  </dd>
                </div>
              ))}
            </dl>
          </Block>
        )}
      </div>

      {bio && (
        <Block title={t('public.about')}>
          <p dir="auto" className="whitespace-pre-line leading-relaxed">
            {bio}
          </p>
        </Block>
      )}
      {(card.salesPitch || card.valueProposition) && (
        <div className="grid gap-5 md:grid-cols-2">
          {card.salesPitch && (
            <Block title={t('public.pitch')}>
              <p dir="auto" className="whitespace-pre-line">
                {card.salesPitch}
              </p>
            </Block>
          )}
          {card.valueProposition && (
            <Block title={t('public.value')}>
              <p dir="auto" className="whitespace-pre-line">
                {card.valueProposition}
              </p>
            </Block>
          )}
        </div>
      )}
      {(card.servicesOffered.length > 0 ||
        card.financingSolutions ||
        card.investmentProfile ||
        card.regionsOfInterest.length > 0 ||
        card.projectPortfolioLink) && (
        <Block title={t('public.services')}>
          <div className="space-y-3">
            {card.servicesOffered.length > 0 && (
              <ul className="flex flex-wrap gap-2">
                {card.servicesOffered.map((s) => (
                  <li key={s} dir="auto" className="rounded-full bg-brand-50 px-3 py-1 text-brand-800">
                    {s}
                  </li>
                ))}
              </ul>
            )}
            {card.financingSolutions && (
              <p>
                <span className="block font-medium">{t('public.financing')}</span>
                <span dir="auto" className="block">
                  {card.financingSolutions}
                </span>
              </p>
            )}
            {card.investmentProfile && (
              <p>
                <span className="block font-medium">{t('public.investmentProfile')}</span>
                <span dir="auto" className="block">
                  {card.investmentProfile}
                </span>
              </p>
            )}
            {card.regionsOfInterest.length > 0 && (
              <p>
                <span className="block font-medium">{t('public.regions')}</span>
                <span dir="auto" className="block">
                  {card.regionsOfInterest.join(t('listSeparator'))}
                </span>
              </p>
            )}
            {card.projectPortfolioLink && (
              <a
                href={card.projectPortfolioLink}
                {...external}
                className="inline-flex items-center gap-1 font-medium text-brand-700 hover:underline"
              >
                {t('public.portfolio')}
                <ExternalLink className="h-3.5 w-3.5" aria-hidden="true" />
              </a>
            )}
          </div>
        </Block>
      )}
      {after}
    </>
  );
}

/** The site's contact line under a card. */
export function CardFooterLine({
  name,
  phone,
  email,
  website,
}: {
  name: string;
  phone: string;
  email: string;
  website: string;
}) {
  return (
    <p className="text-center text-xs text-slate-500">
      {name} · <span dir="ltr">{phone}</span> ·{' '}
      <a href={`mailto:${email}`} className="inline-flex min-h-6 items-center hover:underline">
        {email}
      </a>{' '}
      ·{' '}
      <a href={website} {...external} className="inline-flex min-h-6 items-center hover:underline">
        {website.replace(/^https?:\/\//, '')}
      </a>
    </p>
  );
}

/** The invitation under a card; `action` is the link (a router link in the app, a plain one on the server). */
export function CreateOwnCta({ action }: { action: ReactNode }) {
  const { t } = useTranslation('cards');
  return (
    <Card className="bg-brand-50/60">
      <CardContent className="flex flex-col items-center gap-3 p-6 text-center sm:flex-row sm:text-start">
        <div className="flex-1">
          <p className="font-semibold text-slate-900">{t('public.createOwn')}</p>
          <p className="text-sm text-slate-600">{t('public.createOwnText')}</p>
        </div>
        {action}
      </CardContent>
    </Card>
  );
}
