/**
 * /properties/new and /properties/{id}/edit: the listing form for brokers and
 * developers, with photo upload and the advertising permit its emirate asks for (Trakheesi in
 * Dubai, Madhmoun in Abu Dhabi, optional elsewhere) and its expiry date. A new or edited listing
 * waits for an admin.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Building2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Controller, type Path, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { PROPERTY_TYPES } from '../../../../core/enums';
import { EMIRATE_NAME_LIST, emirateFromName } from '../../../../core/places';
import {
  type PropertyDetail,
  type PropertyInput,
  type PropertyInputParsed,
  propertyInputSchema,
} from '../../../../core/schemas/properties';
import { AreaCombobox } from '../../../components/area-combobox';
import { RevisionStatus } from '../../../components/revision-status';
import { Button } from '../../../components/ui/button';
import { EmptyState, PageSpinner } from '../../../components/ui/feedback';
import { Field } from '../../../components/ui/field';
import { Input, Select, Textarea } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api';
import { useZodMessage } from '../../../lib/use-zod-message';
import { useAuth } from '../../../lib/use-auth';
import { AccessDenied } from '../../../components/access-denied';
import { useHandleUnauthorized } from '../../../lib/use-unauthorized';
import { useProperty } from '../api/use-properties';
import { useCreateProperty, useUpdateProperty } from '../api/use-save-property';
import { PhotoUploader } from '../components/photo-uploader';
import { PermitQrUpload } from '../components/permit-qr';
import { PermitSection } from '../components/permit-section';
import { canListProperties } from '../lib/listing-roles';

const asNumber = (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v));

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 className="mb-4 text-base font-semibold text-slate-900">{title}</h2>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">{children}</div>
    </section>
  );
}

/** Form defaults; a new listing has no price until one is typed. */
function valuesOf(p?: PropertyDetail): Partial<PropertyInput> {
  return {
    title: p?.title ?? '',
    description: p?.description ?? '',
    propertyType: p?.propertyType ?? 'apartment',
    status: p?.status ?? 'for_sale',
    ...(p ? { price: p.price } : {}),
    bedrooms: p?.bedrooms ?? null,
    bathrooms: p?.bathrooms ?? null,
    area: p?.area ?? null,
    address: p?.address ?? '',
    city: (p?.city as PropertyInput['city']) ?? 'Dubai',
    location: p?.location ?? '',
    locationId: p?.locationId ?? null,
    features: p?.features ?? [],
    imageUrls: p?.imageUrls ?? [],
    permitNumber: p?.permitNumber ?? '',
    permitAuthorityName: p?.permitAuthorityName ?? '',
    permitExpiresOn: p?.permitExpiresOn ?? '',
  };
}

