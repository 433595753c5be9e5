/**
 * A listing card: photo, status colour, price as "AED x.xM",
 * Bed/Bath plurals, at most 3 features then "+N more", and the agent.
 */
import { propertyText } from '../../core/property-text';
import { Bath, BedDouble, MapPin, Maximize } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatPriceAed } from '../../core/format';
import { LIMITS } from '../../core/limits';
import type { Property } from '../../core/schemas/properties';
import { Avatar } from './ui/avatar';
import { Card } from './ui/card';
import { Skeleton } from './ui/feedback';
import { cn } from '../lib/utils';
import { placeLabel } from '../lib/labels';

/** Status colours: for sale green, for rent blue, sold grey, rented purple, others grey. */
const STATUS_COLORS: Record<string, string> = {
  for_sale: 'bg-emerald-100 text-emerald-800',
  for_rent: 'bg-blue-100 text-blue-800',
  sold: 'bg-slate-200 text-slate-700',
  rented: 'bg-purple-100 text-purple-800',
};

export function PropertyStatusBadge({ status, className }: { status: string; className?: string }) {
  const { t } = useTranslation('enums');
  return (
    <span
      data-status={status}
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold',
        STATUS_COLORS[status] ?? 'bg-slate-200 text-slate-700',
        className,
      )}
    >
      {t(`propertyStatus.${status}`, { defaultValue: status })}
    </span>
  );
}

/** The price, with "/ year" for rentals; `full` on a listing's own page shows the exact amount instead of "AED 1.9M". */
export function PropertyPrice({
  price,
  status,
  className,
  full = false,
}: {
  price: number;
  status: string;
  className?: string;
  full?: boolean;
}) {
  const { t, i18n } = useTranslation('discovery');
  return (
    <p className={cn('font-bold text-brand-800', className)}>
      <bdi>{formatPriceAed(price, { locale: i18n.language, style: full ? 'full' : 'compact' })}</bdi>
      {(status === 'for_rent' || status === 'rented') && (
        <span className="text-sm font-medium text-slate-500"> {t('property.perYear')}</span>
      )}
    </p>
  );
}

/** "3 Beds · 2 Baths · 1,200 sq ft" with the plural rule of each language. */
export function PropertyFacts({
  p,
  className,
}: {
  p: Pick<Property, 'bedrooms' | 'bathrooms' | 'area'>;
  className?: string;
}) {
  const { t, i18n } = useTranslation('discovery');
  return (
    <ul className={cn('flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600', className)}>
      {p.bedrooms !== null && (
        <li className="flex items-center gap-1">
          <BedDouble className="h-4 w-4 text-slate-400" aria-hidden="true" />
          {p.bedrooms === 0 ? t('property.studioBeds') : t('property.beds', { count: p.bedrooms })}
        </li>
      )}
      {p.bathrooms !== null && (
        <li className="flex items-center gap-1">
          <Bath className="h-4 w-4 text-slate-400" aria-hidden="true" />
          {t('property.baths', { count: p.bathrooms })}
        </li>
      )}
      {p.area !== null && (
        <li className="flex items-center gap-1">
          <Maximize className="h-4 w-4 text-slate-400" aria-hidden="true" />
          {t('property.sqft', { area: p.area.toLocaleString(i18n.language === 'ar' ? 'ar-AE' : 'en-US') })}
        </li>
      )}
    </ul>
  );
}

export function FeatureList({ features, max = LIMITS.maxFeaturesShown }: { features: string[]; max?: number }) {
  const { t } = useTranslation('discovery');
  if (features.length === 0) return null;
  const more = features.length - max;
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label={t('property.features')}>
      {features.slice(0, max).map((f) => (
        <li key={f} dir="auto" className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs text-slate-700">
          {f}
        </li>
      ))}
      {more > 0 && (
        <li className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-medium text-brand-700">
          {t('property.more', { count: more })}
        </li>
      )}
    </ul>
  );
}

export function PropertyCard({ p }: { p: Property }) {
  const { t, i18n } = useTranslation('discovery');
  const place = placeLabel(t, i18n.language, p.location, p.city);
  const text = propertyText(p, i18n.language);
  return (
    <Card className="flex h-full flex-col overflow-hidden" data-testid="property-card">
      <Link
        to={`/properties/${p.id}`}
        className="relative block aspect-[3/2] bg-slate-100"
        tabIndex={-1}
        aria-hidden="true"
      >
        {p.imageUrls[0] && <img src={p.imageUrls[0]} alt="" loading="lazy" className="h-full w-full object-cover" />}
        <PropertyStatusBadge status={p.status} className="absolute start-3 top-3 shadow" />
      </Link>
      <div className="flex flex-1 flex-col p-4">
        <PropertyPrice price={p.price} status={p.status} className="text-xl" />
        <h3 className="mt-1 font-semibold text-slate-900" dir="auto">
          <Link to={`/properties/${p.id}`} className="line-clamp-2 hover:underline">
            {text.title}
          </Link>
        </h3>
        {place && (
          <p className="mt-1 flex items-center gap-1 text-sm text-slate-500">
            <MapPin className="h-4 w-4 shrink-0" aria-hidden="true" />
            {place}
          </p>
        )}
        <PropertyFacts p={p} className="mt-3" />
        <div className="mt-3 flex-1">
          <FeatureList features={text.features} />
        </div>
        <div className="mt-4 flex items-center gap-2 border-t border-slate-100 pt-3 text-sm text-slate-600">
          <Avatar src={p.profileImageUrl} name={p.agentName} className="h-7 w-7 text-xs" />
          <bdi className="truncate" data-user>
            {p.agentName}
          </bdi>
          <Link
            to={`/properties/${p.id}`}
            className="ms-auto inline-flex min-h-6 items-center shrink-0 py-1 font-medium text-brand-700 hover:underline"
          >
            {t('property.viewDetails')}
          </Link>
        </div>
      </div>
    </Card>
  );
}

export function PropertyCardSkeleton() {
  return (
    <Card className="overflow-hidden" aria-hidden="true">
      <Skeleton className="aspect-[3/2] rounded-none" />
      <div className="space-y-2 p-4">
        <Skeleton className="h-6 w-1/3" />
        <Skeleton className="h-4 w-3/4" />
        <Skeleton className="h-3 w-1/2" />
        <Skeleton className="h-3 w-2/3" />
      </div>
    </Card>
  );
}
