import { type ReactNode, useState } from 'react';
import { type FieldErrors, useWatch } from 'react-hook-form';
import { localizeCard } from '../../../../core/card-text';
import type { UiLanguage } from '../../../../core/enums';
import { useTranslation } from 'react-i18next';
import type { Card, CardInputParsed } from '../../../../core/schemas/card';
import { Button } from '../../../components/ui/button';
import { PageSpinner } from '../../../components/ui/feedback';
import { AiGeneratePanel } from './ai-generate-panel';
import {
  AboutSection,
  BasicSection,
  type CardForm as CardFormApi,
  ContactSection,
  ProfessionalSection,
  SocialSection,
} from './card-form-sections';
import { CardPreview } from './card-preview';
import { RoleSections } from './role-sections';
import { TipsPanel } from './tips-panel';
import { useMyBrand } from '../api/use-my-brand';
import { CardBrandProvider } from './card-brand';
import { BilingualProvider, LanguageSwitch, TEXT_FIELDS_IN_FORM } from './bilingual-fields';
import type { CardFormValues } from './card-form-values';

interface CardFormProps {
  form: CardFormApi;
  role: string;
  title: string;
  subtitle: string;
  banner?: ReactNode;
  submitLabel: string;
  submittingLabel: string;
  pending: boolean;
  onSubmit: (values: CardInputParsed) => void;
  onCancel: () => void;
}

/** The create / edit form with the live preview and the tips panel. */
export function CardForm({
  form,
  role,
  title,
  subtitle,
  banner,
  submitLabel,
  submittingLabel,
  pending,
  onSubmit,
  onCancel,
}: CardFormProps) {
  const { t, i18n } = useTranslation('cards');
  const values = useWatch({ control: form.control });
  const primary = (values.primaryLanguage as UiLanguage | undefined) ?? 'en';
  const [shown, setShown] = useState<UiLanguage>(primary);
  // A phone shows one language: an error in the hidden one brings that language forward.
  const revealFirstError = (errors: FieldErrors<CardFormValues>) => {
    const other = primary === 'ar' ? 'en' : 'ar';
    const ownError = TEXT_FIELDS_IN_FORM.some((f) => errors[f]);
    if (!ownError && errors.translations?.[other]) setShown(other);
    else if (ownError) setShown(primary);
  };
  const brand = useMyBrand();
  // The locked fields are known before the form shows, so none is editable for a moment.
  if (brand.isPending) return <PageSpinner />;
  return (
    <CardBrandProvider brand={brand.data ?? null}>
      <BilingualProvider shown={shown} setShown={setShown}>
        <div className="mx-auto max-w-7xl px-4 py-8">
          <header className="mb-6">
            <h1 className="text-2xl font-bold text-slate-900 md:text-3xl">{title}</h1>
            <p className="mt-1 text-slate-600">{subtitle}</p>
          </header>
          {banner}
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
            <form
              noValidate
              className="space-y-5 lg:col-span-2"
              onSubmit={form.handleSubmit(onSubmit, revealFirstError)}
              aria-label={title}
            >
              <LanguageSwitch />
              <BasicSection form={form} />
              <ProfessionalSection form={form} />
              <RoleSections form={form} role={role} />
              <AboutSection form={form} aiPanel={<AiGeneratePanel form={form} role={role} />} />
              <ContactSection form={form} />
              <SocialSection form={form} />
              <div className="flex flex-wrap justify-end gap-3">
                <Button type="button" variant="outline" size="primary" onClick={onCancel}>
                  {t('create.cancel')}
                </Button>
                <Button type="submit" size="primary" disabled={pending}>
                  {pending ? submittingLabel : submitLabel}
                </Button>
              </div>
            </form>
            <aside className="space-y-5 lg:sticky lg:top-20 lg:self-start" aria-label={t('preview.title')}>
              <div>
                <h2 className="mb-2 text-sm font-semibold uppercase tracking-wide text-slate-500">
                  {t('preview.title')}
                </h2>
                <CardPreview card={localizeCard(values as Card, i18n.language)} role={role} />
              </div>
              <TipsPanel showLicense={role === 'real_estate_broker' || role === 'banking_broker'} />
            </aside>
          </div>
        </div>
      </BilingualProvider>
    </CardBrandProvider>
  );
}
