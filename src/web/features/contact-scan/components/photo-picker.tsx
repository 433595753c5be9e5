/** One side of the card: the camera on a phone (capture), the file picker on a desktop. */
import { Camera } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  label: string;
  hint: string;
  file: File | null;
  preview: string | null;
  onChange: (file: File | null) => void;
  testId: string;
}

export function PhotoPicker({ label, hint, file, preview, onChange, testId }: Props) {
  const { t } = useTranslation('contact-scan');
  const id = useId();
  return (
    <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-4">
      <label htmlFor={id} className="flex cursor-pointer flex-col items-center gap-3 text-center">
        {preview ? (
          <img src={preview} alt={t('photoAlt', { side: label })} className="max-h-44 rounded-lg object-contain" />
        ) : (
          <span className="flex h-24 w-full items-center justify-center rounded-lg bg-slate-50 text-slate-500">
            <Camera aria-hidden="true" className="h-8 w-8" />
          </span>
        )}
        <span className="text-base font-semibold text-slate-900">{label}</span>
        <span className="text-sm text-slate-600">{file ? file.name : hint}</span>
        <span className="rounded-lg bg-brand-700 px-4 py-2 text-sm font-medium text-white">
          {file ? t('retake') : t('choose')}
        </span>
      </label>
      <input
        id={id}
        data-testid={testId}
        type="file"
        accept="image/*"
        capture="environment"
        className="sr-only"
        onChange={(e) => onChange(e.target.files?.[0] ?? null)}
      />
    </div>
  );
}
