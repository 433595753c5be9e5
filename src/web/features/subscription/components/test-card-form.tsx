import { zodResolver } from '@hookform/resolvers/zod';
import { FlaskConical } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { SUBSCRIPTION } from '../../../../core/limits';
import { type TestCardInput, testCardSchema } from '../../../../core/schemas/subscription';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api';
import { useZodMessage } from '../../../lib/use-zod-message';
import { useHandleUnauthorized } from '../../../lib/use-unauthorized';
import { useConfirmTestPayment } from '../api/use-confirm-test-payment';

/** "4242424242424242" → "4242 4242 4242 4242" while typing. */
function groupDigits(value: string): string {
  return value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

function formatExpiry(value: string): string {
  const d = value.replace(/\D/g, '').slice(0, 4);
  return d.length > 2 ? `${d.slice(0, 2)}/${d.slice(2)}` : d;
}

/**
 * The built-in test provider's card form (issue 6), clearly labelled: no real card is charged.
 * The server answers like Stripe: 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined.
 */
export function TestCardForm({ clientSecret, onPaid }: { clientSecret: string; onPaid: () => void }) {
  const { t } = useTranslation('subscription');
  const zm = useZodMessage();
  const onUnauthorized = useHandleUnauthorized();
  const confirm = useConfirmTestPayment();
  const form = useForm<TestCardInput, unknown, z.output<typeof testCardSchema>>({
    resolver: zodResolver(testCardSchema),
    defaultValues: { cardNumber: '', expiry: '', cvc: '' },
  });
  const numberField = form.register('cardNumber');
  const expiryField = form.register('expiry');

  const submit = form.handleSubmit(async (card) => {
    try {
      await confirm.mutateAsync({ clientSecret, ...card });
      onPaid();
    } catch (error) {
      if (onUnauthorized(error)) return;
      if (error instanceof ApiError && error.status === 400) {
        for (const [field, message] of Object.entries(error.fieldErrors)) {
          if (field === 'cardNumber' || field === 'expiry' || field === 'cvc') form.setError(field, { message });
        }
      }
      const message = error instanceof ApiError ? error.serverMessage : t('payment.failedText');
      toast({ title: t('payment.failedTitle'), description: message, variant: 'destructive' });
    }
  });

  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-describedby="test-payments-note">
      <div
        id="test-payments-note"
        className="flex items-start gap-3 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
      >
        <FlaskConical className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
        <div>
          <Badge variant="gold" className="mb-1">
            {t('test.badge')}
          </Badge>
          <p>{t('test.note')}</p>
          <p className="mt-1">
            {t('test.cards')}{' '}
            <span dir="ltr" className="font-mono">
              4242 4242 4242 4242
            </span>
            {' · '}
            {t('test.declined')}{' '}
            <span dir="ltr" className="font-mono">
              4000 0000 0000 0002
            </span>
          </p>
        </div>
      </div>
      <Field label={t('test.cardNumber')} error={zm(form.formState.errors.cardNumber?.message)}>
        <Input
          dir="ltr"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="4242 4242 4242 4242"
          {...numberField}
          onChange={(e) => {
            e.target.value = groupDigits(e.target.value);
            void numberField.onChange(e);
          }}
        />
      </Field>
      <div className="grid grid-cols-2 gap-4">
        <Field label={t('test.expiry')} error={zm(form.formState.errors.expiry?.message)}>
          <Input
            dir="ltr"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder={t('test.expiryPlaceholder')}
            {...expiryField}
            onChange={(e) => {
              e.target.value = formatExpiry(e.target.value);
              void expiryField.onChange(e);
            }}
          />
        </Field>
        <Field label={t('test.cvc')} error={zm(form.formState.errors.cvc?.message)}>
          <Input
            dir="ltr"
            inputMode="numeric"
            autoComplete="cc-csc"
            maxLength={4}
            placeholder="123"
            {...form.register('cvc')}
          />
        </Field>
      </div>
      <Button type="submit" size="lg" className="w-full" disabled={confirm.isPending}>
        {confirm.isPending ? t('payment.processing') : t('payment.pay', { price: SUBSCRIPTION.priceAed })}
      </Button>
    </form>
  );
}
