/** The sections of the card form; the role-specific ones are in role-sections.tsx. */
import type { ReactNode } from 'react';
import { Controller, type UseFormReturn, useController, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { EMIRATES, GENDERS, LANGUAGES, NATIONALITIES } from '../../../../core/enums';
import { LIMITS } from '../../../../core/limits';
import { areaById } from '../../../../core/places';
import { type CardInputParsed, OFFICE_ADDRESS_MAX } from '../../../../core/schemas/card';
import { AreaCombobox } from '../../../components/area-combobox';
import { Field } from '../../../components/ui/field';
import { Input, Select } from '../../../components/ui/input';
import { useZodMessage } from '../../../lib/use-zod-message';
import type { CardFormValues } from './card-form-values';
import { CheckboxGroup } from './checkbox-group';
import { PhotoField } from './photo-field';
import { useLockedText } from './card-brand';
import { BilingualText, MainLanguageField } from './bilingual-fields';

export type CardForm = UseFormReturn<CardFormValues, unknown, CardInputParsed>;

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 className="mb-4 text-base font-semibold text-slate-900">{title}</h2>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">{children}</div>
    </section>
  );
}

/** Number inputs: empty means "not given" (null), never 0. */
export const asNumber = (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v));

export function useFieldHelpers(form: CardForm) {
  const { t } = useTranslation('cards');
  const zm = useZodMessage();
  const enumLabel = (group: string, value: string) => t(`${group}.${value}`, { ns: 'enums' });
  return { t, zm, enumLabel, errors: form.formState.errors };
}

export function BasicSection({ form }: { form: CardForm }) {
  const { t, zm, errors } = useFieldHelpers(form);
  const lockedCompany = useLockedText('company');
  return (
    <Section title={t('sections.basic')}>
      <MainLanguageField form={form} />
      <BilingualText
        form={form}
        field="name"
        label={t('fields.name')}
        max={LIMITS.nameMax}
        control={{ kind: 'input', autoComplete: 'name' }}
        required
      />
      <BilingualText
        form={form}
        field="profession"
        label={t('fields.profession')}
        max={LIMITS.shortTextMax}
        control={{ kind: 'input', autoComplete: 'organization-title' }}
        required
      />
      <BilingualText
        form={form}
        field="company"
        label={t('fields.company')}
        max={LIMITS.shortTextMax}
        control={{ kind: 'input', autoComplete: 'organization' }}
        locked={lockedCompany}
      />
      <Field label={t('fields.profileImageUrl')} error={zm(errors.profileImageUrl?.message)} hint={t('hints.image')}>
        <Controller
          control={form.control}
          name="profileImageUrl"
          render={({ field }) => <PhotoField value={field.value ?? ''} onChange={field.onChange} />}
        />
      </Field>
    </Section>
  );
}

export function ContactSection({ form }: { form: CardForm }) {
  const { t, zm, errors } = useFieldHelpers(form);
  const lockedOffice = useLockedText('officeAddress');
  return (
    <Section title={t('sections.contact')}>
      <Field
        label={t('fields.phone')}
        error={zm(errors.phone?.message)}
        hint={t('fields.phoneHint')}
        className="sm:col-span-2"
      >
        <Input type="tel" dir="ltr" autoComplete="tel" placeholder="050 123 4567" {...form.register('phone')} />
      </Field>
      <Field label={t('fields.email')} error={zm(errors.email?.message)}>
        <Input type="email" dir="ltr" autoComplete="email" inputMode="email" {...form.register('email')} />
      </Field>
      <BilingualText
        form={form}
        field="officeAddress"
        label={t('fields.officeAddress')}
        max={OFFICE_ADDRESS_MAX}
        control={{ kind: 'input', autoComplete: 'street-address' }}
        locked={lockedOffice}
      />
      <Field label={t('fields.googleMapsLink')} error={zm(errors.googleMapsLink?.message)} hint={t('hints.link')}>
        <Input
          type="url"
          dir="ltr"
          inputMode="url"
          placeholder="https://maps.google.com/…"
          {...form.register('googleMapsLink')}
        />
      </Field>
    </Section>
  );
}

