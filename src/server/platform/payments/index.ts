/** Picks the payment provider once per app: Stripe when configured, the test provider otherwise. */
import type { AppContext } from '../../context';
import { createStripeProvider, type StripePaymentProvider } from './stripe';
import { createTestProvider, type TestPaymentProvider } from './test-provider';

export type AnyPaymentProvider = StripePaymentProvider | TestPaymentProvider;

const providers = new WeakMap<AppContext, AnyPaymentProvider>();

export function paymentProviderFor(ctx: AppContext): AnyPaymentProvider {
  let provider = providers.get(ctx);
  if (!provider) {
    provider = ctx.config.stripe
      ? createStripeProvider(ctx.config.stripe)
      : createTestProvider(ctx.config.sessionSecret);
    providers.set(ctx, provider);
  }
  return provider;
}
