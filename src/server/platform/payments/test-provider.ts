/**
 * The built-in test provider, the default when Stripe is not configured: the same
 * flow end to end without any outside service, so a newcomer can walk the sign-up offline.
 * A client secret looks like Stripe's (`test_pi_<id>_secret_<mac>`); the mac ties it to this
 * server, so a made-up secret is refused. Cards behave like Stripe's test cards.
 */
import crypto from 'node:crypto';
import { AppError } from '../../errors';
import type { BillingCustomer, PaymentProvider, StartedSubscription } from './types';

/** Stripe's test numbers and what each one does (https://docs.stripe.com/testing). */
const TEST_CARDS: Record<string, { ok: true } | { ok: false; code: string; message: string }> = {
  '4242424242424242': { ok: true },
  '5555555555554444': { ok: true },
  '4000000000000002': { ok: false, code: 'card_declined', message: 'Your card was declined.' },
  '4000000000009995': { ok: false, code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  '4000000000000069': { ok: false, code: 'expired_card', message: 'Your card has expired.' },
  '4000000000000127': { ok: false, code: 'incorrect_cvc', message: "Your card's security code is incorrect." },
};

export const TEST_CARD_OK = '4242 4242 4242 4242';
export const TEST_CARD_DECLINED = '4000 0000 0000 0002';

export interface TestPaymentProvider extends PaymentProvider {
  readonly kind: 'test';
  /** A new PaymentIntent reference and its client secret. */
  newPayment(): { paymentRef: string; clientSecret: string };
  /** The client secret of a PaymentIntent this server issued. */
  secretFor(paymentRef: string): string;
  /** The PaymentIntent reference inside a client secret, or null when it is not ours. */
  paymentRefOf(clientSecret: string): string | null;
  /** "Charges" a card number (digits only): returns on success, throws a 402 like a decline. */
  charge(cardNumber: string): void;
}

export function createTestProvider(signingSecret: string): TestPaymentProvider {
  const mac = (ref: string) =>
    crypto.createHmac('sha256', signingSecret).update(`test-payment:${ref}`).digest('base64url').slice(0, 24);
  const secretFor = (ref: string) => `${ref}_secret_${mac(ref)}`;
  const newPayment = () => {
    const paymentRef = `test_pi_${crypto.randomBytes(12).toString('hex')}`;
    return { paymentRef, clientSecret: secretFor(paymentRef) };
  };

  return {
    kind: 'test',
    newPayment,
    secretFor,
    paymentRefOf(clientSecret) {
      const m = clientSecret.match(/^(test_pi_[0-9a-f]{24})_secret_([\w-]{24})$/);
      if (!m) return null;
      const expected = Buffer.from(mac(m[1]));
      const given = Buffer.from(m[2]);
      return expected.length === given.length && crypto.timingSafeEqual(expected, given) ? m[1] : null;
    },
    charge(cardNumber) {
      const card = TEST_CARDS[cardNumber];
      if (card?.ok) return;
      if (card) throw new AppError(402, 'CARD_DECLINED', card.message, { declineCode: card.code });
      throw new AppError(
        402,
        'CARD_DECLINED',
        `Your card was declined. These are test payments: use the test card ${TEST_CARD_OK}.`,
        { declineCode: 'test_mode_live_card' },
      );
    },
    async startSubscription(_customer: BillingCustomer): Promise<StartedSubscription> {
      return newPayment();
    },
    async cancelSubscription() {
      // Nothing renews automatically with the test provider.
    },
  };
}
