import { TrendingDown, TrendingUp } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { AnalyticsTotals } from '../../../../core/schemas/analytics';
import { cn } from '../../../lib/utils';
import { formatCount, periodChange } from '../format';

const METRICS = ['views', 'visitors', 'contactSaves', 'actions', 'leads'] as const;

/** The period's totals, each with its change from the period before ("+12 % vs previous 30 days"). */
export function MetricTiles({
  totals,
  previous,
  days,
}: {
  totals: AnalyticsTotals;
  previous: AnalyticsTotals;
  days: number;
}) {
  const { t, i18n } = useTranslation('analytics');
  const lang = i18n.language;
  const n = formatCount(days, lang);
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" data-testid="metric-tiles">
      {METRICS.map((m) => {
        const change = periodChange(totals[m], previous[m], lang);
        const Icon = change.up ? TrendingUp : TrendingDown;
        return (
          <div key={m} className="rounded-xl border border-slate-200 bg-white p-3" data-testid={`metric-${m}`}>
            <dt className="text-xs text-slate-600">{t(`metric.${m === 'actions' ? 'actionsShort' : m}`)}</dt>
            <dd className="mt-1 text-2xl font-bold tabular-nums text-slate-900" data-testid={`metric-${m}-value`}>
              {formatCount(totals[m], lang)}
            </dd>
            <dd
              className={cn(
                'mt-1 flex items-center gap-1 text-xs',
                change.kind === 'same' ? 'text-slate-600' : change.up ? 'text-emerald-700' : 'text-red-700',
              )}
            >
              {change.kind !== 'same' && <Icon className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />}
              <span>
                {change.kind === 'change'
                  ? t('compare.change', { change: change.text, days: n })
                  : t(`compare.${change.kind}`, { days: n })}
              </span>
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
