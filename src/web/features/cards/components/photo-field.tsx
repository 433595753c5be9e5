/**
 * The card photo: chosen from the device and uploaded at once; only our own
 * upload paths are accepted by the server, so there is no link field. Empty means the generated avatar.
 */
import { ImagePlus, X } from 'lucide-react';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui/feedback';
import { ApiError } from '../../../lib/api';
import { useUploadPhoto } from '../api/use-upload-photo';

export function PhotoField({ value, onChange }: { value: string; onChange: (url: string) => void }) {
  const { t } = useTranslation('cards');
  const upload = useUploadPhoto();
  const input = useRef<HTMLInputElement>(null);
  const id = useId();

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    try {
      onChange((await upload.mutateAsync(file)).url);
    } catch {
      // The error is shown below from upload.error.
    }
    if (input.current) input.current.value = '';
  };
  const problem =
    upload.error instanceof ApiError ? upload.error.serverMessage : upload.error ? t('photo.failed') : null;

  return (
    <div className="flex items-center gap-3">
      {value ? (
        <img src={value} alt={t('photo.current')} className="h-14 w-14 rounded-full object-cover" />
      ) : (
        <span className="flex h-14 w-14 items-center justify-center rounded-full bg-slate-100 text-slate-400">
          <ImagePlus className="h-6 w-6" aria-hidden />
        </span>
      )}
      <label
        htmlFor={id}
        className="inline-flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50"
      >
        {upload.isPending ? <Spinner className="h-4 w-4" /> : null}
        {value ? t('photo.replace') : t('photo.choose')}
      </label>
      <input
        id={id}
        ref={input}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        className="sr-only"
        onChange={(e) => onFile(e.target.files?.[0])}
      />
      {value ? (
        <button
          type="button"
          onClick={() => onChange('')}
          className="inline-flex min-h-9 items-center gap-1 rounded-lg px-2 text-sm text-slate-600 hover:bg-slate-50 hover:text-red-700"
        >
          <X className="h-4 w-4" aria-hidden />
          {t('photo.remove')}
        </button>
      ) : null}
      {problem ? (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