function ListingForm({ existing }: { existing?: PropertyDetail }) {
  const { t } = useTranslation('discovery');
  const zm = useZodMessage();
  const navigate = useNavigate();
  const handleUnauthorized = useHandleUnauthorized();
  const create = useCreateProperty();
  const update = useUpdateProperty(existing?.id ?? '');
  const form = useForm<PropertyInput, unknown, PropertyInputParsed>({
    resolver: zodResolver(propertyInputSchema),
    // An edit waiting for review is what the owner goes on editing (saving the live values would undo it).
    defaultValues: valuesOf(
      existing?.pendingRevision ? ({ ...existing, ...existing.pendingRevision } as PropertyDetail) : existing,
    ),
  });
  const { errors } = form.formState;
  const city = useWatch({ control: form.control, name: 'city' });
  const emirate = emirateFromName(city ?? '');
  const [location, locationId] = useWatch({ control: form.control, name: ['location', 'locationId'] });
  const pending = create.isPending || update.isPending;

  const onSubmit = (values: PropertyInputParsed) => {
    const done = (id: string) => {
      toast({
        title: existing ? t('form.savedTitle') : t('form.submittedTitle'),
        description: existing?.isApproved ? t('form.revisionText') : t('form.reviewText'),
      });
      navigate(`/properties/${id}`);
    };
    const failed = (error: unknown) => {
      if (handleUnauthorized(error)) return;
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length) {
        for (const [field, message] of Object.entries(error.fieldErrors)) {
          form.setError(field.split('.')[0] as Path<PropertyInput>, { message });
        }
      }
      toast({
        title: t('errorTitle'),
        description: error instanceof ApiError ? error.serverMessage : t('form.failed'),
        variant: 'destructive',
      });
    };
    if (existing) update.mutate(values, { onSuccess: (p) => done(p.id), onError: failed });
    else create.mutate(values, { onSuccess: (p) => done(p.id), onError: failed });
  };

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(onSubmit)}
      className="space-y-5"
      aria-label={existing ? t('form.editTitle') : t('form.newTitle')}
    >
      <Section title={t('form.basics')}>
        <Field label={t('form.title')} error={zm(errors.title?.message)} required className="sm:col-span-2">
          <Input maxLength={200} {...form.register('title')} data-testid="field-title" />
        </Field>
        <Field label={t('form.type')} error={zm(errors.propertyType?.message)} required>
          <Select {...form.register('propertyType')}>
            {PROPERTY_TYPES.map((v) => (
              <option key={v} value={v}>
                {t(`propertyType.${v}`, { ns: 'enums' })}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('form.status')} error={zm(errors.status?.message)} required>
          <Select {...form.register('status')}>
            {(['for_sale', 'for_rent', 'sold', 'rented'] as const).map((v) => (
              <option key={v} value={v}>
                {t(`propertyStatus.${v}`, { ns: 'enums' })}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('form.price')} error={zm(errors.price?.message)} hint={t('form.priceHint')} required>
          <Input
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            dir="ltr"
            {...form.register('price', { setValueAs: asNumber })}
            data-testid="field-price"
          />
        </Field>
        <Field label={t('form.area')} error={zm(errors.area?.message)}>
          <Input
            type="number"
            inputMode="numeric"
            min={1}
            dir="ltr"
            {...form.register('area', { setValueAs: asNumber })}
          />
        </Field>
        <Field label={t('form.bedrooms')} error={zm(errors.bedrooms?.message)} hint={t('form.bedroomsHint')}>
          <Input
            type="number"
            inputMode="numeric"
            min={0}
            dir="ltr"
            {...form.register('bedrooms', { setValueAs: asNumber })}
          />
        </Field>
        <Field label={t('form.bathrooms')} error={zm(errors.bathrooms?.message)}>
          <Input
            type="number"
            inputMode="numeric"
            min={0}
            dir="ltr"
            {...form.register('bathrooms', { setValueAs: asNumber })}
          />
        </Field>
        <Field label={t('form.description')} error={zm(errors.description?.message)} className="sm:col-span-2">
          <Textarea rows={5} maxLength={4000} {...form.register('description')} />
        </Field>
      </Section>

      <Section title={t('form.where')}>
        <Field label={t('form.city')} error={zm(errors.city?.message)} required>
          <Select {...form.register('city')} data-testid="field-city">
            {EMIRATE_NAME_LIST.map((c) => (
              <option key={c} value={c}>
                {t(`emirate.${emirateFromName(c)}`, { ns: 'enums' })}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('form.location')} error={zm(errors.location?.message)} hint={t('form.locationHint')}>
          <AreaCombobox
            name="location"
            data-testid="field-location"
            emirate={emirate}
            value={{ text: location ?? '', id: locationId ?? null }}
            onChange={(v) => {
              form.setValue('location', v.text, { shouldDirty: true });
              form.setValue('locationId', v.id, { shouldDirty: true });
              if (errors.location) form.clearErrors('location');
            }}
          />
        </Field>
        <Field label={t('form.address')} error={zm(errors.address?.message)} className="sm:col-span-2">
          <Input maxLength={500} {...form.register('address')} />
        </Field>
      </Section>

      <PermitSection form={form} city={city}>
        {existing ? (
          <PermitQrUpload listing={existing} />
        ) : (
          <p className="text-sm text-slate-600 sm:col-span-2">{t('permitQr.saveFirst')}</p>
        )}
      </PermitSection>

      <Section title={t('form.photosAndFeatures')}>
        <div className="sm:col-span-2">
          <p className="mb-2 text-sm font-medium text-slate-700">{t('form.photos')}</p>
          <Controller
            control={form.control}
            name="imageUrls"
            render={({ field }) => (
              <PhotoUploader
                value={field.value ?? []}
                onChange={field.onChange}
                error={zm(errors.imageUrls?.message)}
              />
            )}
          />
        </div>
        <Controller
          control={form.control}
          name="features"
          render={({ field }) => (
            <Field
              label={t('form.features')}
              hint={t('form.featuresHint')}
              error={zm(errors.features?.message)}
              className="sm:col-span-2"
            >
              <Textarea
                rows={4}
                value={(field.value ?? []).join('\n')}
                onChange={(e) =>
                  field.onChange(
                    e.target.value
                      .split('\n')
                      .map((s) => s.trimStart())
                      .filter((s, i, all) => s !== '' || i === all.length - 1),
                  )
                }
                onBlur={() => {
                  field.onChange((field.value ?? []).map((s) => s.trim()).filter(Boolean));
                  field.onBlur();
                }}
              />
            </Field>
          )}
        />
      </Section>

      <div className="flex flex-wrap justify-end gap-3">
        <Button
          type="button"
          variant="outline"
          onClick={() => navigate(existing ? `/properties/${existing.id}` : '/properties')}
        >
          {t('detail.cancel')}
        </Button>
        <Button type="submit" size="primary" disabled={pending} data-testid="submit-listing">
          {pending ? t('form.submitting') : existing ? t('form.save') : t('form.submit')}
        </Button>
      </div>
    </form>
  );
}

export function PropertyFormPage() {
  const { id } = useParams();
  const { t } = useTranslation('discovery');
  const { user, isLoading } = useAuth();
  const existing = useProperty(id);
  if (isLoading || (id && existing.isLoading)) return <PageSpinner />;
  if (!user) return <AccessDenied />;
  if (!canListProperties(user)) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-16">
        <EmptyState icon={<Building2 className="h-10 w-10" aria-hidden="true" />} title={t('form.notAllowed')}>
          <p>{t('form.notAllowedText')}</p>
          <Button asChild className="mt-4">
            <Link to="/properties">{t('detail.backToList')}</Link>
          </Button>
        </EmptyState>
      </div>
    );
  }
  if (id && (existing.isError || !existing.data || existing.data.userId !== user.id)) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-16">
        <EmptyState title={t('detail.notFound')}>
          <Button asChild className="mt-4">
            <Link to="/properties">{t('detail.backToList')}</Link>
          </Button>
        </EmptyState>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <header className="mb-6">
        <h1 className="text-2xl font-bold text-slate-900 md:text-3xl">
          {id ? t('form.editTitle') : t('form.newTitle')}
        </h1>
        <p className="mt-1 text-slate-600">{t('form.subtitle')}</p>
      </header>
      {id && existing.data && (
        <div className="mb-6 empty:hidden">
          <RevisionStatus kind="listing" item={{ ...existing.data, published: existing.data.isApproved }} />
        </div>
      )}
      <ListingForm existing={id ? existing.data : undefined} />
    </div>
  );
}
