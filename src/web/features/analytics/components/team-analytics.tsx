/**
 * The brokerage's team dashboard: the team's totals and daily series over 7, 30 or 90
 * days against the period before, each member's figures and a leaderboard. Exported for the
 * /brokerage area, which shows it as a tab to owners and managers (the server checks the same).
 */
import { Trophy } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnalyticsPeriod } from '../../../../core/analytics';
import type { TeamMemberAnalytics } from '../../../../core/schemas/analytics';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { useTeamAnalytics } from '../api/use-team-analytics';
import { formatCount } from '../format';
import { ChartsFallback } from './card-analytics';
import { MetricTiles } from './metric-tiles';
import { PeriodPicker } from './period-picker';

const AnalyticsCharts = lazy(() => import('./analytics-charts'));
const COLUMNS = ['views', 'visitors', 'contactSaves', 'actions', 'leads'] as const;

function MembersTable({ members }: { members: TeamMemberAnalytics[] }) {
  const { t, i18n } = useTranslation('analytics');
  if (!members.length) return <p className="text-sm text-slate-600">{t('team.noMembers')}</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[36rem] text-sm" data-testid="team-members">
        <caption className="sr-only">{t('team.members')}</caption>
        <thead>
          <tr className="border-b border-slate-200 text-start text-xs text-slate-600">
            <th scope="col" className="py-2 pe-3 text-start font-medium">
              {t('team.member')}
            </th>
            {COLUMNS.map((c) => (
              <th key={c} scope="col" className="px-2 py-2 text-end font-medium">
                {t(`metric.${c === 'actions' ? 'actionsShort' : c}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {members.map((m) => (
            <tr key={m.userId} className="border-b border-slate-100 last:border-0">
              <th scope="row" className="py-2 pe-3 text-start font-medium text-slate-900">
                <bdi>{m.name}</bdi>
                <span className="ms-2 text-xs font-normal text-slate-600">{t(`team.roles.${m.role}`)}</span>
              </th>
              {COLUMNS.map((c) => (
                <td key={c} className="px-2 py-2 text-end tabular-nums">
                  {formatCount(m[c], i18n.language)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Leaderboard({ rows }: { rows: TeamMemberAnalytics[] }) {
  const { t, i18n } = useTranslation('analytics');
  const lang = i18n.language;
  return (
    <ol className="space-y-2" data-testid="leaderboard">
      {rows.map((m, i) => (
        <li key={m.userId} className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-3">
          <span
            className={
              i === 0
                ? 'flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-gold-400 font-bold text-brand-900'
                : 'flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-slate-100 font-semibold text-slate-700'
            }
          >
            <span className="sr-only">{t('team.rank')} </span>
            {formatCount(i + 1, lang)}
          </span>
          <div className="min-w-0 flex-1">
            <p className="truncate font-medium text-slate-900">
              <bdi>{m.name}</bdi>
            </p>
            <p className="flex flex-wrap gap-x-3 text-xs text-slate-600">
              {(['views', 'contactSaves', 'leads'] as const).map((k) => (
                <span key={k}>
                  {t(`metric.${k}`)} <strong className="text-slate-900">{formatCount(m[k], lang)}</strong>
                </span>
              ))}
            </p>
          </div>
        </li>
      ))}
    </ol>
  );
}

export function TeamAnalytics({ brokerageId }: { brokerageId: string }) {
  const { t } = useTranslation('analytics');
  const [days, setDays] = useState<AnalyticsPeriod>(30);
  const { data, isLoading, isError } = useTeamAnalytics(brokerageId, days);
  return (
    <div className="space-y-6" data-testid="team-analytics">
      <Card>
        <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3">
          <CardTitle>{t('teamTitle')}</CardTitle>
          <PeriodPicker value={days} onChange={setDays} />
        </CardHeader>
        <CardContent className="space-y-5">
          {isLoading ? (
            <ChartsFallback />
          ) : isError || !data ? (
            <p className="text-sm text-slate-600">{t('failed')}</p>
          ) : (
            <>
              <MetricTiles totals={data.totals} previous={data.previous} days={data.days} />
              <Suspense fallback={<ChartsFallback />}>
                <AnalyticsCharts data={data} />
              </Suspense>
            </>
          )}
        </CardContent>
      </Card>
      {data && (
        <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
          <Card className="min-w-0">
            <CardHeader>
              <CardTitle>{t('team.members')}</CardTitle>
            </CardHeader>
            <CardContent>
              <MembersTable members={data.members} />
            </CardContent>
          </Card>
          <Card className="min-w-0">
            <CardHeader>
              <CardTitle className="flex items-center gap-2">
                <Trophy className="h-5 w-5 text-gold-500" aria-hidden="true" />
                {t('team.leaderboard')}
              </CardTitle>
            </CardHeader>
            <CardContent>
              <Leaderboard rows={data.leaderboard} />
            </CardContent>
          </Card>
        </div>
      )}
    </div>
  );
}