export function ProfessionalSection({ form }: { form: CardForm }) {
  const { t, zm, enumLabel, errors } = useFieldHelpers(form);
  const languagesError = errors.languages?.message ?? errors.languages?.find?.((e) => e?.message)?.message;
  return (
    <Section title={t('sections.professional')}>
      <Field label={t('fields.gender')} error={zm(errors.gender?.message)}>
        <Select {...form.register('gender')}>
          <option value="">{t('choose')}</option>
          {GENDERS.map((g) => (
            <option key={g} value={g}>
              {enumLabel('gender', g)}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t('fields.nationality')} error={zm(errors.nationality?.message)}>
        <Select {...form.register('nationality')}>
          <option value="">{t('choose')}</option>
          {NATIONALITIES.map((n) => (
            <option key={n} value={n}>
              {enumLabel('nationality', n)}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t('fields.age')} error={zm(errors.age?.message)}>
        <Input
          type="number"
          inputMode="numeric"
          min={LIMITS.ageMin}
          max={LIMITS.ageMax}
          {...form.register('age', { setValueAs: asNumber })}
        />
      </Field>
      <Field label={t('fields.yearsOfExperience')} error={zm(errors.yearsOfExperience?.message)}>
        <Input
          type="number"
          inputMode="numeric"
          min={LIMITS.experienceMin}
          max={LIMITS.experienceMax}
          {...form.register('yearsOfExperience', { setValueAs: asNumber })}
        />
      </Field>
      <Field label={t('fields.emirate')} error={zm(errors.emirate?.message)}>
        <Select {...form.register('emirate')}>
          <option value="">{t('choose')}</option>
          {EMIRATES.map((e) => (
            <option key={e} value={e}>
              {enumLabel('emirate', e)}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t('fields.area')} error={zm(errors.area?.message)} hint={t('hints.area')}>
        <PlaceField form={form} />
      </Field>
      <Controller
        control={form.control}
        name="languages"
        render={({ field }) => (
          <CheckboxGroup
            className="sm:col-span-2"
            name="languages"
            legend={t('fields.languages')}
            options={LANGUAGES}
            value={field.value}
            onChange={field.onChange}
            label={(l) => enumLabel('language', l)}
            error={zm(languagesError)}
          />
        )}
      />
    </Section>
  );
}

export function AboutSection({ form, aiPanel }: { form: CardForm; aiPanel: ReactNode }) {
  const { t } = useFieldHelpers(form);
  return (
    <Section title={t('sections.about')}>
      <div className="sm:col-span-2">{aiPanel}</div>
      <BilingualText
        form={form}
        field="professionalBio"
        label={t('fields.professionalBio')}
        max={LIMITS.longTextMax}
        control={{ kind: 'textarea', rows: 5 }}
      />
      <BilingualText
        form={form}
        field="salesPitch"
        label={t('fields.salesPitch')}
        max={LIMITS.longTextMax}
        control={{ kind: 'textarea', rows: 2 }}
      />
      <BilingualText
        form={form}
        field="valueProposition"
        label={t('fields.valueProposition')}
        max={LIMITS.longTextMax}
        control={{ kind: 'textarea', rows: 2 }}
      />
    </Section>
  );
}

export function SocialSection({ form }: { form: CardForm }) {
  const { t, zm, errors } = useFieldHelpers(form);
  const placeholders = {
    linkedin: 'https://www.linkedin.com/in/…',
    twitter: 'https://x.com/…',
    instagram: 'https://www.instagram.com/…',
    website: 'https://…',
  } as const;
  return (
    <Section title={t('sections.social')}>
      {(['linkedin', 'twitter', 'instagram', 'website'] as const).map((k) => (
        <Field key={k} label={t(`fields.${k}`)} error={zm(errors.socialLinks?.[k]?.message)}>
          <Input
            type="url"
            dir="ltr"
            inputMode="url"
            placeholder={placeholders[k]}
            {...form.register(`socialLinks.${k}`)}
          />
        </Field>
      ))}
    </Section>
  );
}

/** Area and its canonical id, as one combobox; Field's id and aria props pass through. */
function PlaceField({ form, ...aria }: { form: CardForm }) {
  const { field } = useController({ control: form.control, name: 'area' });
  const id = useWatch({ control: form.control, name: 'areaId' });
  return (
    <AreaCombobox
      {...aria}
      name="area"
      inputRef={field.ref}
      onBlur={field.onBlur}
      value={{ text: field.value ?? '', id: id ?? null }}
      onChange={(v) => {
        field.onChange(v.text);
        form.setValue('areaId', v.id, { shouldDirty: true });
        // Choosing "Yas Island" also sets the emirate, so the two never disagree.
        const area = areaById(v.id);
        if (area) form.setValue('emirate', area.emirate, { shouldDirty: true });
        if (form.formState.errors.area) form.clearErrors('area');
      }}
    />
  );
}
