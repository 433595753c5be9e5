import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Avatar } from '../../components/ui/avatar';
import { PageSpinner } from '../../components/ui/feedback';
import { RoleBadge } from '../../components/ui/role-badge';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { useAuth } from '../../lib/use-auth';
import { AccessDenied } from '../../components/access-denied';
import { PROFILE_TABS } from './profile-tabs';

export function ProfilePage() {
  const { t } = useTranslation('profile');
  const { user, isLoading } = useAuth();
  const [params, setParams] = useSearchParams();
  if (isLoading) return <PageSpinner />;
  if (!user) return <AccessDenied />;
  const tab = PROFILE_TABS.some((x) => x.id === params.get('tab')) ? (params.get('tab') as string) : 'overview';
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <header className="flex flex-wrap items-center gap-4">
        <Avatar src={user.profileImageUrl} name={`${user.firstName} ${user.lastName}`} className="h-16 w-16 text-lg" />
        <div>
          <h1 className="text-2xl font-bold" data-user>
            {user.firstName} {user.lastName}
          </h1>
          <div className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-500">
            <RoleBadge role={user.role} />
            <Link
              to="/brokerage"
              className="inline-flex min-h-11 items-center px-1 font-medium text-brand-700 underline"
              data-testid="brokerage-link"
            >
              {t('brokerageLink')}
            </Link>
            <Link
              to="/settings/api-keys"
              className="inline-flex min-h-11 items-center px-1 font-medium text-brand-700 underline"
              data-testid="api-keys-link"
            >
              {t('apiKeysLink')}
            </Link>
            <span dir="ltr" data-user>
              {user.email}
            </span>
          </div>
        </div>
      </header>
      <Tabs
        value={tab}
        onValueChange={(v) => setParams(v === 'overview' ? {} : { tab: v }, { replace: true })}
        className="mt-6"
      >
        <TabsList aria-label={t('tabsAria')} className="flex flex-wrap sm:inline-flex">
          {PROFILE_TABS.map((x) => (
            <TabsTrigger key={x.id} value={x.id}>
              {t(x.labelKey)}
            </TabsTrigger>
          ))}
        </TabsList>
        {PROFILE_TABS.map(({ id, Component }) => (
          <TabsContent key={id} value={id}>
            <Component user={user} />
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
