/**
 * The brokerage's details, brand and locks: the create form and the Settings tab. One
 * zod schema (core/schemas/brokerages) checks it here and on the server.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { EMIRATES } from '../../../../core/enums';
import { LOCKABLE_FIELDS } from '../../../../core/schemas/brokerage-brand';
import { type BrokerageInput, brokerageInputSchema, type BrokerageView } from '../../../../core/schemas/brokerages';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input, Select } from '../../../components/ui/input';
import { ApiError } from '../../../lib/api';
import { useZodMessage } from '../../../lib/use-zod-message';
import { LogoField } from './logo-field';

export function brokerageDefaults(b?: BrokerageView): BrokerageInput {
  return {
    name: b?.name ?? '',
    nameAr: b?.nameAr ?? '',
    ornNumber: b?.ornNumber ?? '',
    tradeLicenceNumber: b?.tradeLicenceNumber ?? '',
    logoUrl: b?.logoUrl ?? '',
    primaryColor: b?.primaryColor ?? '',
    secondaryColor: b?.secondaryColor ?? '',
    officeAddress: b?.officeAddress ?? '',
    emirate: b?.emirate ?? 'dubai',
    lockedFields: b?.lockedFields ?? [],
  };
}

export function BrokerageForm({
  initial,
  submitLabel,
  pendingLabel,
  pending,
  onSubmit,
  note,
}: {
  initial?: BrokerageView;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  /** Resolves when saved; an ApiError's field messages are shown at their fields. */
  onSubmit: (values: BrokerageInput) => Promise<unknown>;
  note?: string;
}) {
  const { t } = useTranslation(['brokerages', 'enums']);
  const zm = useZodMessage();
  const form = useForm<BrokerageInput>({
    resolver: zodResolver(brokerageInputSchema),
    defaultValues: brokerageDefaults(initial),
  });
  const e = form.formState.errors;
  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      if (error instanceof ApiError) {
        for (const [field, message] of Object.entries(error.fieldErrors)) {
          form.setError(field as keyof BrokerageInput, { message });
        }
        if (error.code === 'ORN_TAKEN') form.setError('ornNumber', { message: error.serverMessage });
      }
    }
  });
  const colorField = (name: 'primaryColor' | 'secondaryColor') => (
    <Field label={t(`fields.${name}`)} hint={t('fields.colorHint')} error={zm(e[name]?.message)}>
      <Controller
        control={form.control}
        name={name}
        render={({ field }) => (
          <div className="flex items-center gap-2">
            <input
              type="color"
              aria-label={t(`fields.${name}`)}
              className="h-10 w-12 shrink-0 cursor-pointer rounded border border-slate-300 bg-white"
              value={/^#[0-9a-f]{6}$/i.test(field.value ?? '') ? (field.value as string) : '#0f4c81'}
              onChange={(ev) => field.onChange(ev.target.value)}
            />
            <Input
              dir="ltr"
              aria-label={t(`fields.${name}`)}
              placeholder="#0f4c81"
              value={field.value ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              name={field.name}
            />
          </div>
        )}
      />
    </Field>
  );
  return (
    <form noValidate className="grid gap-4 sm:grid-cols-2" onSubmit={submit}>
      <Field label={t('fields.name')} error={zm(e.name?.message)} required>
        <Input autoComplete="organization" {...form.register('name')} />
      </Field>
      <Field label={t('fields.nameAr')} error={zm(e.nameAr?.message)}>
        <Input dir="rtl" lang="ar" {...form.register('nameAr')} />
      </Field>
      <Field label={t('fields.ornNumber')} error={zm(e.ornNumber?.message)} hint={note} required>
        <Input dir="ltr" inputMode="numeric" {...form.register('ornNumber')} />
      </Field>
      <Field label={t('fields.tradeLicenceNumber')} error={zm(e.tradeLicenceNumber?.message)} required>
        <Input dir="ltr" {...form.register('tradeLicenceNumber')} />
      </Field>
      <Controller
        control={form.control}
        name="logoUrl"
        render={({ field }) => (
          <LogoField value={field.value ?? ''} onChange={field.onChange} error={zm(e.logoUrl?.message)} />
        )}
      />
      <Field label={t('fields.emirate')} error={zm(e.emirate?.message)}>
        <Select {...form.register('emirate')}>
          {EMIRATES.map((em) => (
            <option key={em} value={em}>
              {t(`enums:emirate.${em}`)}
            </option>
          ))}
        </Select>
      </Field>
      {colorField('primaryColor')}
      {colorField('secondaryColor')}
      <Field label={t('fields.officeAddress')} error={zm(e.officeAddress?.message)} className="sm:col-span-2">
        <Input autoComplete="street-address" {...form.register('officeAddress')} />
      </Field>
      <fieldset className="sm:col-span-2">
        <legend className="text-sm font-medium text-slate-700">{t('fields.locks')}</legend>
        <p className="text-xs text-slate-500">{t('fields.locksHint')}</p>
        <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
          {LOCKABLE_FIELDS.map((f) => (
            <label key={f} className="inline-flex min-h-11 items-center gap-2 text-sm">
              <input
                type="checkbox"
                value={f}
                className="h-4 w-4 rounded border-slate-300"
                {...form.register('lockedFields')}
              />
              {t(`fields.lock.${f}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="sm:col-span-2">
        <Button type="submit" size="primary" disabled={pending}>
          {pending ? pendingLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}
