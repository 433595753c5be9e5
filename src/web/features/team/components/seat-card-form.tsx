import { zodResolver } from '@hookform/resolvers/zod';
import { FlaskConical } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { type TestCardInput, testCardSchema } from '../../../../core/schemas/subscription';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api';
import { useHandleUnauthorized } from '../../../lib/use-unauthorized';
import { useZodMessage } from '../../../lib/use-zod-message';
import { useConfirmSeatPayment } from '../api/use-seats';

const groupDigits = (v: string) =>
  v
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
const formatExpiry = (v: string) => {
  const d = v.replace(/\D/g, '').slice(0, 4);
  return d.length > 2 ? `${d.slice(0, 2)}/${d.slice(2)}` : d;
};

/**
 * The test provider's card form for a seat payment (issue 14), labelled like the subscription
 * page's: no real card is charged; 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined.
 */
export function SeatCardForm({
  brokerageId,
  clientSecret,
  amountAed,
  onPaid,
}: {
  brokerageId: string;
  clientSecret: string;
  amountAed: number;
  onPaid: (periodEnd: string) => void;
}) {
  const { t } = useTranslation('team');
  const zm = useZodMessage();
  const onUnauthorized = useHandleUnauthorized();
  const confirm = useConfirmSeatPayment(brokerageId);
  const form = useForm<TestCardInput, unknown, z.output<typeof testCardSchema>>({
    resolver: zodResolver(testCardSchema),
    defaultValues: { cardNumber: '', expiry: '', cvc: '' },
  });
  const numberField = form.register('cardNumber');
  const expiryField = form.register('expiry');

  const submit = form.handleSubmit(async (card) => {
    try {
      const result = await confirm.mutateAsync({ clientSecret, ...card });
      onPaid(result.periodEnd);
    } catch (error) {
      if (onUnauthorized(error)) return;
      if (error instanceof ApiError && error.status === 400) {
        for (const [field, message] of Object.entries(error.fieldErrors)) {
          if (field === 'cardNumber' || field === 'expiry' || field === 'cvc') form.setError(field, { message });
        }
      }
      const message = error instanceof ApiError ? error.serverMessage : t('pay.failedText');
      toast({ title: t('pay.failedTitle'), description: message, variant: 'destructive' });
    }
  });

  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-describedby="seat-test-note">
      <div
        id="seat-test-note"
        className="flex items-start gap-3 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
      >
        <FlaskConical className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
        <div>
          <Badge variant="gold" className="mb-1">
            {t('pay.testBadge')}
          </Badge>
          <p>{t('pay.testNote')}</p>
          <p className="mt-1">
            {t('pay.testCards')}{' '}
            <span dir="ltr" className="font-mono">
              4242 4242 4242 4242
            </span>
          </p>
        </div>
      </div>
      <Field label={t('pay.cardNumber')} error={zm(form.formState.errors.cardNumber?.message)}>
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
        <Field label={t('pay.expiry')} error={zm(form.formState.errors.expiry?.message)}>
          <Input
            dir="ltr"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder={t('pay.expiryPlaceholder')}
            {...expiryField}
            onChange={(e) => {
              e.target.value = formatExpiry(e.target.value);
              void expiryField.onChange(e);
            }}
          />
        </Field>
        <Field label={t('pay.cvc')} error={zm(form.formState.errors.cvc?.message)}>
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
        {confirm.isPending ? t('pay.processing') : t('pay.submit', { price: amountAed })}
      </Button>
    </form>
  );
}
