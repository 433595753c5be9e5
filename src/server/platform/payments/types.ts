/**
 * Payment providers behind one interface: Stripe when configured, otherwise the
 * built-in test provider. A provider only talks to the outside service; the subscription
 * module decides what a payment means for the user.
 */
import type { PaymentProviderKind } from '../../../core/schemas/subscription';

/** The broker being billed, as a provider sees them. */
export interface BillingCustomer {
  id: string;
  email: string;
  name: string;
  stripeCustomerId: string | null;
  stripeSubscriptionId: string | null;
}

/** What the browser needs to confirm the first payment. */
export interface StartedSubscription {
  clientSecret: string;
  /** Stripe ids to remember on the user (absent for the test provider). */
  stripeCustomerId?: string;
  stripeSubscriptionId?: string;
  /** The provider's reference of the pending payment (PaymentIntent id). */
  paymentRef: string;
}

/** The state of a subscription as the provider reports it now (the source of truth). */
export interface RemoteSubscriptionState {
  id: string;
  customerId: string | null;
  /** active or trialing at the provider and not past its period end. */
  active: boolean;
  providerStatus: string;
  periodStart: Date | null;
  periodEnd: Date | null;
  userId: string | null;
}

export interface PaymentProvider {
  readonly kind: PaymentProviderKind;
  /** Sent to the browser for Stripe.js. */
  readonly publishableKey?: string;
  /** Creates (or reuses) the customer and an incomplete yearly subscription. */
  startSubscription(customer: BillingCustomer): Promise<StartedSubscription>;
  /** Ends the subscription at the provider (account deletion). Missing ones are ignored. */
  cancelSubscription(subscriptionId: string): Promise<void>;
}
