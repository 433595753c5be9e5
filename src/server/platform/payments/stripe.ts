/**
 * Stripe adapter over the official SDK: a customer per broker and a yearly AED 100
 * subscription created incomplete, whose first invoice the browser pays with Stripe.js and the
 * client secret. STRIPE_API_BASE points the SDK at another host (tests use a local server).
 */
import Stripe from 'stripe';
import { SUBSCRIPTION } from '../../../core/limits';
import type { Config } from '../../config';
import type { BillingCustomer, PaymentProvider, RemoteSubscriptionState, StartedSubscription } from './types';

/** Finds the plan's Price again instead of creating one per deployment. */
const PRICE_LOOKUP_KEY = 'bitaqa_professional_yearly_aed';
const ACTIVE_STATES = new Set(['active', 'trialing']);

export interface StripePaymentProvider extends PaymentProvider {
  readonly kind: 'stripe';
  readonly publishableKey: string;
  /** Verifies the Stripe-Signature header over the raw body; throws when it does not match. */
  verifyEvent(rawBody: Buffer | string, signature: string): Stripe.Event;
  /** The subscription as Stripe holds it now (events may arrive late or out of order). */
  retrieveSubscription(id: string): Promise<RemoteSubscriptionState | null>;
  /**
   * A one-off PaymentIntent (a brokerage's seats) for the customer (created when
   * missing). `idempotencyKey` makes a repeated start return the same PaymentIntent.
   */
  startPayment(input: {
    customer: BillingCustomer;
    amountFils: number;
    description: string;
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<{ paymentRef: string; clientSecret: string; stripeCustomerId: string }>;
}

function hostOptions(apiBase?: string): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

const idOf = (v: string | { id: string } | null | undefined) => (v == null ? null : typeof v === 'string' ? v : v.id);

function toState(sub: Stripe.Subscription): RemoteSubscriptionState {
  const item = sub.items?.data?.[0];
  const periodEnd = item?.current_period_end ? new Date(item.current_period_end * 1000) : null;
  const periodStart = item?.current_period_start ? new Date(item.current_period_start * 1000) : null;
  return {
    id: sub.id,
    customerId: idOf(sub.customer),
    active: ACTIVE_STATES.has(sub.status) && (!periodEnd || periodEnd.getTime() > Date.now()),
    providerStatus: sub.status,
    periodStart,
    periodEnd,
    userId: sub.metadata?.userId ?? null,
  };
}

function clientSecretOf(sub: Stripe.Subscription): { secret: string; invoiceId: string } | null {
  const invoice = sub.latest_invoice;
  if (!invoice || typeof invoice === 'string') return null;
  const secret = invoice.confirmation_secret?.client_secret;
  return secret && invoice.id ? { secret, invoiceId: invoice.id } : null;
}

/** One key per (user, subscription on file): the next subscription of that user, once. */
export function subscriptionIdempotencyKey(customer: Pick<BillingCustomer, 'id' | 'stripeSubscriptionId'>): string {
  return `bitaqa-subscription-${customer.id}-after-${customer.stripeSubscriptionId ?? 'none'}`;
}

export function createStripeProvider(cfg: NonNullable<Config['stripe']>): StripePaymentProvider {
  const client = new Stripe(cfg.secretKey, {
    maxNetworkRetries: 1,
    timeout: 20_000,
    appInfo: { name: 'Bitaqa' },
    ...hostOptions(cfg.apiBase),
  });
  let pricePromise: Promise<string> | null = null;

  async function findOrCreatePrice(): Promise<string> {
    const found = await client.prices.list({ lookup_keys: [PRICE_LOOKUP_KEY], active: true, limit: 1 });
    if (found.data[0]) return found.data[0].id;
    const price = await client.prices.create({
      currency: 'aed',
      unit_amount: SUBSCRIPTION.priceAed * 100,
      recurring: { interval: 'year' },
      product_data: { name: 'Bitaqa Professional Plan' },
      lookup_key: PRICE_LOOKUP_KEY,
    });
    return price.id;
  }

  function priceId(): Promise<string> {
    pricePromise ??= findOrCreatePrice().catch((err) => {
      pricePromise = null;
      throw err;
    });
    return pricePromise;
  }

  async function customerIdOf(customer: BillingCustomer): Promise<string> {
    return (
      customer.stripeCustomerId ??
      (
        await client.customers.create(
          { email: customer.email, name: customer.name, metadata: { userId: customer.id } },
          { idempotencyKey: `bitaqa-customer-${customer.id}` },
        )
      ).id
    );
  }

  return {
    kind: 'stripe',
    publishableKey: cfg.publishableKey,

    async startPayment({ customer, amountFils, description, metadata, idempotencyKey }) {
      const customerId = await customerIdOf(customer);
      const intent = await client.paymentIntents.create(
        {
          amount: amountFils,
          currency: 'aed',
          customer: customerId,
          description,
          metadata,
          automatic_payment_methods: { enabled: true },
        },
        { idempotencyKey },
      );
      if (!intent.client_secret) throw new Error(`Stripe PaymentIntent ${intent.id} has no client secret`);
      return { paymentRef: intent.id, clientSecret: intent.client_secret, stripeCustomerId: customerId };
    },

    async startSubscription(customer: BillingCustomer): Promise<StartedSubscription> {
      const customerId = await customerIdOf(customer);

      // An unpaid subscription from an earlier visit is reused, so a reload does not bill twice.
      if (customer.stripeSubscriptionId) {
        const existing = await client.subscriptions
          .retrieve(customer.stripeSubscriptionId, { expand: ['latest_invoice.confirmation_secret'] })
          .catch(() => null);
        const secret = existing?.status === 'incomplete' ? clientSecretOf(existing) : null;
        if (existing && secret) {
          return {
            clientSecret: secret.secret,
            stripeCustomerId: customerId,
            stripeSubscriptionId: existing.id,
            paymentRef: secret.invoiceId,
          };
        }
      }

      // The key names this user's next subscription (after the one on file,
      // if any), so a retried or doubled request gets the same subscription back from Stripe.
      const sub = await client.subscriptions.create(
        {
          customer: customerId,
          items: [{ price: await priceId() }],
          payment_behavior: 'default_incomplete',
          payment_settings: { save_default_payment_method: 'on_subscription' },
          expand: ['latest_invoice.confirmation_secret'],
          metadata: { userId: customer.id },
        },
        { idempotencyKey: subscriptionIdempotencyKey(customer) },
      );
      const secret = clientSecretOf(sub);
      if (!secret) throw new Error(`Stripe subscription ${sub.id} has no payable invoice`);
      return {
        clientSecret: secret.secret,
        stripeCustomerId: customerId,
        stripeSubscriptionId: sub.id,
        paymentRef: secret.invoiceId,
      };
    },

    async cancelSubscription(id: string): Promise<void> {
      try {
        await client.subscriptions.cancel(id);
      } catch (err) {
        if (err instanceof Stripe.errors.StripeError && (err.statusCode === 404 || err.code === 'resource_missing'))
          return;
        throw err;
      }
    },

    verifyEvent(rawBody, signature) {
      return client.webhooks.constructEvent(rawBody, signature, cfg.webhookSecret);
    },

    async retrieveSubscription(id: string) {
      try {
        return toState(await client.subscriptions.retrieve(id));
      } catch (err) {
        if (err instanceof Stripe.errors.StripeError && (err.statusCode === 404 || err.code === 'resource_missing'))
          return null;
        throw err;
      }
    },
  };
}

export type { Stripe };
