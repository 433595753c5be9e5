import { Banknote, CreditCard, MessageSquare, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CARD_STATUSES, USER_ROLES } from '../../../../core/enums';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/feedback';
import { useAdminStats } from '../api/use-admin-stats';
import { SignupsChart } from './signups-chart';

function Tile({ icon, label, value, testId }: { icon: ReactNode; label: string; value: string; testId: string }) {
  return (
    <Card>
      <CardContent className="flex items-center gap-3 pt-5">
        <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-brand-100 text-brand-700">
          {icon}
        </span>
        <div>
          <p className="text-2xl font-bold text-slate-900" data-testid={testId}>
            {value}
          </p>
          <p className="text-xs text-slate-500">{label}</p>
        </div>
      </CardContent>
    </Card>
  );
}

function Breakdown({
  title,
  rows,
  testId,
}: {
  title: string;
  rows: { key: string; label: string; n: number }[];
  testId: string;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{title}</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="space-y-1.5 text-sm" data-testid={testId}>
          {rows.map((r) => (
            <div key={r.key} className="flex justify-between gap-3">
              <dt className="text-slate-600">{r.label}</dt>
              <dd className="font-semibold text-slate-900" data-key={r.key}>
                {r.n}
              </dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}

/** Platform statistics: every figure comes from GET /api/admin/stats. */
export function StatsSection() {
  const { t, i18n } = useTranslation('admin-center');
  const { data, isLoading, isError } = useAdminStats();
  const n = (v: number) => v.toLocaleString(i18n.language === 'ar' ? 'ar-AE' : 'en-GB');

  return (
    <section aria-labelledby="stats-title" className="space-y-4">
      <h2 id="stats-title" className="text-xl font-semibold">
        {t('stats.title')}
      </h2>
      {isLoading && <Skeleton className="h-40" />}
      {isError && <p className="text-sm text-slate-600">{t('stats.failed')}</p>}
      {data && (
        <>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <Tile
              icon={<Users className="h-5 w-5" aria-hidden="true" />}
              label={t('stats.totalUsers')}
              value={n(data.totalUsers)}
              testId="stat-total-users"
            />
            <Tile
              icon={<CreditCard className="h-5 w-5" aria-hidden="true" />}
              label={t('stats.activeSubscriptions')}
              value={n(data.activeSubscriptions)}
              testId="stat-active-subscriptions"
            />
            <Tile
              icon={<Banknote className="h-5 w-5" aria-hidden="true" />}
              label={t('stats.revenue')}
              value={t('stats.aed', { amount: n(data.revenueThisYearAed) })}
              testId="stat-revenue"
            />
            <Tile
              icon={<MessageSquare className="h-5 w-5" aria-hidden="true" />}
              label={t('stats.messages')}
              value={n(data.messagesLast7Days)}
              testId="stat-messages"
            />
          </div>
          <div className="grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-4">
            <Breakdown
              title={t('stats.usersByRole')}
              testId="users-by-role"
              rows={USER_ROLES.map((r) => ({
                key: r,
                label: t(`role.${r}`, { ns: 'enums' }),
                n: data.usersByRole[r] ?? 0,
              }))}
            />
            <Breakdown
              title={t('stats.cardsByStatus')}
              testId="cards-by-status"
              rows={CARD_STATUSES.map((s) => ({
                key: s,
                label: t(`cardStatus.${s}`, { ns: 'enums' }),
                n: data.cardsByStatus[s] ?? 0,
              }))}
            />
            <Breakdown
              title={t('stats.listingsByStatus')}
              testId="listings-by-status"
              rows={(['approved', 'pending', 'rejected'] as const).map((s) => ({
                key: s,
                label: t(`stats.listing.${s}`),
                n: data.listingsByStatus[s],
              }))}
            />
            <Card>
              <CardHeader>
                <CardTitle className="text-base">{t('stats.signupsTitle')}</CardTitle>
              </CardHeader>
              <CardContent>
                <SignupsChart weeks={data.signupsPerWeek} />
              </CardContent>
            </Card>
          </div>
        </>
      )}
    </section>
  );
}
