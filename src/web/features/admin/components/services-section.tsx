/**
 * The services catalogue for the admin (platform content comes in both languages, and the admin
 * edits both): every entry with its English and Arabic name; Edit opens both texts side by side,
 * validated by the same schema the server uses; Hide/Show takes an entry out of the catalogue.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Pencil } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Controller, type Path, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  type Service,
  type ServiceTextInput,
  type ServiceTextParsed,
  serviceTextSchema,
} from '../../../../core/schemas/services';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { Skeleton } from '../../../components/ui/feedback';
import { CommaListInput } from '../../../components/ui/comma-list-input';
import { Field } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api';
import { useZodMessage } from '../../../lib/use-zod-message';
import { useFailureToast } from '../../../lib/use-unauthorized';
import { SERVICES_PAGE_SIZE, useAdminServices, useEditService, useHideService } from '../api/use-admin-services';
import { Pager } from './pager';
import { SearchForm } from './search-form';

export function ServicesSection() {
  const { t } = useTranslation('admin-center');
  const fail = useFailureToast('/admin-login');
  const [query, setQuery] = useState('');
  const [offset, setOffset] = useState(0);
  const [editing, setEditing] = useState<Service | null>(null);
  const { data, isLoading } = useAdminServices({ search: query, offset });
  const hide = useHideService();

  const toggle = (s: Service) =>
    hide.mutate(
      { id: s.id, hidden: s.isApproved },
      {
        onSuccess: (updated) =>
          toast({
            title: updated.isApproved ? t('services.shownToast') : t('services.hiddenToast'),
            description: s.name,
          }),
        onError: (error) => fail(error, t('services.failedTitle'), t('services.failedText')),
      },
    );

  return (
    <section id="services" aria-labelledby="services-title" className="scroll-mt-20 space-y-4">
      <div>
        <h2 id="services-title" className="text-xl font-semibold">
          {t('services.title')}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t('services.subtitle')}</p>
      </div>
      <SearchForm
        id="admin-service-search"
        label={t('services.search')}
        placeholder={t('services.searchPlaceholder')}
        onSearch={(q) => {
          setQuery(q);
          setOffset(0);
        }}
      />
      {isLoading && <Skeleton className="h-48" />}
      {data && (
        <Card>
          <CardContent className="pt-5">
            <ul className="divide-y divide-slate-100" data-testid="admin-services">
              {data.items.map((s) => (
                <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                  <div className="min-w-0 flex-1">
                    <p className="font-medium text-slate-900">
                      <span dir="auto" data-user>
                        {s.name}
                      </span>
                      {!s.isApproved && (
                        <Badge variant="destructive" className="ms-2">
                          {t('services.hidden')}
                        </Badge>
                      )}
                    </p>
                    <p className="text-sm text-slate-600">
                      {s.translations.ar?.name ? (
                        <span dir="rtl" lang="ar" data-user>
                          {s.translations.ar.name}
                        </span>
                      ) : (
                        <span className="italic">{t('services.noArabic')}</span>
                      )}
                    </p>
                  </div>
                  <div className="flex gap-2">
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => setEditing(s)}
                      aria-label={t('services.editAria', { name: s.name })}
                    >
                      <Pencil className="h-4 w-4" aria-hidden="true" />
                      {t('services.edit')}
                    </Button>
                    <Button size="sm" variant="ghost" disabled={hide.isPending} onClick={() => toggle(s)}>
                      {s.isApproved ? t('services.hide') : t('services.show')}
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
            {data.items.length === 0 && <p className="py-6 text-center text-sm text-slate-500">{t('services.none')}</p>}
            <Pager offset={offset} total={data.total} pageSize={SERVICES_PAGE_SIZE} onChange={setOffset} />
          </CardContent>
        </Card>
      )}
      <Dialog open={!!editing} onOpenChange={(o) => !o && setEditing(null)}>
        {editing && <EditServiceDialog service={editing} onDone={() => setEditing(null)} />}
      </Dialog>
    </section>
  );
}

const valuesOf = (s: Service): ServiceTextInput => ({
  name: s.name,
  provider: s.provider ?? '',
  description: s.description ?? '',
  features: s.features,
  priceLabel: s.priceLabel ?? '',
  translations: {
    ar: {
      name: s.translations.ar?.name ?? '',
      provider: s.translations.ar?.provider ?? '',
      description: s.translations.ar?.description ?? '',
      features: s.translations.ar?.features ?? [],
      priceLabel: s.translations.ar?.priceLabel ?? '',
    },
  },
});

/** A comma-separated list in one text box, as the provider form has it. */
function EditServiceDialog({ service, onDone }: { service: Service; onDone: () => void }) {
  const { t } = useTranslation('admin-center');
  const zm = useZodMessage();
  const fail = useFailureToast('/admin-login');
  const edit = useEditService();
  const form = useForm<ServiceTextInput, unknown, ServiceTextParsed>({
    resolver: zodResolver(serviceTextSchema),
    defaultValues: valuesOf(service),
  });
  useEffect(() => form.reset(valuesOf(service)), [service, form]);
  const { errors } = form.formState;
  const ar = errors.translations?.ar;

  const submit = (values: ServiceTextParsed) =>
    edit.mutate(
      { id: service.id, values },
      {
        onSuccess: () => {
          toast({ title: t('services.savedTitle'), description: t('services.savedText') });
          onDone();
        },
        onError: (error) => {
          // A lost session is a 401, never a 400: its toast and redirect are fail()'s.
          if (error instanceof ApiError && error.status === 400) {
            for (const [field, message] of Object.entries(error.fieldErrors))
              form.setError(field as Path<ServiceTextInput>, { message });
          }
          fail(error, t('services.failedTitle'), t('services.failedText'));
        },
      },
    );

  return (
    <DialogContent
      title={t('services.editTitle', { name: service.name })}
      description={t('services.editText')}
      className="max-w-3xl"
    >
      <form noValidate onSubmit={form.handleSubmit(submit)} className="grid grid-cols-1 gap-4 md:grid-cols-2">
        <fieldset className="space-y-3 rounded-xl border border-slate-200 p-4">
          <legend className="px-1 text-sm font-semibold text-slate-800">{t('services.english')}</legend>
          <Field label={t('services.fName')} error={zm(errors.name?.message)} required>
            <Input maxLength={200} lang="en" dir="ltr" {...form.register('name')} />
          </Field>
          <Field label={t('services.fProvider')} error={zm(errors.provider?.message)} required>
            <Input maxLength={200} lang="en" dir="ltr" {...form.register('provider')} />
          </Field>
          <Field label={t('services.fDescription')} error={zm(errors.description?.message)} required>
            <Textarea rows={4} maxLength={4000} lang="en" dir="ltr" {...form.register('description')} />
          </Field>
          <Controller
            control={form.control}
            name="features"
            render={({ field }) => (
              <Field
                label={t('services.fFeatures')}
                hint={t('services.fFeaturesHint')}
                error={zm(errors.features?.message ?? errors.features?.find?.((e) => e)?.message)}
              >
                <CommaListInput
                  lang="en"
                  dir="ltr"
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                />
              </Field>
            )}
          />
          <Field label={t('services.fPrice')} error={zm(errors.priceLabel?.message)}>
            <Input maxLength={100} lang="en" dir="ltr" {...form.register('priceLabel')} />
          </Field>
        </fieldset>
        <fieldset className="space-y-3 rounded-xl border border-slate-200 p-4">
          <legend className="px-1 text-sm font-semibold text-slate-800">{t('services.inArabic')}</legend>
          <Field label={t('services.fName')} error={zm(ar?.name?.message)}>
            <Input maxLength={200} lang="ar" dir="rtl" {...form.register('translations.ar.name')} />
          </Field>
          <Field label={t('services.fProvider')} error={zm(ar?.provider?.message)}>
            <Input maxLength={200} lang="ar" dir="rtl" {...form.register('translations.ar.provider')} />
          </Field>
          <Field label={t('services.fDescription')} error={zm(ar?.description?.message)}>
            <Textarea rows={4} maxLength={4000} lang="ar" dir="rtl" {...form.register('translations.ar.description')} />
          </Field>
          <Controller
            control={form.control}
            name="translations.ar.features"
            render={({ field }) => (
              <Field
                label={t('services.fFeatures')}
                hint={t('services.fFeaturesHint')}
                error={zm(ar?.features?.message ?? ar?.features?.find?.((e) => e)?.message)}
              >
                <CommaListInput
                  lang="ar"
                  dir="rtl"
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                />
              </Field>
            )}
          />
          <Field label={t('services.fPrice')} error={zm(ar?.priceLabel?.message)}>
            <Input maxLength={100} lang="ar" dir="rtl" {...form.register('translations.ar.priceLabel')} />
          </Field>
        </fieldset>
        <div className="flex justify-end gap-2 md:col-span-2">
          <Button type="button" variant="outline" onClick={onDone}>
            {t('cancel', { ns: 'common' })}
          </Button>
          <Button type="submit" size="primary" disabled={edit.isPending}>
            {edit.isPending ? t('services.saving') : t('services.save')}
          </Button>
        </div>
      </form>
    </DialogContent>
  );
}
