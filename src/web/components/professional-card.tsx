/**
 * A directory result: avatar, name, the short role badge, the
 * licence check, and Message, WhatsApp and View. Message is blocked on one's own card and asks
 * a visitor to sign in.
 */
import { BadgeCheck, Eye, Languages, MapPin, MessageCircle, Phone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DirectoryCard } from '../../core/schemas/directory';
import { Avatar } from './ui/avatar';
import { Button } from './ui/button';
import { Card } from './ui/card';
import { Skeleton, Spinner } from './ui/feedback';
import { RoleBadge } from './ui/role-badge';
import { useStartConversation } from '../lib/use-start-conversation';
import { placeLabel, specializationLabel, whatsappNumber } from '../lib/labels';

/**
 * One professional in a result list. `source` marks the card link (`?src=directory|search`) so
 * the card's analytics know where the visit came from.
 */
export function ProfessionalCard({ card, source }: { card: DirectoryCard; source?: 'directory' | 'search' }) {
  const { t, i18n } = useTranslation('discovery');
  const { startConversation, pendingId, isSelf } = useStartConversation();
  const own = isSelf(card.userId);
  const wa = whatsappNumber(card.phone);
  const place = placeLabel(t, i18n.language, card.area, card.city);
  const specialization = specializationLabel(t, card.roleTitle ?? card.propertySpecialization[0]);
  return (
    <Card className="flex h-full flex-col p-5" data-testid="professional-card">
      <div className="flex items-start gap-3">
        <Avatar src={card.profileImageUrl} name={card.name} className="h-14 w-14 text-base" />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="truncate text-base font-semibold text-slate-900" dir="auto">
              {card.name}
            </h3>
            {card.licenseVerified && (
              <span
                className="inline-flex items-center gap-0.5 text-xs font-medium text-emerald-700"
                title={t('card.verifiedHint')}
              >
                <BadgeCheck className="h-4 w-4" aria-hidden="true" />
                {t('card.verified')}
              </span>
            )}
          </div>
          <p className="truncate text-sm text-slate-600" dir="auto">
            {card.profession}
          </p>
          {card.company && (
            <p className="truncate text-sm font-medium text-brand-700" dir="auto">
              {card.company}
            </p>
          )}
        </div>
        <RoleBadge role={card.user.role} short className="shrink-0" />
      </div>
      <div className="mt-3 flex-1 space-y-1.5 text-sm text-slate-600">
        {specialization && <p className="font-medium text-slate-700">{specialization}</p>}
        {place && (
          <p className="flex items-center gap-1.5">
            <MapPin className="h-4 w-4 shrink-0 text-slate-400" aria-hidden="true" />
            {place}
          </p>
        )}
        {card.languages.length > 0 && (
          <p className="flex items-center gap-1.5">
            <Languages className="h-4 w-4 shrink-0 text-slate-400" aria-hidden="true" />
            {card.languages.map((l) => t(`language.${l}`, { ns: 'enums' })).join(i18n.language === 'ar' ? '، ' : ', ')}
          </p>
        )}
      </div>
      <div className="mt-4 grid grid-cols-3 gap-2">
        <Button
          size="sm"
          onClick={() => startConversation(card.userId)}
          disabled={own || pendingId === card.userId}
          title={own ? t('card.ownCard') : undefined}
          aria-label={t('card.messageAria', { name: card.name })}
        >
          {pendingId === card.userId ? (
            <Spinner className="text-white" />
          ) : (
            <MessageCircle className="h-4 w-4 shrink-0" aria-hidden="true" />
          )}
          {t('card.message')}
        </Button>
        {wa ? (
          <Button asChild size="sm" variant="outline">
            <a
              href={`https://wa.me/${wa}`}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={t('card.whatsappAria', { name: card.name })}
            >
              <Phone className="h-4 w-4 shrink-0" aria-hidden="true" />
              {t('card.whatsapp')}
            </a>
          </Button>
        ) : (
          <Button size="sm" variant="outline" disabled>
            <Phone className="h-4 w-4 shrink-0" aria-hidden="true" />
            {t('card.whatsapp')}
          </Button>
        )}
        <Button asChild size="sm" variant="secondary">
          <Link
            to={source ? `/cards/${card.id}?src=${source}` : `/cards/${card.id}`}
            aria-label={t('card.viewAria', { name: card.name })}
          >
            <Eye className="h-4 w-4 shrink-0" aria-hidden="true" />
            {t('card.view')}
          </Link>
        </Button>
      </div>
    </Card>
  );
}

export function ProfessionalCardSkeleton() {
  return (
    <Card className="p-5" aria-hidden="true">
      <div className="flex items-center gap-3">
        <Skeleton className="h-14 w-14 rounded-full" />
        <div className="flex-1 space-y-2">
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-3 w-1/2" />
        </div>
      </div>
      <Skeleton className="mt-4 h-3 w-3/4" />
      <Skeleton className="mt-2 h-3 w-1/2" />
      <div className="mt-4 grid grid-cols-3 gap-2">
        <Skeleton className="h-8" />
        <Skeleton className="h-8" />
        <Skeleton className="h-8" />
      </div>
    </Card>
  );
}
