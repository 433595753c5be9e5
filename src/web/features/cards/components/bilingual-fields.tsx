/**
 * The card's text fields in English and Arabic. Each text field is a pair: on a wide screen the
 * two languages side by side (the Arabic right to left), on a phone one language at a time, chosen
 * with the language switch at the top of the form. The card's main language holds the card's own
 * fields (name and profession required there); the other language is optional and goes under
 * `translations`, which visitors reading in that language see.
 */
import { createContext, type ReactNode, useContext } from 'react';
import { Controller, type FieldPath, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { CardTextField } from '../../../../core/card-text';
import type { UiLanguage } from '../../../../core/enums';
import { Field } from '../../../components/ui/field';
import { Input, Select, Textarea } from '../../../components/ui/input';
import { cn } from '../../../lib/utils';
import type { CardFormValues } from './card-form-values';
import type { CardForm } from './card-form-sections';
import { useZodMessage } from '../../../lib/use-zod-message';
import { ListInput } from './list-input';
import { type LockedText, LockedLabel } from './card-brand';

const LANGS: readonly UiLanguage[] = ['en', 'ar'];

interface Bilingual {
  /** The language a phone shows (one at a time). */
  shown: UiLanguage;
  setShown: (lang: UiLanguage) => void;
}
const BilingualContext = createContext<Bilingual>({ shown: 'en', setShown: () => {} });

export function BilingualProvider({ children, shown, setShown }: Bilingual & { children: ReactNode }) {
  return <BilingualContext.Provider value={{ shown, setShown }}>{children}</BilingualContext.Provider>;
}

/** The form's name of a text field in a language: the card's own field, or its translation. */
export function textFieldName(field: CardTextField, lang: UiLanguage, primary: UiLanguage): FieldPath<CardFormValues> {
  return (lang === primary ? field : `translations.${lang}.${field}`) as FieldPath<CardFormValues>;
}

export function usePrimaryLanguage(form: CardForm): UiLanguage {
  return (useWatch({ control: form.control, name: 'primaryLanguage' }) as UiLanguage | undefined) ?? 'en';
}

/** The phone's language switch: which language the card's text fields show (hidden when both fit). */
export function LanguageSwitch() {
  const { t } = useTranslation('cards');
  const { shown, setShown } = useContext(BilingualContext);
  return (
    <div
      className="sticky top-16 z-30 -mx-1 flex items-center gap-2 rounded-xl border border-slate-200 bg-white/95 p-1 shadow-sm backdrop-blur md:hidden"
      role="group"
      aria-label={t('bilingual.switchLabel')}
      data-testid="card-language-switch"
    >
      {LANGS.map((lang) => (
        <button
          key={lang}
          type="button"
          lang={lang}
          aria-pressed={shown === lang}
          onClick={() => setShown(lang)}
          className={cn(
            'h-10 flex-1 rounded-lg text-sm font-semibold',
            shown === lang ? 'bg-brand-700 text-white' : 'text-slate-700 hover:bg-slate-100',
          )}
        >
          {t(`bilingual.language.${lang}`)}
        </button>
      ))}
    </div>
  );
}

/**
 * The card's main language, and a swap: choosing the other one moves each language's text to
 * its new place, so nothing typed is lost.
 */
export function MainLanguageField({ form }: { form: CardForm }) {
  const { t } = useTranslation('cards');
  const primary = usePrimaryLanguage(form);
  const swap = (next: UiLanguage) => {
    if (next === primary) return;
    const values = form.getValues() as unknown as Record<string, unknown> & {
      translations?: Partial<Record<UiLanguage, Record<string, unknown>>>;
    };
    const own: Record<string, unknown> = {};
    const fields = TEXT_FIELDS_IN_FORM;
    for (const f of fields) own[f] = values[f];
    const theirs = values.translations?.[next] ?? {};
    for (const f of fields) {
      form.setValue(f, (theirs[f] ?? (f === 'servicesOffered' ? [] : '')) as never, { shouldDirty: true });
      form.setValue(`translations.${primary}.${f}` as FieldPath<CardFormValues>, own[f] as never, {
        shouldDirty: true,
      });
    }
    form.setValue('primaryLanguage', next, { shouldDirty: true });
  };
  return (
    <Field label={t('bilingual.mainLanguage')} hint={t('bilingual.mainLanguageHint')} className="sm:col-span-2">
      <Select value={primary} onChange={(e) => swap(e.target.value as UiLanguage)} data-testid="card-main-language">
        {LANGS.map((lang) => (
          <option key={lang} value={lang}>
            {t(`bilingual.languageName.${lang}`)}
          </option>
        ))}
      </Select>
    </Field>
  );
}

/** The text fields the form edits in both languages (the description follows the bio). */
export const TEXT_FIELDS_IN_FORM = [
  'name',
  'profession',
  'company',
  'officeAddress',
  'professionalBio',
  'salesPitch',
  'valueProposition',
  'servicesOffered',
  'financingSolutions',
  'investmentProfile',
] as const satisfies readonly CardTextField[];

type Control = { kind: 'input'; autoComplete?: string } | { kind: 'textarea'; rows: number } | { kind: 'list' };

/** One text field of the card in both languages. */
export function BilingualText({
  form,
  field,
  label,
  max,
  control = { kind: 'input' },
  required,
  hint,
  className,
  locked,
}: {
  form: CardForm;
  field: (typeof TEXT_FIELDS_IN_FORM)[number];
  label: string;
  max?: number;
  control?: Control;
  required?: boolean;
  hint?: string;
  className?: string;
  /**
   * Set by the owner's brokerage: both columns show its text read-only and are not part of the
   * form, so what the form sends back is what the server gave (which it takes as no change).
   */
  locked?: LockedText;
}) {
  const { t } = useTranslation('cards');
  const zm = useZodMessage();
  const primary = usePrimaryLanguage(form);
  const { shown } = useContext(BilingualContext);
  const errors = form.formState.errors as Record<string, unknown> & {
    translations?: Partial<Record<UiLanguage, Record<string, { message?: string } | undefined>>>;
  };
  return (
    <div
      className={cn('grid grid-cols-1 gap-4 sm:col-span-2 md:grid-cols-2', className)}
      data-testid={`bilingual-${field}`}
    >
      {LANGS.map((lang) => {
        const name = textFieldName(field, lang, primary);
        const own = lang === primary;
        const error = own ? (errors[field] as { message?: string } | undefined) : errors.translations?.[lang]?.[field];
        const message =
          error?.message ??
          (Array.isArray(error)
            ? (error as ({ message?: string } | undefined)[]).find((e) => e?.message)?.message
            : undefined);
        const dir = lang === 'ar' ? 'rtl' : 'ltr';
        const common = { dir, lang, maxLength: max, 'data-lang': lang };
        if (locked) {
          const languageName = t(`bilingual.languageName.${lang}`);
          return (
            <Field
              key={`${lang}-${primary}`}
              label={<LockedLabel>{t('bilingual.fieldIn', { field: label, language: languageName })}</LockedLabel>}
              hint={t('brokerage.setBy', { name: locked.brokerage })}
              className={cn(lang !== shown && 'hidden md:block')}
            >
              <Input
                {...common}
                value={locked.values[lang]}
                readOnly
                aria-readonly="true"
                className="bg-slate-50"
                data-locked
              />
            </Field>
          );
        }
        const fieldProps = {
          label: t('bilingual.fieldIn', { field: label, language: t(`bilingual.languageName.${lang}`) }),
          error: zm(message),
          hint,
          required: required && own,
          // A phone shows one language at a time; a wide screen both.
          className: cn(lang !== shown && 'hidden md:block'),
        };
        if (control.kind === 'list') {
          return (
            <Controller
              key={`${lang}-${primary}`}
              control={form.control}
              name={name}
              render={({ field: f }) => (
                <Field {...fieldProps}>
                  <ListInput
                    {...common}
                    value={(f.value as string[] | undefined) ?? []}
                    onChange={f.onChange}
                    onBlur={f.onBlur}
                  />
                </Field>
              )}
            />
          );
        }
        return (
          <Field key={`${lang}-${primary}`} {...fieldProps}>
            {control.kind === 'textarea' ? (
              <Textarea {...common} rows={control.rows} {...form.register(name)} />
            ) : (
              <Input {...common} autoComplete={own ? control.autoComplete : 'off'} {...form.register(name)} />
            )}
          </Field>
        );
      })}
    </div>
  );
}
