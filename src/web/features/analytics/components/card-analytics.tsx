/**
 * The profile Overview's analytics: one card's views, visitors, saved contacts,
 * actions and leads over 7, 30 or 90 days, by source, against the period before.
 */
import { BarChart3 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnalyticsPeriod } from '../../../../core/analytics';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { EmptyState, Skeleton } from '../../../components/ui/feedback';
import { useCardAnalytics } from '../api/use-card-analytics';
import { useMyCardNames } from '../api/use-my-cards';
import { formatCount, formatDay } from '../format';
import { MetricTiles } from './metric-tiles';
import { PeriodPicker } from './period-picker';

const AnalyticsCharts = lazy(() => import('./analytics-charts'));

export function ChartsFallback() {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Skeleton className="h-64" />
      <Skeleton className="h-64" />
    </div>
  );
}

export function CardAnalyticsSection() {
  const { t, i18n } = useTranslation('analytics');
  const cards = useMyCardNames();
  const [days, setDays] = useState<AnalyticsPeriod>(30);
  const [picked, setPicked] = useState<string | null>(null);
  const list = cards.data ?? [];
  // The newest approved card first: the one visitors can see.
  const cardId = picked ?? (list.find((c) => c.status === 'approved') ?? list[0])?.id;
  const stats = useCardAnalytics(cardId, days);
  const data = stats.data;

  return (
    <Card data-testid="card-analytics">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3">
        <CardTitle>{t('title')}</CardTitle>
        <div className="flex flex-wrap items-center gap-2">
          {list.length > 1 && (
            <label className="flex items-center gap-2 text-sm text-slate-700">
              <span>{t('card.label')}</span>
              <select
                className="h-9 max-w-[12rem] rounded-lg border border-slate-300 bg-white px-2 text-sm"
                value={cardId}
                onChange={(e) => setPicked(e.target.value)}
              >
                {list.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </select>
            </label>
          )}
          {cardId && <PeriodPicker value={days} onChange={setDays} />}
        </div>
      </CardHeader>
      <CardContent className="space-y-5">
        {cards.isLoading || (cardId && stats.isLoading) ? (
          <ChartsFallback />
        ) : !cardId ? (
          <EmptyState icon={<BarChart3 className="h-8 w-8" aria-hidden="true" />} title={t('title')}>
            {t('empty.noCards')}
          </EmptyState>
        ) : stats.isError || !data ? (
          <p className="text-sm text-slate-600">{t('failed')}</p>
        ) : (
          <>
            <p className="sr-only" aria-live="polite">
              {t('chart.summary', {
                viewsText: t('chart.views', {
                  count: data.totals.views,
                  formatted: formatCount(data.totals.views, i18n.language),
                }),
                visitorsText: t('chart.visitors', {
                  count: data.totals.visitors,
                  formatted: formatCount(data.totals.visitors, i18n.language),
                }),
                from: formatDay(data.from, i18n.language, true),
                to: formatDay(data.to, i18n.language, true),
              })}
            </p>
            <MetricTiles totals={data.totals} previous={data.previous} days={data.days} />
            {data.totals.views === 0 && data.totals.leads === 0 ? (
              <p className="text-sm text-slate-600">{t('empty.noData')}</p>
            ) : (
              <Suspense fallback={<ChartsFallback />}>
                <AnalyticsCharts data={data} />
              </Suspense>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
