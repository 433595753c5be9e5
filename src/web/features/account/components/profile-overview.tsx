import { AlertTriangle, Download, Eye, Inbox, MessageSquare, QrCode, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Activity } from '../../../../core/schemas/account';
import type { PublicUser } from '../../../../core/schemas/auth';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { EmptyState, Skeleton } from '../../../components/ui/feedback';
import { RoleBadge } from '../../../components/ui/role-badge';
import { useOverview } from '../api/use-overview';

function Stat({ icon, label, value, testId }: { icon: ReactNode; label: string; value: number; testId: string }) {
  const { i18n } = useTranslation();
  return (
    <Card>
      <CardContent className="flex items-center gap-3 pt-5">
        <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-brand-100 text-brand-700">
          {icon}
        </span>
        <div>
          <p className="text-2xl font-bold text-slate-900" data-testid={testId}>
            {value.toLocaleString(i18n.language === 'ar' ? 'ar-AE' : 'en-GB')}
          </p>
          <p className="text-xs text-slate-500">{label}</p>
        </div>
      </CardContent>
    </Card>
  );
}

function ActivityItem({ item }: { item: Activity }) {
  const { t, i18n } = useTranslation('account');
  const when = new Date(item.at).toLocaleString(i18n.language === 'ar' ? 'ar-AE' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  const card = item.cardName ?? t('activity.yourCard');
  const text =
    item.type === 'inquiry' && item.detail === 'exchange'
      ? t('activity.exchange', { name: item.actorName, card })
      : item.type === 'inquiry'
        ? t('activity.inquiry', {
            name: item.actorName,
            card,
            type: t(`inquiryType.${item.detail}`, { ns: 'enums', defaultValue: item.detail ?? '' }),
          })
        : item.type === 'message'
          ? t('activity.message', { name: item.actorName })
          : item.type === 'card_status'
            ? t(`activity.status.${item.detail === 'approved' ? 'approved' : 'rejected'}`, { card })
            : t(`activity.${item.type}`, { card });
  return (
    <li className="flex items-start justify-between gap-3 py-2 text-sm">
      <span className="text-slate-700">{text}</span>
      <time dateTime={item.at} className="shrink-0 text-xs text-slate-600">
        {when}
      </time>
    </li>
  );
}

/** Profile → Overview: the real role, subscription, card figures and events. */
export function ProfileOverview({ user }: { user: PublicUser }) {
  const { t, i18n } = useTranslation('account');
  const { data, isLoading, isError } = useOverview();
  const date = (iso: string) =>
    new Date(iso).toLocaleDateString(i18n.language === 'ar' ? 'ar-AE' : 'en-GB', { dateStyle: 'medium' });

  if (isLoading) {
    return (
      <div className="grid gap-4 md:grid-cols-3">
        <Skeleton className="h-24" />
        <Skeleton className="h-24" />
        <Skeleton className="h-24" />
      </div>
    );
  }
  if (isError || !data) return <p className="text-sm text-slate-600">{t('overview.failed')}</p>;
  const sub = data.subscription;

  return (
    <div className="space-y-6">
      {sub.required && !sub.active && (
        <div
          role="alert"
          className="flex flex-wrap items-center gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900"
        >
          <AlertTriangle className="h-5 w-5 shrink-0" aria-hidden="true" />
          <p className="flex-1">
            {sub.expired && sub.periodEnd ? t('overview.expired', { date: date(sub.periodEnd) }) : t('overview.unpaid')}
          </p>
          <Button asChild size="sm" variant="gold">
            <Link to="/subscription">{sub.expired ? t('overview.renew') : t('overview.subscribe')}</Link>
          </Button>
        </div>
      )}
      <Card>
        <CardHeader>
          <CardTitle>{t('overview.account')}</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-3 text-sm">
            <dt className="text-slate-500">{t('overview.role')}</dt>
            <dd>
              <RoleBadge role={data.role} />
            </dd>
            <dt className="text-slate-500">{t('overview.subscription')}</dt>
            <dd data-testid="subscription-status">
              <Badge variant={sub.active ? 'success' : 'secondary'}>
                {t(`overview.status.${sub.active ? 'active' : sub.expired ? 'expired' : 'inactive'}`)}
              </Badge>
              {sub.periodEnd && (
                <span className="ms-2 text-slate-500">
                  {t(sub.active ? 'overview.until' : 'overview.endedOn', { date: date(sub.periodEnd) })}
                </span>
              )}
              {!sub.required && <span className="ms-2 text-slate-500">{t('overview.notRequired')}</span>}
            </dd>
            <dt className="text-slate-500">{t('overview.cards')}</dt>
            <dd>
              {t('overview.cardCounts', {
                total: data.cards.total,
                approved: data.cards.approved,
                pending: data.cards.pending,
              })}
            </dd>
            <dt className="text-slate-500">{t('overview.memberSince')}</dt>
            <dd>{date(user.createdAt)}</dd>
          </dl>
        </CardContent>
      </Card>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        <Stat
          icon={<Eye className="h-5 w-5" aria-hidden="true" />}
          label={t('stats.views')}
          value={data.views.cardViews}
          testId="stat-views"
        />
        <Stat
          icon={<Download className="h-5 w-5" aria-hidden="true" />}
          label={t('stats.vcards')}
          value={data.views.vcardDownloads}
          testId="stat-vcards"
        />
        <Stat
          icon={<QrCode className="h-5 w-5" aria-hidden="true" />}
          label={t('stats.qr')}
          value={data.views.qrVisits}
          testId="stat-qr"
        />
        <Stat
          icon={<Users className="h-5 w-5" aria-hidden="true" />}
          label={t('stats.connections')}
          value={data.connections}
          testId="stat-connections"
        />
        <Stat
          icon={<Inbox className="h-5 w-5" aria-hidden="true" />}
          label={t('stats.leads')}
          value={data.inquiries.total}
          testId="stat-leads"
        />
      </div>
      <Card>
        <CardHeader>
          <CardTitle>{t('activity.title')}</CardTitle>
        </CardHeader>
        <CardContent>
          {data.recentActivity.length === 0 ? (
            <EmptyState
              icon={<MessageSquare className="h-8 w-8" aria-hidden="true" />}
              title={t('activity.emptyTitle')}
            >
              {t('activity.emptyText')}
            </EmptyState>
          ) : (
            <ul className="divide-y divide-slate-100" data-testid="recent-activity">
              {data.recentActivity.map((item) => (
                <ActivityItem key={item.id} item={item} />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
