import { zodResolver } from '@hookform/resolvers/zod';
import { IdCard, UserPlus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  EXCHANGE_NOTE_MAX,
  type ExchangeCreateInput,
  type ExchangeCreateParsed,
  exchangeCreateSchema,
} from '../../../../core/schemas/exchange';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import { useZodMessage } from '../../../lib/use-zod-message';
import { useMyShareableCard, useShareDetails } from '../api/use-share-details';
import { SendFooter, SentNotice, showSendError } from './lead-form-fields';

const FIELDS = ['name', 'phone', 'email', 'company', 'note', 'consent'] as const;

/**
 * "Share your details" on a public card: the visitor leaves their name and a phone
 * number or e-mail for the card's owner, who gets them as a lead with a vCard. A signed-in
 * visitor with an approved card shares it with one tap instead. Same consent and honeypot as
 * the contact form. One column on a phone; two from `sm` up.
 */
export function ExchangeForm({
  cardId,
  ownerName,
  initiallyOpen = false,
}: {
  cardId: string;
  ownerName: string;
  /** The server-rendered page mounts it after the visitor asked for it: open at once. */
  initiallyOpen?: boolean;
}) {
  const { t } = useTranslation('inquiries');
  const zm = useZodMessage();
  const share = useShareDetails(cardId);
  const [open, setOpen] = useState(initiallyOpen);
  const myCard = useMyShareableCard(open);
  const [sent, setSent] = useState(false);
  const form = useForm<ExchangeCreateInput, unknown, ExchangeCreateParsed>({
    resolver: zodResolver(exchangeCreateSchema),
    defaultValues: { name: '', phone: '', email: '', company: '', note: '', website: '' },
  });
  const errors = form.formState.errors;
  const own = myCard.data;
  // The form replaces the button that opened it: focus moves into it, never back to <body>.
  const [focusName, setFocusName] = useState(initiallyOpen);
  useEffect(() => {
    if (open && focusName) {
      form.setFocus('name');
      setFocusName(false);
    }
  }, [open, focusName, form]);

  const send = async (values: ExchangeCreateParsed) => {
    try {
      await share.mutateAsync(values);
      setSent(true);
      form.reset();
    } catch (error) {
      showSendError(error, {
        fields: FIELDS,
        setError: form.setError,
        worded: [404, 409, 429],
        failedTitle: t('exchange.failedTitle'),
        failedText: t('exchange.failedText'),
      });
    }
  };
  const submit = form.handleSubmit(send);
  // One tap: the card speaks for the visitor; only the consent (and an optional note) are theirs.
  const submitOwnCard = async () => {
    const ok = await form.trigger('consent');
    if (!ok) return;
    const { consent, note, website } = form.getValues();
    await send({ consent: consent as true, note, website, useMyCard: true });
  };

  return (
    <Card id="share-details" data-testid="exchange-form">
      <CardHeader>
        <CardTitle>{t('exchange.title', { name: ownerName })}</CardTitle>
        <CardDescription>{t('exchange.subtitle', { name: ownerName })}</CardDescription>
      </CardHeader>
      <CardContent>
        {sent ? (
          <SentNotice title={t('exchange.sentTitle')} text={t('exchange.sentText', { name: ownerName })} />
        ) : !open ? (
          <Button
            variant="outline"
            className="w-full sm:w-auto"
            onClick={() => {
              setOpen(true);
              setFocusName(true);
            }}
          >
            <UserPlus className="h-4 w-4" aria-hidden="true" />
            {t('exchange.open')}
          </Button>
        ) : (
          <form noValidate onSubmit={submit} className="relative space-y-4">
            {own && (
              <div className="space-y-2 rounded-lg border border-brand-200 bg-brand-50 p-3">
                <p className="text-sm text-slate-700">{t('exchange.ownCardText', { card: own.name })}</p>
                <Button type="button" variant="gold" disabled={share.isPending} onClick={submitOwnCard}>
                  <IdCard className="h-4 w-4" aria-hidden="true" />
                  {t('exchange.ownCard')}
                </Button>
                <p className="text-xs text-slate-500">{t('exchange.orType')}</p>
              </div>
            )}
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label={t('exchange.name')} required error={zm(errors.name?.message)}>
                <Input autoComplete="name" {...form.register('name')} />
              </Field>
              <Field label={t('exchange.company')} error={zm(errors.company?.message)}>
                <Input autoComplete="organization" {...form.register('company')} />
              </Field>
              <Field label={t('exchange.phone')} error={zm(errors.phone?.message)}>
                <Input
                  type="tel"
                  dir="ltr"
                  autoComplete="tel"
                  inputMode="tel"
                  placeholder="+971 50 123 4567"
                  {...form.register('phone', { deps: ['email'] })}
                />
              </Field>
              <Field label={t('exchange.email')} error={zm(errors.email?.message)}>
                <Input
                  type="email"
                  dir="ltr"
                  autoComplete="email"
                  inputMode="email"
                  {...form.register('email', { deps: ['phone'] })}
                />
              </Field>
            </div>
            <p className="text-xs text-slate-500">{t('exchange.reachHint')}</p>
            <Field label={t('exchange.note')} error={zm(errors.note?.message)}>
              <Textarea maxLength={EXCHANGE_NOTE_MAX} rows={3} {...form.register('note')} />
            </Field>
            <SendFooter
              honeypot={form.register('website')}
              consent={{
                id: 'exchange-consent',
                label: t('exchange.consent', { name: ownerName }),
                error: zm(errors.consent?.message),
                registration: form.register('consent'),
              }}
              pending={share.isPending}
              icon={<UserPlus className="h-4 w-4" aria-hidden="true" />}
              send={t('exchange.send')}
              sending={t('exchange.sending')}
            />
          </form>
        )}
      </CardContent>
    </Card>
  );
}
