import {
  AtSign,
  Briefcase,
  Building2,
  Camera,
  ExternalLink,
  Globe,
  Mail,
  MapPin,
  MessageCircle,
  MessagesSquare,
  Phone,
  Send,
  Share2,
} from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { fullPhone, telegramLink, telLink, whatsappLink } from '../../../../core/card-contact';
import { COMPANY } from '../../../../core/limits';
import type { Card as CardData } from '../../../../core/schemas/card';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { RoleBadge } from '../../../components/ui/role-badge';
import { useAuth } from '../../auth/api/use-auth';
import { useStartConversation } from '../../messaging/use-start-conversation';
import { ContactForm } from '../../inquiries/components/contact-form';
import { useCardFacts } from './card-facts';
import { LicenseBadge } from './license-badge';
import { ShareDialog } from './share-dialog';

const external = { target: '_blank', rel: 'noopener noreferrer' } as const;

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

/** The public card page of spec §2: header, contact, professional details, about, value proposition, share, create-your-own. */
export function PublicCardView({ card }: { card: CardData }) {
  const { t } = useTranslation('cards');
  const { user } = useAuth();
  const { startConversation, isPending, isSelf } = useStartConversation();
  const [shareOpen, setShareOpen] = useState(false);
  const facts = useCardFacts(card, card.user.role);
  const isPublic = card.status === 'approved' && card.isPublic;
  const bank = card.bankName ? t(`bank.${card.bankName}`, { ns: 'enums' }) : null;
  const company = card.company || bank;
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

  return (
    <div className="mx-auto max-w-4xl space-y-5 px-4 py-8">
      {!isPublic && (
        <p role="status" className="rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          {card.status === 'pending'
            ? t('public.previewPending')
            : card.status === 'rejected'
              ? t('public.previewRejected')
              : t('public.previewHidden')}
        </p>
      )}
      <Card className="overflow-hidden">
        <div className="bg-gradient-to-br from-brand-800 to-brand-600 px-6 pb-6 pt-8 text-white">
          <div className="flex flex-col items-center gap-4 text-center sm:flex-row sm:text-start">
            <Avatar
              src={card.profileImageUrl}
              name={card.name}
              className="h-24 w-24 border-4 border-white/80 text-2xl"
            />
            <div className="min-w-0 flex-1">
              <h1 className="text-2xl font-bold md:text-3xl">{card.name}</h1>
              <p className="mt-1 text-brand-100">{card.profession}</p>
              {company && (
                <p className="mt-1 flex items-center justify-center gap-1.5 text-sm text-brand-100 sm:justify-start">
                  <Building2 className="h-4 w-4" aria-hidden="true" />
                  {company}
                </p>
              )}
              <div className="mt-3 flex flex-wrap justify-center gap-2 sm:justify-start">
                <RoleBadge role={card.user.role} />
                <LicenseBadge card={card} />
              </div>
            </div>
          </div>
        </div>
        <div className="flex flex-wrap justify-center gap-2 p-4 sm:justify-start">
          {tel && (
            <Button asChild variant="outline" size="sm">
              <a href={tel}>
                <Phone className="h-4 w-4" aria-hidden="true" />
                {t('public.call')}
              </a>
            </Button>
          )}
          {wa && (
            <Button asChild size="sm" className="bg-emerald-600 hover:bg-emerald-700">
              <a href={wa} {...external} data-testid="whatsapp-link">
                <MessageCircle className="h-4 w-4" aria-hidden="true" />
                {t('public.whatsapp')}
              </a>
            </Button>
          )}
          {tg && (
            <Button asChild variant="outline" size="sm">
              <a href={tg} {...external} data-testid="telegram-link">
                <Send className="h-4 w-4 rtl-flip" aria-hidden="true" />
                {t('public.telegram')}
              </a>
            </Button>
          )}
          {card.email && (
            <Button asChild variant="outline" size="sm">
              <a href={`mailto:${card.email}`} data-testid="email-link">
                <Mail className="h-4 w-4" aria-hidden="true" />
                {t('public.email')}
              </a>
            </Button>
          )}
          {isPublic && !isSelf(card.userId) && (
            <Button variant="outline" size="sm" disabled={isPending} onClick={() => startConversation(card.userId)}>
              <MessagesSquare className="h-4 w-4" aria-hidden="true" />
              {t('public.message')}
            </Button>
          )}
          {isPublic && (
            <Button variant="gold" size="sm" onClick={() => setShareOpen(true)}>
              <Share2 className="h-4 w-4" aria-hidden="true" />
              {t('public.share')}
            </Button>
          )}
        </div>
      </Card>

      <div className="grid gap-5 md:grid-cols-2">
        <Block title={t('public.contact')}>
          <ul className="space-y-2">
            {phone && tel && (
              <li className="flex items-center gap-2">
                <Phone className="h-4 w-4 text-brand-600" aria-hidden="true" />
                <a href={tel} dir="ltr" className="hover:underline">
                  {phone}
                </a>
              </li>
            )}
            {card.email && (
              <li className="flex items-center gap-2">
                <Mail className="h-4 w-4 text-brand-600" aria-hidden="true" />
                <a href={`mailto:${card.email}`} dir="ltr" className="truncate hover:underline">
                  {card.email}
                </a>
              </li>
            )}
            {card.officeAddress && (
              <li className="flex items-start gap-2">
                <MapPin className="mt-0.5 h-4 w-4 text-brand-600" aria-hidden="true" />
                <span>
                  {card.officeAddress}
                  {card.googleMapsLink && (
                    <a
                      href={card.googleMapsLink}
                      {...external}
                      className="ms-2 inline-flex items-center gap-1 text-brand-700 hover:underline"
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
                  <dd className="text-slate-900">{f.value}</dd>
                </div>
              ))}
            </dl>
          </Block>
        )}
      </div>

      {bio && (
        <Block title={t('public.about')}>
          <p className="whitespace-pre-line leading-relaxed">{bio}</p>
        </Block>
      )}
      {(card.salesPitch || card.valueProposition) && (
        <div className="grid gap-5 md:grid-cols-2">
          {card.salesPitch && (
            <Block title={t('public.pitch')}>
              <p className="whitespace-pre-line">{card.salesPitch}</p>
            </Block>
          )}
          {card.valueProposition && (
            <Block title={t('public.value')}>
              <p className="whitespace-pre-line">{card.valueProposition}</p>
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
                  <li key={s} className="rounded-full bg-brand-50 px-3 py-1 text-brand-800">
                    {s}
                  </li>
                ))}
              </ul>
            )}
            {card.financingSolutions && (
              <p>
                <span className="font-medium">{t('public.financing')}: </span>
                {card.financingSolutions}
              </p>
            )}
            {card.investmentProfile && (
              <p>
                <span className="font-medium">{t('public.investmentProfile')}: </span>
                {card.investmentProfile}
              </p>
            )}
            {card.regionsOfInterest.length > 0 && (
              <p>
                <span className="font-medium">{t('public.regions')}: </span>
                {card.regionsOfInterest.join(t('listSeparator'))}
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

      {isPublic && user?.id !== card.userId && <ContactForm cardId={card.id} ownerName={card.name} />}
      <Card className="bg-brand-50/60">
        <CardContent className="flex flex-col items-center gap-3 p-6 text-center sm:flex-row sm:text-start">
          <div className="flex-1">
            <p className="font-semibold text-slate-900">{t('public.createOwn')}</p>
            <p className="text-sm text-slate-600">{t('public.createOwnText')}</p>
          </div>
          <Button asChild variant="gold">
            <Link to={user ? '/create-card' : '/signup'}>{t('public.createOwn')}</Link>
          </Button>
        </CardContent>
      </Card>
      <p className="text-center text-xs text-slate-500">
        {COMPANY.name} · <span dir="ltr">{COMPANY.phone}</span> ·{' '}
        <a href={`mailto:${COMPANY.email}`} className="hover:underline">
          {COMPANY.email}
        </a>{' '}
        ·{' '}
        <a href={COMPANY.website} {...external} className="hover:underline">
          {COMPANY.website.replace(/^https?:\/\//, '')}
        </a>
      </p>
      {isPublic && <ShareDialog card={card} open={shareOpen} onOpenChange={setShareOpen} />}
    </div>
  );
}
