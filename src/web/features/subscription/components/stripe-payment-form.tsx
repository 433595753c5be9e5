import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe } from '@stripe/stripe-js';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SUBSCRIPTION } from '../../../../core/limits';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';

function StripeFields({ onSubmitted }: { onSubmitted: () => void }) {
  const { t } = useTranslation('subscription');
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
        // Spec §7: confirmed with the client secret, returning to the site origin.
        const { error } = await stripe.confirmPayment({
          elements,
          confirmParams: { return_url: window.location.origin },
          redirect: 'if_required',
        });
        setBusy(false);
        if (error) {
          toast({
            title: t('payment.failedTitle'),
            description: error.message ?? t('payment.failedText'),
            variant: 'destructive',
          });
          return;
        }
        onSubmitted();
      }}
    >
      <PaymentElement />
      <Button type="submit" size="lg" className="w-full" disabled={!stripe || busy}>
        {busy ? t('payment.processing') : t('payment.pay', { price: SUBSCRIPTION.priceAed })}
      </Button>
    </form>
  );
}

/** Stripe's Payment Element (issue 6): the card never touches our server. */
export function StripePaymentForm({
  clientSecret,
  publishableKey,
  onSubmitted,
}: {
  clientSecret: string;
  publishableKey: string;
  onSubmitted: () => void;
}) {
  const { i18n } = useTranslation();
  const stripePromise = useMemo(() => loadStripe(publishableKey), [publishableKey]);
  return (
    <Elements
      stripe={stripePromise}
      options={{ clientSecret, locale: i18n.language === 'ar' ? 'ar' : 'en', appearance: { theme: 'stripe' } }}
    >
      <StripeFields onSubmitted={onSubmitted} />
    </Elements>
  );
}
