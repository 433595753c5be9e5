import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe } from '@stripe/stripe-js';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/button';

/** The texts of the form, from the namespace of the page that shows it. */
export interface StripePaymentTexts {
  submit: string;
  processing: string;
  failedTitle: string;
  /** Shown when Stripe's error carries no message of its own. */
  failedText: string;
}

function StripeFields({
  returnPath,
  text,
  onSubmitted,
}: {
  returnPath: string;
  text: StripePaymentTexts;
  onSubmitted: () => void;
}) {
  const stripe = useStripe();
  const elements = useElements();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  return (
    <form
      className="space-y-4"
      onSubmit={async (e) => {
        e.preventDefault();
        if (!stripe || !elements) return;
        setBusy(true);
        setFailure(null);
        // Confirmed with the client secret, returning to the site.
        const { error } = await stripe.confirmPayment({
          elements,
          confirmParams: { return_url: `${window.location.origin}${returnPath}` },
          redirect: 'if_required',
        });
        setBusy(false);
        if (error) {
          // Said in the form, next to the card to correct.
          setFailure(error.message ?? text.failedText);
          return;
        }
        onSubmitted();
      }}
    >
      <PaymentElement />
      {failure && (
        <div
          role="alert"
          data-testid="payment-error"
          className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-800"
        >
          <p className="font-semibold">{text.failedTitle}</p>
          <p>{failure}</p>
        </div>
      )}
      <Button type="submit" size="lg" className="w-full" disabled={!stripe || busy}>
        {busy ? text.processing : text.submit}
      </Button>
    </form>
  );
}

/**
 * Stripe's Payment Element (subscriptions and brokerage seats): the card never touches our server.
 * What the payment buys is granted by Stripe's webhook, not by this form; `onSubmitted` only tells the
 * page that Stripe accepted the card. `returnPath` is where Stripe sends the browser back after a redirect
 * (e.g. 3-D Secure); empty for the site's origin.
 */
export function StripePaymentForm({
  clientSecret,
  publishableKey,
  returnPath = '',
  text,
  onSubmitted,
}: {
  clientSecret: string;
  publishableKey: string;
  returnPath?: string;
  text: StripePaymentTexts;
  onSubmitted: () => void;
}) {
  const { i18n } = useTranslation();
  const stripePromise = useMemo(() => loadStripe(publishableKey), [publishableKey]);
  return (
    <Elements
      stripe={stripePromise}
      options={{ clientSecret, locale: i18n.language === 'ar' ? 'ar' : 'en', appearance: { theme: 'stripe' } }}
    >
      <StripeFields returnPath={returnPath} text={text} onSubmitted={onSubmitted} />
    </Elements>
  );
}
