/** POST /api/subscription/test-confirm: the built-in test provider's stand-in for Stripe.js. */
import { useMutation } from '@tanstack/react-query';
import type { TestConfirmInput } from '../../../../core/schemas/subscription';
import { apiJson } from '../../../lib/api';

export function useConfirmTestPayment() {
  return useMutation({
    mutationFn: (input: TestConfirmInput) =>
      apiJson<{ status: 'succeeded'; subscriptionStatus: string; periodEnd: string | null }>(
        'POST',
        '/api/subscription/test-confirm',
        input,
      ),
  });
}
