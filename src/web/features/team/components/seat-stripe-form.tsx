import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe } from '@stripe/stripe-js';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';

function Fields({ amountAed, onSubmitted }: { amountAed: number; onSubmitted: () => void }) {
  const { t } = useTranslation('team');
  const stripe = useStripe();
  const elements = useElements();
  const [busy, setBusy] = useState(false);
  return (
    <form
      className="space-y-4"
      onSubmit={async (e) => {
        e.preventDefault();
        if (!stripe || !elements) return;
        setBusy(true);
        const { error } = await stripe.confirmPayment({
          elements,
          confirmParams: { return_url: `${window.location.origin}/brokerage?tab=seats` },
          redirect: 'if_required',
        });
        setBusy(false);
        if (error) {
          toast({
            title: t('pay.failedTitle'),
            description: error.message ?? t('pay.failedText'),
            variant: 'destructive',
          });
          return;
        }
        onSubmitted();
      }}
    >
      <PaymentElement />
      <Button type="submit" size="lg" className="w-full" disabled={!stripe || busy}>
        {busy ? t('pay.processing') : t('pay.submit', { price: amountAed })}
      </Button>
    </form>
  );
}

/**
 * Stripe's Payment Element for a seat payment (issue 14): the card never touches our server,
 * and the seats are activated by Stripe's webhook, not by this page.
 */
export function SeatStripeForm({
  clientSecret,
  publishableKey,
  amountAed,
  onSubmitted,
}: {
  clientSecret: string;
  publishableKey: string;
  amountAed: number;
  onSubmitted: () => void;
}) {
  const { i18n } = useTranslation();
  const stripePromise = useMemo(() => loadStripe(publishableKey), [publishableKey]);
  return (
    <Elements
      stripe={stripePromise}
      options={{ clientSecret, locale: i18n.language === 'ar' ? 'ar' : 'en', appearance: { theme: 'stripe' } }}
    >
      <Fields amountAed={amountAed} onSubmitted={onSubmitted} />
    </Elements>
  );
}
