import { useTranslation } from 'react-i18next';
import type { PublicUser } from '../../../../core/schemas/auth';
import { Badge } from '../../../components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { RoleBadge } from '../../../components/ui/role-badge';

/** Overview: real account facts only (no invented figures). */
export function OverviewTab({ user }: { user: PublicUser }) {
  const { t, i18n } = useTranslation('profile');
  const active = user.subscriptionStatus === 'active';
  const date = (iso: string) =>
    new Date(iso).toLocaleDateString(i18n.language === 'ar' ? 'ar-AE' : 'en-GB', { dateStyle: 'medium' });
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle>{t('overview.account')}</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-3 text-sm">
            <dt className="text-slate-500">{t('overview.role')}</dt>
            <dd>
              <RoleBadge role={user.role} />
            </dd>
            <dt className="text-slate-500">{t('overview.subscription')}</dt>
            <dd data-testid="subscription-status">
              <Badge variant={active ? 'success' : 'secondary'}>
                {t(`overview.status.${active ? 'active' : 'inactive'}`)}
              </Badge>
              {user.subscriptionPeriodEnd && (
                <span className="ms-2 text-slate-500">
                  {t('overview.until', { date: date(user.subscriptionPeriodEnd) })}
                </span>
              )}
            </dd>
            <dt className="text-slate-500">{t('overview.memberSince')}</dt>
            <dd>{date(user.createdAt)}</dd>
            <dt className="text-slate-500">{t('overview.phone')}</dt>
            <dd dir="ltr" className="text-start">
              {user.phone ?? `${user.countryCode} ${user.phoneNumber}`}
            </dd>
          </dl>
        </CardContent>
      </Card>
    </div>
  );
}
