/**
 * A test app on the Stripe path: the real `stripe` SDK talks to a FakeStripe on 127.0.0.1,
 * stopped when the test file ends. One setup for every Stripe test file.
 */
import { afterAll } from 'vitest';
import { createTestApp } from './app';
import { FakeStripe } from './fake-stripe';

export async function createStripeTestApp(webhookSecret: string) {
  const fake = await new FakeStripe().start();
  afterAll(() => fake.stop());
  const t = await createTestApp({
    env: {
      STRIPE_SECRET_KEY: 'sk_test_bitaqa',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_bitaqa',
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_BASE: fake.url,
    },
  });
  return { fake, t };
}
