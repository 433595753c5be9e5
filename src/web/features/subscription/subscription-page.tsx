import { CheckCircle2, Info, Loader2 } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PAID_ROLES } from '../../../core/enums';
import { DELAYS } from '../../../core/limits';
import { subscriptionIsActive } from '../../../core/schemas/subscription';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { PageSpinner } from '../../components/ui/feedback';
import { RoleBadge } from '../../components/ui/role-badge';
import { toast } from '../../components/ui/toast';
import { queryClient } from '../../lib/api';
import { AUTH_USER_KEY, useAuth } from '../../lib/use-auth';
import { AccessDenied } from '../../components/access-denied';
import { INVOICES_KEY, SUBSCRIPTION_KEY } from './api/keys';
import { useInvoices } from './api/use-invoices';
import { useSubscription } from './api/use-subscription';
import { InvoicesCard } from './components/invoices-card';
import { PaymentPanel } from './components/payment-panel';
import { PlanCard } from './components/plan-card';

/** A message page that sends the user home after 2 s. */
function RedirectNotice({ title, text }: { title: string; text: string }) {
  const navigate = useNavigate();
  const { t } = useTranslation('subscription');
  useEffect(() => {
    const timer = setTimeout(() => navigate('/'), DELAYS.subscriptionRedirect);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <Notice icon={<Info className="h-10 w-10 text-brand-600" aria-hidden="true" />} title={title}>
      <p>{text}</p>
      <p className="mt-2 text-xs text-slate-600">{t('redirecting')}</p>
    </Notice>
  );
}

function Notice({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-lg px-4 py-16 text-center">
      <div className="flex justify-center">{icon}</div>
      <h1 className="mt-4 text-2xl font-bold text-brand-800">{title}</h1>
      <div className="mt-2 text-slate-600">{children}</div>
    </div>
  );
}

export function SubscriptionPage() {
  const { t, i18n } = useTranslation('subscription');
  const { user, isLoading } = useAuth();
  const [outcome, setOutcome] = useState<'none' | 'paid' | 'confirming'>('none');
  const paidRole = !!user && PAID_ROLES.includes(user.role);
  // While Stripe's webhook is on its way the status is read again every 2 s.
  const info = useSubscription(paidRole, outcome === 'confirming' ? 2000 : false);
  const invoices = useInvoices(paidRole);
  const invoicesCard = (
    <InvoicesCard invoices={invoices.data?.invoices} loading={invoices.isLoading} failed={invoices.isError} />
  );

  const celebrate = async () => {
    setOutcome('paid');
    toast({ title: t('success.title'), description: t('success.text') });
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: AUTH_USER_KEY }),
      queryClient.invalidateQueries({ queryKey: SUBSCRIPTION_KEY }),
      queryClient.invalidateQueries({ queryKey: INVOICES_KEY }),
    ]);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: celebrate once when the webhook lands
  useEffect(() => {
    if (outcome === 'confirming' && info.data?.active) void celebrate();
  }, [outcome, info.data?.active]);

  if (isLoading) return <PageSpinner />;
  if (!user) return <AccessDenied />;
  if (!user.roleChosen || user.role === 'visitor') {
    return (
      <Notice icon={<Info className="h-10 w-10 text-brand-600" aria-hidden="true" />} title={t('chooseRole.title')}>
        <p>{t('chooseRole.text')}</p>
        <Button asChild className="mt-4">
          <Link to="/role-selection">{t('chooseRole.action')}</Link>
        </Button>
      </Notice>
    );
  }
  if (!paidRole) return <RedirectNotice title={t('notRequired.title')} text={t('notRequired.text')} />;

  if (outcome === 'paid') {
    return (
      <Notice
        icon={<CheckCircle2 className="h-12 w-12 text-emerald-600" aria-hidden="true" />}
        title={t('success.title')}
      >
        <p>{t('success.text')}</p>
        <p className="mt-1 text-sm">{t('success.next')}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Button asChild>
            <Link to="/profile?tab=cards">{t('success.myCards')}</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/directory">{t('success.directory')}</Link>
          </Button>
        </div>
        <div className="mt-8 text-start">{invoicesCard}</div>
      </Notice>
    );
  }
  if (info.isLoading || invoices.isLoading) return <PageSpinner />;
  const periodEnd = info.data?.periodEnd ?? user.subscriptionPeriodEnd;
  const endedOn = periodEnd
    ? new Date(periodEnd).toLocaleDateString(i18n.language === 'ar' ? 'ar-AE' : 'en-GB', { dateStyle: 'medium' })
    : null;

  if (info.data?.active ?? subscriptionIsActive(user)) {
    // An active subscriber stays on the page and sees their state: with invoices, without
    // (a brokerage seat, or a period granted by an admin), never a timed redirect away.
    const seat = info.data?.seatBrokerage;
    return (
      <div className="mx-auto max-w-2xl px-4 py-10" data-testid="subscription-state" data-state="active">
        <div className="flex items-center gap-3">
          <CheckCircle2 className="h-10 w-10 shrink-0 text-emerald-600" aria-hidden="true" />
          <h1 className="text-2xl font-bold text-brand-800">{t('active.title')}</h1>
        </div>
        <Card className="mt-6">
          <CardContent className="pt-6">
            <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
              <dt className="text-slate-600">{t('active.status')}</dt>
              <dd className="font-medium text-emerald-700">{t('active.statusActive')}</dd>
              {endedOn && (
                <>
                  <dt className="text-slate-600">{t('active.until')}</dt>
                  <dd>{endedOn}</dd>
                </>
              )}
              <dt className="text-slate-600">{t('active.paidBy')}</dt>
              <dd>{seat ? t('active.paidBySeat', { brokerage: seat }) : t('active.paidBySelf')}</dd>
            </dl>
            <p className="mt-4 text-sm text-slate-600">{t('alreadySubscribed.text')}</p>
          </CardContent>
        </Card>
        <div className="mt-6">{invoicesCard}</div>
        <Button asChild variant="outline" className="mt-6">
          <Link to="/">{t('alreadySubscribed.home')}</Link>
        </Button>
      </div>
    );
  }
  const pastDue = (info.data?.status ?? user.subscriptionStatus) === 'past_due';

  return (
    <div
      className="mx-auto max-w-5xl px-4 py-10"
      data-testid="subscription-state"
      data-state={pastDue ? 'past_due' : endedOn ? 'expired' : 'none'}
    >
      <header className="max-w-2xl">
        <h1 className="text-3xl font-bold text-brand-800">{t('title')}</h1>
        <p className="mt-2 text-slate-600">
          {pastDue ? t('pastDueSubtitle') : endedOn ? t('renewSubtitle', { date: endedOn }) : t('subtitle')}
        </p>
      </header>
      <div className="mt-8 grid gap-6 md:grid-cols-2">
        <div className="space-y-6">
          <PlanCard />
          <Card>
            <CardHeader>
              <CardTitle>{t('details.title')}</CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
                <dt className="text-slate-500">{t('details.name')}</dt>
                <dd>
                  {user.firstName} {user.lastName}
                </dd>
                <dt className="text-slate-500">{t('details.email')}</dt>
                <dd dir="ltr" className="text-start break-all">
                  {user.email}
                </dd>
                <dt className="text-slate-500">{t('details.role')}</dt>
                <dd>
                  <RoleBadge role={user.role} />
                </dd>
              </dl>
            </CardContent>
          </Card>
          {invoicesCard}
        </div>
        {outcome === 'confirming' ? (
          <Card>
            <CardContent className="flex flex-col items-center gap-3 py-12 text-center text-slate-600">
              <Loader2 className="h-8 w-8 animate-spin text-brand-600" aria-hidden="true" />
              <p role="status">{t('payment.confirming')}</p>
            </CardContent>
          </Card>
        ) : (
          <PaymentPanel onPaid={() => void celebrate()} onSubmittedToStripe={() => setOutcome('confirming')} />
        )}
      </div>
    </div>
  );
}
