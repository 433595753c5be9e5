import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { INQUIRY_TYPES } from '../../../../core/enums';
import { INQUIRY_MESSAGE_MAX, type InquiryCreateInput, inquiryCreateSchema } from '../../../../core/schemas/inquiry';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Input, Select, Textarea } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { useZodMessage } from '../../../lib/use-zod-message';
import { useSendInquiry } from '../api/use-send-inquiry';
import { SendFooter, SentNotice, showSendError } from './lead-form-fields';

const FIELDS = ['inquirerName', 'inquirerEmail', 'inquirerPhone', 'inquiryType', 'message', 'consent'] as const;

/**
 * The lead form on a public card. Open to signed-out visitors;
 * a hidden "website" field catches bots (people never see or fill it).
 */
export function ContactForm({ cardId, ownerName }: { cardId: string; ownerName: string }) {
  const { t } = useTranslation('inquiries');
  const zm = useZodMessage();
  const send = useSendInquiry(cardId);
  const [sent, setSent] = useState(false);
  const form = useForm<InquiryCreateInput, unknown, z.output<typeof inquiryCreateSchema>>({
    resolver: zodResolver(inquiryCreateSchema),
    defaultValues: { inquirerName: '', inquirerEmail: '', inquirerPhone: '', message: '', website: '' },
  });
  const errors = form.formState.errors;

  const submit = form.handleSubmit(async (values) => {
    try {
      await send.mutateAsync(values);
      setSent(true);
      form.reset();
      toast({ title: t('form.sentTitle'), description: t('form.sentText', { name: ownerName }) });
    } catch (error) {
      showSendError(error, {
        fields: FIELDS,
        setError: form.setError,
        worded: [429, 404],
        failedTitle: t('form.failedTitle'),
        failedText: t('form.failedText'),
      });
    }
  });

  return (
    <Card id="contact" data-testid="contact-form">
      <CardHeader>
        <CardTitle>{t('form.title', { name: ownerName })}</CardTitle>
        <CardDescription>{t('form.subtitle')}</CardDescription>
      </CardHeader>
      <CardContent>
        {sent ? (
          <SentNotice title={t('form.sentTitle')} text={t('form.sentText', { name: ownerName })}>
            <Button variant="outline" onClick={() => setSent(false)}>
              {t('form.another')}
            </Button>
          </SentNotice>
        ) : (
          <form noValidate onSubmit={submit} className="relative space-y-4">
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label={t('form.name')} required error={zm(errors.inquirerName?.message)}>
                <Input autoComplete="name" {...form.register('inquirerName')} />
              </Field>
              <Field label={t('form.email')} required error={zm(errors.inquirerEmail?.message)}>
                <Input
                  type="email"
                  dir="ltr"
                  autoComplete="email"
                  inputMode="email"
                  {...form.register('inquirerEmail')}
                />
              </Field>
              <Field label={t('form.phone')} error={zm(errors.inquirerPhone?.message)}>
                <Input
                  type="tel"
                  dir="ltr"
                  autoComplete="tel"
                  placeholder="+971 50 123 4567"
                  {...form.register('inquirerPhone')}
                />
              </Field>
              <Field label={t('form.type')} required error={zm(errors.inquiryType?.message)}>
                <Select defaultValue="" {...form.register('inquiryType')}>
                  <option value="" disabled>
                    {t('form.typePlaceholder')}
                  </option>
                  {INQUIRY_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {t(`inquiryType.${type}`, { ns: 'enums' })}
                    </option>
                  ))}
                </Select>
              </Field>
            </div>
            <Field label={t('form.message')} error={zm(errors.message?.message)}>
              <Textarea maxLength={INQUIRY_MESSAGE_MAX} rows={4} {...form.register('message')} />
            </Field>
            <SendFooter
              honeypot={form.register('website')}
              consent={{
                id: 'consent',
                label: t('form.consent', { name: ownerName }),
                error: zm(errors.consent?.message),
                registration: form.register('consent'),
              }}
              pending={send.isPending}
              icon={<Send className="h-4 w-4 rtl-flip" aria-hidden="true" />}
              send={t('form.send')}
              sending={t('form.sending')}
            />
          </form>
        )}
      </CardContent>
    </Card>
  );
}
