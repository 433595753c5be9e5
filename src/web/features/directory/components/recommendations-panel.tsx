/**
 * "Recommended for you": for a signed-in investor, brokers and listings matched on
 * the budget, interests and regions of their card, each with the reason.
 */
import { Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MatchReason } from '../../../../core/schemas/search';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/feedback';
import { ApiError } from '../../../lib/api';
import { useRecommendations } from '../api/use-recommendations';
import { areaLabel, cityLabel, specializationLabel } from '../../../lib/labels';
import { ProfessionalCard } from '../../../components/professional-card';
import { PropertyCard } from '../../../components/property-card';

function Reasons({ reasons }: { reasons: MatchReason[] }) {
  const { t, i18n } = useTranslation('discovery');
  const value = (r: MatchReason) => {
    if (r.code === 'region') return areaLabel(r.value, i18n.language);
    if (r.code === 'city') return cityLabel(t, r.value);
    if (r.code === 'specialization') return specializationLabel(t, r.value.replace(/[- ]/g, '_')) || r.value;
    if (r.code === 'language') return t(`language.${r.value.toLowerCase()}`, { ns: 'enums', defaultValue: r.value });
    if (r.code === 'interest')
      return t(`investmentInterest.${r.value.replace(/ /g, '_')}`, { ns: 'enums', defaultValue: r.value });
    return r.value;
  };
  return (
    <p className="mt-2 flex items-start gap-1.5 rounded-lg bg-gold-400/10 px-3 py-2 text-xs text-amber-900">
      <Sparkles className="mt-0.5 h-3.5 w-3.5 shrink-0" aria-hidden="true" />
      <span>{reasons.map((r) => t(`reasons.${r.code}`, { value: value(r) })).join(' · ')}</span>
    </p>
  );
}

export function RecommendationsPanel() {
  const { t } = useTranslation('discovery');
  const q = useRecommendations(true);
  if (q.isError && q.error instanceof ApiError && q.error.code === 'INVESTOR_CARD_REQUIRED') {
    return (
      <Card className="mt-8 flex flex-wrap items-center gap-4 p-5">
        <Sparkles className="h-6 w-6 text-gold-500" aria-hidden="true" />
        <p className="flex-1 text-sm text-slate-700">{t('recommend.needCard')}</p>
        <Button asChild size="sm">
          <Link to="/create-card">{t('recommend.createCard')}</Link>
        </Button>
      </Card>
    );
  }
  if (q.isError) return null;
  return (
    <section aria-labelledby="recommended-title" className="mt-8" data-testid="recommendations">
      <h2 id="recommended-title" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <Sparkles className="h-5 w-5 text-gold-500" aria-hidden="true" />
        {t('recommend.title')}
      </h2>
      {q.isLoading ? (
        <div className="mt-4 grid grid-cols-1 gap-4 md:grid-cols-3">
          <Skeleton className="h-40" />
          <Skeleton className="h-40" />
          <Skeleton className="h-40" />
        </div>
      ) : q.data && q.data.professionals.length + q.data.properties.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{t('recommend.none')}</p>
      ) : (
        <ul className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {q.data?.professionals.slice(0, 3).map((m) => (
            <li key={m.card.id}>
              <ProfessionalCard card={m.card} source="directory" />
              <Reasons reasons={m.reasons} />
            </li>
          ))}
          {q.data?.properties.slice(0, 3).map((m) => (
            <li key={m.property.id}>
              <PropertyCard p={m.property} />
              <Reasons reasons={m.reasons} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
