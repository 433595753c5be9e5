/** A catalogue entry of professional services: at most 3 features then "+N more". */
import { Globe, Mail, MapPin, Phone } from 'lucide-react';
import { telLink } from '../../../../core/card-contact';
import { useTranslation } from 'react-i18next';
import { localizedService, type Service } from '../../../../core/schemas/services';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/feedback';
import { cityLabel } from '../../../lib/labels';
import { FeatureList } from '../../../components/property-card';

export function ServiceCard({ s }: { s: Service }) {
  const { t, i18n } = useTranslation('discovery');
  const text = localizedService(s, i18n.language);
  return (
    <Card className="flex h-full flex-col overflow-hidden" data-testid="service-card">
      {s.imageUrl && <img src={s.imageUrl} alt="" loading="lazy" className="aspect-[3/1] w-full object-cover" />}
      <div className="flex flex-1 flex-col p-5">
        <div className="flex items-start justify-between gap-2">
          <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-medium text-brand-800">
            {t(`serviceCategory.${s.category}`, { ns: 'enums', defaultValue: s.category })}
          </span>
        </div>
        <h3 className="mt-3 text-lg font-semibold text-slate-900" dir="auto">
          {text.name}
        </h3>
        {text.provider && (
          <p className="text-sm font-medium text-brand-700" dir="auto">
            {text.provider}
          </p>
        )}
        {text.description && (
          <p className="mt-2 line-clamp-3 text-sm text-slate-600" dir="auto">
            {text.description}
          </p>
        )}
        <div className="mt-3 flex-1">
          <FeatureList features={text.features} />
        </div>
        <div className="mt-4 flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 pt-3">
          <div className="text-sm">
            {text.priceLabel && (
              <p className="font-semibold text-slate-900" dir="auto">
                {text.priceLabel}
              </p>
            )}
            {s.city && (
              <p className="flex items-center gap-1 text-slate-500">
                <MapPin className="h-3.5 w-3.5" aria-hidden="true" />
                {cityLabel(t, s.city)}
              </p>
            )}
          </div>
          <div className="flex gap-1">
            {s.contactInfo.phone && (
              <Button asChild size="icon" variant="outline" className="h-9 w-9">
                <a
                  href={telLink(s.contactInfo.phone, null) ?? undefined}
                  aria-label={t('services.call', { name: text.provider ?? text.name })}
                >
                  <Phone className="h-4 w-4" aria-hidden="true" />
                </a>
              </Button>
            )}
            {s.contactInfo.email && (
              <Button asChild size="icon" variant="outline" className="h-9 w-9">
                <a
                  href={`mailto:${s.contactInfo.email}`}
                  aria-label={t('services.email', { name: text.provider ?? text.name })}
                >
                  <Mail className="h-4 w-4" aria-hidden="true" />
                </a>
              </Button>
            )}
            {s.contactInfo.website && (
              <Button asChild size="sm">
                <a href={s.contactInfo.website} target="_blank" rel="noopener noreferrer">
                  <Globe className="h-4 w-4" aria-hidden="true" />
                  {t('services.contact')}
                </a>
              </Button>
            )}
          </div>
        </div>
      </div>
    </Card>
  );
}

export function ServiceCardSkeleton() {
  return (
    <Card className="space-y-3 p-5" aria-hidden="true">
      <Skeleton className="h-4 w-1/3" />
      <Skeleton className="h-5 w-2/3" />
      <Skeleton className="h-3 w-full" />
      <Skeleton className="h-3 w-5/6" />
    </Card>
  );
}
