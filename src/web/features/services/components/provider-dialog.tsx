/** "Become a provider": a signed-in user lists a service; it is public at once. */
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SERVICE_CATEGORIES, SERVICE_PRICE_TIERS, SERVICE_TYPES } from '../../../../core/enums';
import { type ServiceInput, type ServiceInputParsed, serviceInputSchema } from '../../../../core/schemas/services';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { CommaListInput } from '../../../components/ui/comma-list-input';
import { Field } from '../../../components/ui/field';
import { Input, Select, Textarea } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { useZodMessage } from '../../../lib/use-zod-message';
import { useFailureToast } from '../../../lib/use-unauthorized';
import { useCreateService } from '../api/use-services';

export function ProviderDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (v: boolean) => void }) {
  const { t } = useTranslation('discovery');
  const zm = useZodMessage();
  const create = useCreateService();
  const fail = useFailureToast();
  const form = useForm<ServiceInput, unknown, ServiceInputParsed>({
    resolver: zodResolver(serviceInputSchema),
    defaultValues: { serviceType: 'company', category: 'Real Estate', features: [], contactInfo: {} },
  });
  const { errors } = form.formState;
  const submit = (values: ServiceInputParsed) =>
    create.mutate(values, {
      onSuccess: () => {
        toast({ title: t('provider.doneTitle'), description: t('provider.doneText') });
        form.reset();
        onOpenChange(false);
      },
      onError: (e) => fail(e, t('errorTitle'), t('provider.failed')),
    });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={t('provider.title')} description={t('provider.subtitle')} className="max-w-2xl">
        <form noValidate onSubmit={form.handleSubmit(submit)} className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Field label={t('provider.name')} error={zm(errors.name?.message)} required>
            <Input maxLength={200} {...form.register('name')} />
          </Field>
          <Field label={t('provider.provider')} error={zm(errors.provider?.message)} required>
            <Input maxLength={200} {...form.register('provider')} />
          </Field>
          <Field label={t('provider.category')} error={zm(errors.category?.message)} required>
            <Select {...form.register('category')}>
              {SERVICE_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {t(`serviceCategory.${c}`, { ns: 'enums' })}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t('provider.type')} error={zm(errors.serviceType?.message)} required>
            <Select {...form.register('serviceType')}>
              {SERVICE_TYPES.map((c) => (
                <option key={c} value={c}>
                  {t(`serviceType.${c}`, { ns: 'enums' })}
                </option>
              ))}
            </Select>
          </Field>
          <Field
            label={t('provider.description')}
            error={zm(errors.description?.message)}
            required
            className="sm:col-span-2"
          >
            <Textarea rows={3} maxLength={4000} {...form.register('description')} />
          </Field>
          <Controller
            control={form.control}
            name="features"
            render={({ field }) => (
              <Field
                label={t('provider.features')}
                hint={t('provider.featuresHint')}
                error={zm(errors.features?.message)}
                className="sm:col-span-2"
              >
                <CommaListInput value={field.value} onChange={field.onChange} onBlur={field.onBlur} />
              </Field>
            )}
          />
          <Field label={t('provider.price')} error={zm(errors.priceLabel?.message)}>
            <Input maxLength={100} placeholder={t('provider.pricePlaceholder')} {...form.register('priceLabel')} />
          </Field>
          <Field label={t('provider.tier')} error={zm(errors.priceTier?.message)}>
            <Select {...form.register('priceTier', { setValueAs: (v) => (v === '' ? null : v) })}>
              <option value="">{t('filters.any')}</option>
              {SERVICE_PRICE_TIERS.map((c) => (
                <option key={c} value={c}>
                  {t(`priceTier.${c}`, { ns: 'enums' })}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t('provider.city')} error={zm(errors.city?.message)}>
            <Input maxLength={100} {...form.register('city')} />
          </Field>
          <Field label={t('provider.phone')} error={zm(errors.contactInfo?.phone?.message)}>
            <Input type="tel" dir="ltr" {...form.register('contactInfo.phone')} />
          </Field>
          <Field label={t('provider.email')} error={zm(errors.contactInfo?.email?.message)}>
            <Input type="email" dir="ltr" {...form.register('contactInfo.email')} />
          </Field>
          <Field label={t('provider.website')} error={zm(errors.contactInfo?.website?.message)}>
            <Input type="url" dir="ltr" placeholder="https://" {...form.register('contactInfo.website')} />
          </Field>
          <fieldset className="grid grid-cols-1 gap-4 rounded-xl border border-slate-200 p-4 sm:col-span-2 sm:grid-cols-2">
            <legend className="px-1 text-sm font-semibold text-slate-800">{t('provider.arabicLegend')}</legend>
            <p className="-mt-2 text-xs text-slate-500 sm:col-span-2">{t('provider.arabicHint')}</p>
            <Field label={t('provider.nameAr')} error={zm(errors.translations?.ar?.name?.message)}>
              <Input maxLength={200} dir="rtl" lang="ar" {...form.register('translations.ar.name')} />
            </Field>
            <Field label={t('provider.providerAr')} error={zm(errors.translations?.ar?.provider?.message)}>
              <Input maxLength={200} dir="rtl" lang="ar" {...form.register('translations.ar.provider')} />
            </Field>
            <Field
              label={t('provider.descriptionAr')}
              error={zm(errors.translations?.ar?.description?.message)}
              className="sm:col-span-2"
            >
              <Textarea
                rows={3}
                maxLength={4000}
                dir="rtl"
                lang="ar"
                {...form.register('translations.ar.description')}
              />
            </Field>
          </fieldset>
          <div className="flex justify-end gap-2 sm:col-span-2">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {t('detail.cancel')}
            </Button>
            <Button type="submit" size="primary" disabled={create.isPending}>
              {create.isPending ? t('form.submitting') : t('provider.submit')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
