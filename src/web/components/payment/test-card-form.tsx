import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { FlaskConical } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { type TestCardInput, testCardSchema } from '../../../core/schemas/subscription';
import { ApiError } from '../../lib/api';
import { useHandleUnauthorized } from '../../lib/use-unauthorized';
import { useZodMessage } from '../../lib/use-zod-message';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { Field } from '../ui/field';
import { Input } from '../ui/input';

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

/** The texts of the form, from the namespace of the page that shows it. */
export interface TestCardTexts {
  badge: string;
  note: string;
  cards: string;
  /** "Declined:" before the declining test card; left out when absent. */
  declined?: string;
  cardNumber: string;
  expiry: string;
  expiryPlaceholder: string;
  cvc: string;
  submit: string;
  processing: string;
  failedTitle: string;
  failedText: string;
}

/**
 * The built-in test provider's card form (subscriptions and brokerage seats), clearly labelled:
 * no real card is charged. The server answers like Stripe: 4242 4242 4242 4242 pays,
 * 4000 0000 0000 0002 is declined. `confirm` sends the card; its field errors land on the fields.
 */
export function TestCardForm({
  noteId,
  text,
  pending,
  confirm,
}: {
  noteId: string;
  text: TestCardTexts;
  pending: boolean;
  confirm: (card: z.output<typeof testCardSchema>) => Promise<void>;
}) {
  const zm = useZodMessage();
  const onUnauthorized = useHandleUnauthorized();
  const form = useForm<TestCardInput, unknown, z.output<typeof testCardSchema>>({
    resolver: zodResolver(testCardSchema),
    defaultValues: { cardNumber: '', expiry: '', cvc: '' },
  });
  // A refused card is said in the form, beside the fields to correct, not in a passing toast.
  const [failure, setFailure] = useState<string | null>(null);
  const numberField = form.register('cardNumber');
  const expiryField = form.register('expiry');

  const submit = form.handleSubmit(async (card) => {
    setFailure(null);
    try {
      await confirm(card);
    } catch (error) {
      if (onUnauthorized(error)) return;
      if (error instanceof ApiError && error.status === 400) {
        for (const [field, message] of Object.entries(error.fieldErrors)) {
          if (field === 'cardNumber' || field === 'expiry' || field === 'cvc') form.setError(field, { message });
        }
      }
      const message = error instanceof ApiError ? error.serverMessage : text.failedText;
      setFailure(message);
    }
  });

  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-describedby={noteId}>
      <div
        id={noteId}
        className="flex items-start gap-3 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
      >
        <FlaskConical className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
        <div>
          <Badge variant="gold" className="mb-1">
            {text.badge}
          </Badge>
          <p>{text.note}</p>
          <p className="mt-1">
            {text.cards}{' '}
            <span dir="ltr" className="font-mono">
              4242 4242 4242 4242
            </span>
            {text.declined && (
              <>
                {' · '}
                {text.declined}{' '}
                <span dir="ltr" className="font-mono">
                  4000 0000 0000 0002
                </span>
              </>
            )}
          </p>
        </div>
      </div>
      <Field label={text.cardNumber} error={zm(form.formState.errors.cardNumber?.message)}>
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
        <Field label={text.expiry} error={zm(form.formState.errors.expiry?.message)}>
          <Input
            dir="ltr"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder={text.expiryPlaceholder}
            {...expiryField}
            onChange={(e) => {
              e.target.value = formatExpiry(e.target.value);
              void expiryField.onChange(e);
            }}
          />
        </Field>
        <Field label={text.cvc} error={zm(form.formState.errors.cvc?.message)}>
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
      <Button type="submit" size="lg" className="w-full" disabled={pending}>
        {pending ? text.processing : text.submit}
      </Button>
    </form>
  );
}
