/**
 * Listing photos: each chosen file is uploaded at once (the server checks the type
 * from its content, resizes it and strips its metadata); the first photo is the cover.
 */
import { ImagePlus, Star, X } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PROPERTY_LIMITS } from '../../../../core/filter-options';
import { Spinner } from '../../../components/ui/feedback';
import { ApiError } from '../../../lib/api';
import { useUploadImage } from '../api/use-upload-image';

const MAX_BYTES = 8 * 1024 * 1024;
const ACCEPT = 'image/jpeg,image/png,image/webp';

export function PhotoUploader({
  value,
  onChange,
  error,
}: {
  value: string[];
  onChange: (urls: string[]) => void;
  error?: string;
}) {
  const { t } = useTranslation('discovery');
  const upload = useUploadImage();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(0);
  const [problems, setProblems] = useState<string[]>([]);
  const id = useId();

  const onFiles = async (files: FileList | null) => {
    if (!files?.length) return;
    const room = PROPERTY_LIMITS.photosMax - value.length;
    const chosen = Array.from(files).slice(0, Math.max(0, room));
    const issues: string[] = [];
    if (files.length > room) issues.push(t('photos.tooMany', { max: PROPERTY_LIMITS.photosMax }));
    let urls = [...value];
    setBusy(chosen.length);
    for (const file of chosen) {
      if (file.size > MAX_BYTES) {
        issues.push(t('photos.tooLarge', { name: file.name }));
      } else {
        try {
          const res = await upload.mutateAsync(file);
          urls = [...urls, res.url];
          onChange(urls);
        } catch (e) {
          issues.push(`${file.name}: ${e instanceof ApiError ? e.serverMessage : t('photos.failed')}`);
        }
      }
      setBusy((n) => n - 1);
    }
    setProblems(issues);
    if (input.current) input.current.value = '';
  };

  return (
    <div>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label={t('photos.list')}>
        {value.map((url, i) => (
          <li key={url} className="group relative overflow-hidden rounded-xl border border-slate-200 bg-slate-50">
            <img src={url} alt={t('photos.alt', { n: i + 1 })} className="aspect-[3/2] w-full object-cover" />
            {i === 0 ? (
              <span className="absolute start-2 top-2 rounded-full bg-gold-400 px-2 py-0.5 text-xs font-semibold text-brand-900">
                {t('photos.cover')}
              </span>
            ) : (
              <button
                type="button"
                onClick={() => onChange([url, ...value.filter((u) => u !== url)])}
                className="absolute start-2 top-2 rounded-full bg-white/90 p-1 text-slate-700 shadow"
                aria-label={t('photos.makeCover', { n: i + 1 })}
              >
                <Star className="h-4 w-4" aria-hidden="true" />
              </button>
            )}
            <button
              type="button"
              onClick={() => onChange(value.filter((u) => u !== url))}
              className="absolute end-2 top-2 rounded-full bg-white/90 p-1 text-red-600 shadow"
              aria-label={t('photos.remove', { n: i + 1 })}
            >
              <X className="h-4 w-4" aria-hidden="true" />
            </button>
          </li>
        ))}
        {value.length < PROPERTY_LIMITS.photosMax && (
          <li>
            <label
              htmlFor={id}
              className="flex aspect-[3/2] cursor-pointer flex-col items-center justify-center gap-1 rounded-xl border-2 border-dashed border-slate-300 bg-white text-sm text-slate-600 hover:border-brand-400"
            >
              {busy > 0 ? (
                <Spinner label={t('photos.uploading')} />
              ) : (
                <ImagePlus className="h-6 w-6" aria-hidden="true" />
              )}
              <span>{busy > 0 ? t('photos.uploading') : t('photos.add')}</span>
            </label>
            <input
              ref={input}
              id={id}
              type="file"
              accept={ACCEPT}
              multiple
              className="sr-only"
              onChange={(e) => void onFiles(e.target.files)}
              data-testid="photo-input"
            />
          </li>
        )}
      </ul>
      <p className="mt-2 text-xs text-slate-500">{t('photos.hint', { max: PROPERTY_LIMITS.photosMax })}</p>
      {[...problems, ...(error ? [error] : [])].map((p) => (
        <p key={p} role="alert" className="mt-1 text-xs font-medium text-red-600">
          {p}
        </p>
      ))}
    </div>
  );
}
