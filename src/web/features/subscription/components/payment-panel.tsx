import { Lock } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { SUBSCRIPTION } from '../../../../core/limits';
import { StripePaymentForm } from '../../../components/payment/stripe-payment-form';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/feedback';
import { toast } from '../../../components/ui/toast';
import { useHandleUnauthorized } from '../../../lib/use-unauthorized';
import { useStartSubscription } from '../api/use-start-subscription';
import { TestCardForm } from './test-card-form';

/**
 * Asks the server for a client secret once, then shows the form of the provider it uses:
 * Stripe's Payment Element, or the labelled test form when Stripe is not configured.
 */
export function PaymentPanel({ onPaid, onSubmittedToStripe }: { onPaid: () => void; onSubmittedToStripe: () => void }) {
  const { t } = useTranslation('subscription');
  const onUnauthorized = useHandleUnauthorized();
  const start = useStartSubscription();
  const started = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the secret is requested once per visit
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    start.mutate(undefined, {
      onError: (error) => {
        if (onUnauthorized(error)) return;
        toast({ title: t('init.failedTitle'), description: t('init.failedText'), variant: 'destructive' });
      },
    });
  }, []);

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('payment.title')}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {start.isPending && (
          <div className="space-y-3" aria-busy="true">
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
            <Skeleton className="h-12" />
          </div>
        )}
        {start.isError && (
          <div className="space-y-3 text-sm text-slate-600">
            <p>{t('init.failedText')}</p>
            <Button variant="outline" onClick={() => start.mutate()}>
              {t('retry', { ns: 'common' })}
            </Button>
          </div>
        )}
        {start.data?.provider === 'test' && <TestCardForm clientSecret={start.data.clientSecret} onPaid={onPaid} />}
        {start.data?.provider === 'stripe' && start.data.publishableKey && (
          <StripePaymentForm
            clientSecret={start.data.clientSecret}
            publishableKey={start.data.publishableKey}
            text={{
              submit: t('payment.pay', { price: SUBSCRIPTION.priceAed }),
              processing: t('payment.processing'),
              failedTitle: t('payment.failedTitle'),
              failedText: t('payment.failedText'),
            }}
            onSubmitted={onSubmittedToStripe}
          />
        )}
        <p className="flex items-start gap-2 text-xs text-slate-500" data-testid="secure-note">
          <Lock className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          {t('payment.secureNote')}
        </p>
      </CardContent>
    </Card>
  );
}
