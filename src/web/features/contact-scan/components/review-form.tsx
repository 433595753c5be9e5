/**
 * The fields read from the card, editable, beside the photo. A field the reader was unsure of is
 * marked with a visible "Please check" note (not colour alone) and described to screen readers.
 */
import { AlertTriangle } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SCAN_LOW_CONFIDENCE, type ScanResult } from '../../../../core/schemas/contact-scan';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import { cn } from '../../../lib/utils';
import type { ReviewValues } from '../api/use-scan';

type Key = keyof ReviewValues;
/** Titles and companies may be printed in either language: the browser picks the direction from the text. */
const TEXT_FIELDS: { key: Key; dir: 'ltr' | 'rtl' | 'auto' }[] = [
  { key: 'name', dir: 'ltr' },
  { key: 'nameAr', dir: 'rtl' },
  { key: 'title', dir: 'auto' },
  { key: 'company', dir: 'auto' },
];
const CONTACT_FIELDS: { key: Key; type?: string }[] = [{ key: 'website', type: 'url' }, { key: 'brn' }, { key: 'orn' }];

interface Props {
  result: ScanResult;
  photoUrl: string;
  backUrl: string | null;
  saving: boolean;
  error: string | null;
  onSave: (values: ReviewValues) => void;
  onRestart: () => void;
}

export function ReviewForm({ result, photoUrl, backUrl, saving, error, onSave, onRestart }: Props) {
  const { t } = useTranslation('contact-scan');
  const [values, setValues] = useState<ReviewValues>(() => ({
    ...result.fields,
    phones: result.fields.phones.length ? result.fields.phones : [''],
    emails: result.fields.emails.length ? result.fields.emails : [''],
  }));
  const [nameError, setNameError] = useState<string | undefined>();
  const unsure = (key: Key) => {
    const has = Array.isArray(values[key]) ? (values[key] as string[]).some(Boolean) : !!values[key];
    return has && result.confidence[key] < SCAN_LOW_CONFIDENCE;
  };
  const missing = (key: Key) =>
    result.confidence[key] === 0 && (key === 'name' || key === 'phones' || key === 'emails');
  const note = (key: Key) =>
    unsure(key) ? (
      <span className="inline-flex items-center gap-1 text-xs font-medium text-amber-800">
        <AlertTriangle aria-hidden="true" className="h-3.5 w-3.5" />
        {t('check')}
      </span>
    ) : missing(key) ? (
      <span className="text-xs text-slate-600">{t('notFound')}</span>
    ) : undefined;
  const set = (key: Key, value: string) => setValues((v) => ({ ...v, [key]: value }));
  const setList = (key: 'phones' | 'emails', i: number, value: string) =>
    setValues((v) => ({ ...v, [key]: v[key].map((x, j) => (j === i ? value : x)) }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!values.name.trim() && !values.nameAr.trim()) {
      setNameError(t('nameRequired'));
      return;
    }
    setNameError(undefined);
    onSave(values);
  };
  const ring = (key: Key) => (unsure(key) ? 'border-amber-500 bg-amber-50' : undefined);

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <section aria-labelledby="scan-photo-title" className="space-y-3">
        <h2 id="scan-photo-title" className="text-base font-semibold text-slate-900">
          {t('photoTitle')}
        </h2>
        <img src={photoUrl} alt={t('frontAlt')} className="w-full rounded-xl border border-slate-200 object-contain" />
        {backUrl && (
          <img src={backUrl} alt={t('backAlt')} className="w-full rounded-xl border border-slate-200 object-contain" />
        )}
        <p className="text-sm text-slate-600">{result.source === 'ai' ? t('readByAi') : t('readOffline')}</p>
      </section>
      <form onSubmit={submit} noValidate aria-labelledby="scan-review-title" className="space-y-4">
        <h2 id="scan-review-title" className="text-base font-semibold text-slate-900">
          {t('reviewTitle')}
        </h2>
        <p className="text-sm text-slate-600">{t('reviewHint')}</p>
        {TEXT_FIELDS.map(({ key, dir }) => (
          <Field key={key} label={t(`field.${key}`)} hint={note(key)} error={key === 'name' ? nameError : undefined}>
            <Input
              name={key}
              dir={dir}
              value={values[key] as string}
              className={ring(key)}
              onChange={(e) => set(key, e.target.value)}
            />
          </Field>
        ))}
        {(['phones', 'emails'] as const).map((key) => (
          <fieldset key={key} className="space-y-2">
            <legend className="text-sm font-medium text-slate-700">
              {t(`field.${key}`)} {note(key)}
            </legend>
            {/* Rows are only appended, never reordered: the index is a stable key. */}
            {values[key].map((value, i) => (
              <Input
                key={i}
                name={`${key}.${i}`}
                dir="ltr"
                type={key === 'phones' ? 'tel' : 'email'}
                aria-label={t(`field.${key === 'phones' ? 'phone' : 'email'}N`, { n: i + 1 })}
                value={value}
                className={cn('text-start', ring(key))}
                onChange={(e) => setList(key, i, e.target.value)}
              />
            ))}
            <Button
              type="button"
              variant="ghost"
              size="sm"
              onClick={() => setValues((v) => ({ ...v, [key]: [...v[key], ''] }))}
            >
              {t(key === 'phones' ? 'addPhone' : 'addEmail')}
            </Button>
          </fieldset>
        ))}
        {CONTACT_FIELDS.map(({ key, type }) => (
          <Field key={key} label={t(`field.${key}`)} hint={note(key)}>
            <Input
              name={key}
              dir="ltr"
              type={type}
              value={values[key] as string}
              className={cn('text-start', ring(key))}
              onChange={(e) => set(key, e.target.value)}
            />
          </Field>
        ))}
        <Field label={t('field.address')} hint={note('address')}>
          <Textarea
            name="address"
            rows={2}
            value={values.address}
            className={ring('address')}
            onChange={(e) => set('address', e.target.value)}
          />
        </Field>
        {error && (
          <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
            {error}
          </p>
        )}
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={saving}>
            {saving ? t('saving') : t('save')}
          </Button>
          <Button type="button" variant="outline" onClick={onRestart}>
            {t('again')}
          </Button>
        </div>
      </form>
    </div>
  );
}
