/**
 * /brokerage: the signed-in user's brokerage. Without one, the create form; with one,
 * the tabs of brokerage-tabs.ts (features add theirs there).
 */
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AccessDenied } from '../../components/access-denied';
import { PageSpinner } from '../../components/ui/feedback';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { useMyBrokerage } from '../../features/brokerages/api/use-my-brokerage';
import { CreateBrokerage } from '../../features/brokerages/components/create-brokerage';
import { useAuth } from '../../lib/use-auth';
import { BROKERAGE_TABS } from './brokerage-tabs';

export function BrokeragePage() {
  const { t } = useTranslation('brokerages');
  const { user, isLoading } = useAuth();
  const mine = useMyBrokerage(!!user);
  const [params, setParams] = useSearchParams();
  if (isLoading || (user && mine.isLoading)) return <PageSpinner />;
  if (!user) return <AccessDenied />;
  const membership = mine.data ?? null;
  const manager = membership?.role === 'owner' || membership?.role === 'manager';
  const tabs = BROKERAGE_TABS.filter((x) => !x.managersOnly || manager);
  const tab = tabs.some((x) => x.id === params.get('tab')) ? (params.get('tab') as string) : 'overview';
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="text-2xl font-bold">{t('title')}</h1>
      <div className="mt-6">
        {membership ? (
          <Tabs value={tab} onValueChange={(v) => setParams(v === 'overview' ? {} : { tab: v }, { replace: true })}>
            {/* Six tabs do not fit a phone's width in one row: on a phone they wrap onto a second row,
                each row's tabs sharing its width (no sideways scrolling, in either direction); one row
                from `sm` up as before. */}
            <TabsList aria-label={t('tabsAria')} className="flex flex-wrap sm:inline-flex">
              {tabs.map((x) => (
                <TabsTrigger key={x.id} value={x.id} className="grow sm:grow-0">
                  {t(x.labelKey)}
                </TabsTrigger>
              ))}
            </TabsList>
            {tabs.map(({ id, Component }) => (
              <TabsContent key={id} value={id}>
                <Component user={user} membership={membership} />
              </TabsContent>
            ))}
          </Tabs>
        ) : (
          <CreateBrokerage user={user} />
        )}
      </div>
    </div>
  );
}
