/**
 * /contacts/scan: photograph a paper card (front, optionally the back), let the server read it,
 * review the fields beside the photo, save the contact and go to the contact book.
 */
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { SHARED_PHOTO_CACHE, SHARED_PHOTO_URL } from '../../../core/pwa';
import { AccessDenied } from '../../components/access-denied';
import { Button } from '../../components/ui/button';
import { PageSpinner, Spinner } from '../../components/ui/feedback';
import { ApiError } from '../../lib/api';
import { useAuth } from '../../lib/use-auth';
import { useSaveScannedContact, useScanCard } from './api/use-scan';
import { PhotoPicker } from './components/photo-picker';
import { ReviewForm } from './components/review-form';

function usePreview(file: File | null): string | null {
  const url = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}

/**
 * A photo shared to Bitaqa from the phone's gallery or camera: the service worker kept it (the
 * manifest's share target) and opened this page with ?shared=1; it becomes the front, once.
 */
function useSharedPhoto(setFront: (file: File) => void): void {
  const [params] = useSearchParams();
  const shared = params.get('shared') === '1';
  useEffect(() => {
    if (!shared || typeof caches === 'undefined') return;
    void (async () => {
      const cache = await caches.open(SHARED_PHOTO_CACHE);
      const answer = await cache.match(SHARED_PHOTO_URL);
      if (!answer) return;
      const blob = await answer.blob();
      await cache.delete(SHARED_PHOTO_URL);
      setFront(new File([blob], 'shared-card.jpg', { type: blob.type || 'image/jpeg' }));
    })();
  }, [shared, setFront]);
}

const messageOf = (err: unknown, fallback: string) => (err instanceof ApiError ? err.serverMessage : fallback);

export function ContactScanPage() {
  const { t } = useTranslation('contact-scan');
  const { user, isLoading } = useAuth();
  const navigate = useNavigate();
  const [front, setFront] = useState<File | null>(null);
  const [back, setBack] = useState<File | null>(null);
  const frontUrl = usePreview(front);
  const backUrl = usePreview(back);
  const scan = useScanCard();
  const save = useSaveScannedContact();
  useSharedPhoto(setFront);

  if (isLoading) return <PageSpinner />;
  if (!user) return <AccessDenied title={t('accessRequired.title')} text={t('accessRequired.text')} />;

  const restart = () => {
    scan.reset();
    save.reset();
    setFront(null);
    setBack(null);
  };

  return (
    <div className="mx-auto max-w-5xl px-4 py-6">
      <h1 className="text-2xl font-bold text-slate-900">{t('title')}</h1>
      <p className="mt-1 text-slate-600">{t('intro')}</p>
      <div className="mt-6">
        {scan.data && front && frontUrl ? (
          <ReviewForm
            result={scan.data}
            photoUrl={frontUrl}
            backUrl={backUrl}
            saving={save.isPending}
            error={save.error ? messageOf(save.error, t('saveFailed')) : null}
            onRestart={restart}
            onSave={(values) => save.mutate({ values, photo: front }, { onSuccess: () => navigate('/contacts') })}
          />
        ) : (
          <form
            className="space-y-4"
            onSubmit={(e) => {
              e.preventDefault();
              if (front) scan.mutate({ front, back });
            }}
          >
            <div className="grid gap-4 sm:grid-cols-2">
              <PhotoPicker
                testId="scan-front"
                label={t('front')}
                hint={t('frontHint')}
                file={front}
                preview={frontUrl}
                onChange={(f) => {
                  scan.reset();
                  setFront(f);
                }}
              />
              <PhotoPicker
                testId="scan-back"
                label={t('back')}
                hint={t('backHint')}
                file={back}
                preview={backUrl}
                onChange={(f) => {
                  scan.reset();
                  setBack(f);
                }}
              />
            </div>
            {scan.isError && (
              <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
                {messageOf(scan.error, t('scanFailed'))}
              </p>
            )}
            {scan.isPending ? (
              <div aria-live="polite" className="flex items-center gap-3 rounded-lg bg-slate-50 p-4 text-slate-700">
                <Spinner />
                <span>{t('reading')}</span>
              </div>
            ) : (
              <Button type="submit" size="lg" disabled={!front}>
                {t('read')}
              </Button>
            )}
          </form>
        )}
      </div>
    </div>
  );
}
