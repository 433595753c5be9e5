/** The brokerage logo: uploaded through /api/uploads/images, shown beside the buttons. */
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api';
import { useUploadLogo } from '../api/use-upload-logo';
import { BrokerageLogo } from './brokerage-logo';

export function LogoField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (url: string) => void;
  error?: string;
}) {
  const { t } = useTranslation('brokerages');
  const upload = useUploadLogo();
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  return (
    <div className="space-y-1.5">
      <span id={`${id}-label`} className="block text-sm font-medium text-slate-700">
        {t('fields.logo')}
      </span>
      <div className="flex items-center gap-3">
        <BrokerageLogo url={value || null} name="" className="h-14 w-14" />
        <input
          ref={input}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          className="sr-only"
          aria-labelledby={`${id}-label`}
          tabIndex={-1}
          onChange={(ev) => {
            const file = ev.target.files?.[0];
            ev.target.value = '';
            if (!file) return;
            upload.mutate(file, {
              onSuccess: (img) => onChange(img.url),
              onError: (err) =>
                toast({
                  title: t('fields.logoFailed'),
                  description: err instanceof ApiError ? err.serverMessage : undefined,
                  variant: 'destructive',
                }),
            });
          }}
        />
        <Button type="button" variant="outline" onClick={() => input.current?.click()} disabled={upload.isPending}>
          {upload.isPending ? t('fields.logoUploading') : t('fields.logoUpload')}
        </Button>
        {value ? (
          <Button type="button" variant="ghost" onClick={() => onChange('')}>
            {t('fields.logoRemove')}
          </Button>
        ) : null}
      </div>
      <p className="text-xs text-slate-500">{t('fields.logoHint')}</p>
      {error && (
        <p role="alert" className="text-xs font-medium text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
