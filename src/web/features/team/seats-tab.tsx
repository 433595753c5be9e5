import { Armchair, CheckCircle2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SeatIntent, SeatOverview } from '../../../core/schemas/team';
import { AccessDenied } from '../../components/access-denied';
import { StripePaymentForm } from '../../components/payment/stripe-payment-form';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { EmptyState, Skeleton } from '../../components/ui/feedback';
import { toast } from '../../components/ui/toast';
import { useFailureToast } from '../../lib/use-unauthorized';
import type { MyBrokerage } from '../../../core/schemas/brokerages';
import { useSeatCheckout, useSeats } from './api/use-seats';
import { SeatCardForm } from './components/seat-card-form';

function useDay() {
  const { i18n } = useTranslation();
  return (iso: string) =>
    new Date(iso).toLocaleDateString(i18n.language === 'ar' ? 'ar-AE' : 'en-GB', { dateStyle: 'medium' });
}

function CurrentSeats({ data }: { data: SeatOverview }) {
  const { t } = useTranslation('team');
  const day = useDay();
  if (data.seats.length === 0)
    return (
      <EmptyState icon={<Armchair className="h-10 w-10" aria-hidden="true" />} title={t('seats.noneTitle')}>
        <p>{t('seats.noneText')}</p>
      </EmptyState>
    );
  return (
    <ul className="divide-y divide-slate-200" aria-label={t('seats.listLabel')}>
      {data.seats.map((s) => (
        <li key={s.id} data-testid="seat" className="flex flex-wrap items-center justify-between gap-2 py-3">
          <div>
            <p className="font-medium text-slate-900">
              <bdi>{s.holder.name}</bdi>
            </p>
            <p className="text-sm text-slate-500">
              {t('seats.period', { from: day(s.periodStart), until: day(s.periodEnd) })}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            {!s.holderIsMember && <Badge variant="secondary">{t('seats.leftTeam')}</Badge>}
            <Badge variant={s.active ? 'gold' : 'secondary'}>
              {s.active
                ? t('seats.active')
                : new Date(s.periodStart) > new Date()
                  ? t('seats.upcoming')
                  : t('seats.ended')}
            </Badge>
          </div>
        </li>
      ))}
    </ul>
  );
}

function BuySeats({
  brokerageId,
  data,
  onStripeSubmitted,
}: {
  brokerageId: string;
  data: SeatOverview;
  onStripeSubmitted: () => void;
}) {
  const { t } = useTranslation('team');
  const day = useDay();
  const fail = useFailureToast();
  const checkout = useSeatCheckout(brokerageId);
  const [chosen, setChosen] = useState<string[]>([]);
  const [intent, setIntent] = useState<SeatIntent | null>(null);
  const [paidUntil, setPaidUntil] = useState<string | null>(null);
  const total = chosen.length * data.priceAed;
  const selectable = (e: SeatOverview['members'][number]['eligibility']) => e === 'eligible' || e === 'renewable';

  const toggle = (id: string, on: boolean) => {
    setIntent(null);
    setChosen((c) => (on ? [...c, id] : c.filter((x) => x !== id)));
  };

  const start = () =>
    checkout.mutate(chosen, {
      onSuccess: setIntent,
      onError: (error) => fail(error, t('pay.failedTitle'), t('pay.failedText')),
    });

  if (paidUntil)
    return (
      <div className="space-y-3 text-center" data-testid="seats-paid">
        <CheckCircle2 className="mx-auto h-10 w-10 text-emerald-600" aria-hidden="true" />
        <p className="font-semibold text-slate-900">{t('pay.done', { until: day(paidUntil) })}</p>
        <Button variant="outline" onClick={() => setPaidUntil(null)}>
          {t('pay.again')}
        </Button>
      </div>
    );

  return (
    <div className="space-y-4">
      <fieldset className="space-y-2">
        <legend className="mb-2 text-sm font-medium text-slate-700">{t('buy.choose')}</legend>
        {data.members.map((m) => {
          const can = selectable(m.eligibility);
          return (
            <label
              key={m.id}
              className={`flex items-start gap-3 rounded-lg border p-3 ${can ? 'cursor-pointer border-slate-200 hover:bg-slate-50' : 'border-slate-100 bg-slate-50 text-slate-500'}`}
            >
              <input
                type="checkbox"
                className="mt-1 h-4 w-4 accent-brand-700"
                disabled={!can || !!intent}
                checked={chosen.includes(m.id)}
                onChange={(e) => toggle(m.id, e.target.checked)}
              />
              <span>
                <span className="block font-medium text-slate-900">
                  <bdi>{m.name}</bdi>
                </span>
                <span className="block text-sm">
                  {t(`eligibility.${m.eligibility}`, { until: m.paidUntil ? day(m.paidUntil) : '' })}
                </span>
              </span>
            </label>
          );
        })}
      </fieldset>
      <p className="text-sm text-slate-700" aria-live="polite" data-testid="seat-total">
        {t('buy.total', { count: chosen.length, price: data.priceAed, total })}
      </p>
      {!intent && (
        <Button size="lg" className="w-full" disabled={chosen.length === 0 || checkout.isPending} onClick={start}>
          {t('buy.continue')}
        </Button>
      )}
      {intent?.provider === 'test' && (
        <SeatCardForm
          brokerageId={brokerageId}
          clientSecret={intent.clientSecret}
          amountAed={intent.amountAed}
          onPaid={(until) => {
            toast({ title: t('pay.successTitle'), description: t('pay.done', { until: day(until) }) });
            setChosen([]);
            setIntent(null);
            setPaidUntil(until);
          }}
        />
      )}
      {intent?.provider === 'stripe' && intent.publishableKey && (
        <StripePaymentForm
          clientSecret={intent.clientSecret}
          publishableKey={intent.publishableKey}
          returnPath="/brokerage?tab=seats"
          text={{
            submit: t('pay.submit', { price: intent.amountAed }),
            processing: t('pay.processing'),
            failedTitle: t('pay.failedTitle'),
            failedText: t('pay.failedText'),
          }}
          onSubmitted={() => {
            toast({ title: t('pay.receivedTitle'), description: t('pay.receivedText') });
            setChosen([]);
            setIntent(null);
            onStripeSubmitted();
          }}
        />
      )}
      {intent && (
        <Button variant="ghost" className="w-full" onClick={() => setIntent(null)}>
          {t('buy.change')}
        </Button>
      )}
    </div>
  );
}

/**
 * The Seats tab of /brokerage: the owner pays the yearly plan for chosen members;
 * managers see the seats.
 */
export function SeatsTab({ membership: team }: { membership: NonNullable<MyBrokerage> }) {
  const { t } = useTranslation('team');
  // After a Stripe payment the seats come with the webhook: read them again for a minute.
  const [pollUntil, setPollUntil] = useState(0);
  const seats = useSeats(team.brokerage.id, pollUntil > Date.now() ? 2000 : false);
  if (team.role === 'member') return <AccessDenied title={t('seats.deniedTitle')} text={t('seats.deniedText')} />;
  if (seats.isLoading) return <Skeleton className="h-48" />;
  if (!seats.data)
    return (
      <div className="space-y-2 text-sm text-slate-600">
        <p>{t('seats.failed')}</p>
        <Button variant="outline" onClick={() => seats.refetch()}>
          {t('retry', { ns: 'common' })}
        </Button>
      </div>
    );
  const data = seats.data;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle>{t('seats.current')}</CardTitle>
          <p className="text-sm text-slate-500">{t('seats.moveHint', { days: data.renewalWindowDays })}</p>
        </CardHeader>
        <CardContent>
          <CurrentSeats data={data} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t('buy.title')}</CardTitle>
          <p className="text-sm text-slate-500">{t('buy.price', { price: data.priceAed })}</p>
        </CardHeader>
        <CardContent>
          {data.canPay ? (
            <BuySeats
              brokerageId={team.brokerage.id}
              data={data}
              onStripeSubmitted={() => setPollUntil(Date.now() + 60_000)}
            />
          ) : (
            <p className="text-sm text-slate-600">{t('buy.ownerOnly')}</p>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
