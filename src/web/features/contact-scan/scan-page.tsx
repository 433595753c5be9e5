/**
 * /contacts/scan: photograph a paper card (front, optionally the back), let the server read it,
 * review the fields beside the photo, save the contact and go to the contact book.
 *
 * Offline, the photo is kept on this device (lib/offline/outbox.ts) and read when the connection
 * returns; the cards read that way wait at the top of this page for review.
 */
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { SHARED_PHOTO_CACHE, SHARED_PHOTO_URL } from '../../../core/pwa';
import { AccessDenied } from '../../components/access-denied';
import { Button } from '../../components/ui/button';
import { PageSpinner, Spinner } from '../../components/ui/feedback';
import { ApiError } from '../../lib/api';
import { addCapture, removeCapture, type ScanCapture } from '../../lib/offline/outbox';
import { useOutbox } from '../../lib/offline/use-outbox';
import { useAuth } from '../../lib/use-auth';
import { useSaveScannedContact, useScanCard } from './api/use-scan';
import { PhotoPicker } from './components/photo-picker';
import { ReviewForm } from './components/review-form';

function usePreview(file: Blob | null): string | null {
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
  const tApp = useTranslation('app').t;
  const { user, isLoading } = useAuth();
  const navigate = useNavigate();
  const [front, setFront] = useState<File | null>(null);
  const [back, setBack] = useState<File | null>(null);
  const frontUrl = usePreview(front);
  const backUrl = usePreview(back);
  const scan = useScanCard();
  const save = useSaveScannedContact();
  const [kept, setKept] = useState(false);
  const [reviewing, setReviewing] = useState<ScanCapture | null>(null);
  const { ready } = useOutbox(user?.id);
  const keptFrontUrl = usePreview(reviewing?.front ?? null);
  const keptBackUrl = usePreview(reviewing?.back ?? null);
  useSharedPhoto(setFront);

  if (isLoading) return <PageSpinner />;
  if (!user) return <AccessDenied title={t('accessRequired.title')} text={t('accessRequired.text')} />;

  const restart = () => {
    scan.reset();
    save.reset();
    setFront(null);
    setBack(null);
    setReviewing(null);
  };

  /** No network: keep the photos with a key for the contact they will become, read them later. */
  const keep = async (photoFront: File, photoBack: File | null) => {
    await addCapture({
      id: crypto.randomUUID(),
      kind: 'scan',
      userId: user.id,
      createdAt: Date.now(),
      front: photoFront,
      back: photoBack,
      result: null,
    });
    restart();
    setKept(true);
  };

  const saveKept = (capture: ScanCapture, values: Parameters<typeof save.mutate>[0]['values']) =>
    save.mutate(
      { values, photo: capture.front, capture },
      {
        onSuccess: () => void removeCapture(capture.id).then(() => navigate('/contacts')),
        onError: (err) => {
          // The key was used for other fields: an earlier save of this card reached the server
          // before the fields were changed, so the card is in the contact book already.
          if (err instanceof ApiError && err.code === 'IDEMPOTENCY_KEY_REUSED')
            void removeCapture(capture.id).then(() => navigate('/contacts'));
        },
      },
    );

  return (
    <div className="mx-auto max-w-5xl px-4 py-6">
      <h1 className="text-2xl font-bold text-slate-900">{t('title')}</h1>
      <p className="mt-1 text-slate-600">{t('intro')}</p>
      {kept && (
        <p role="status" className="mt-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-900" data-testid="scan-kept">
          {tApp('sync.photoKept')}
        </p>
      )}
      {ready.length > 0 && !reviewing && !scan.data && (
        <section className="mt-4 rounded-2xl bg-brand-50 p-4" data-testid="scan-ready-list">
          <h2 className="font-semibold text-brand-900">{tApp('sync.ready', { count: ready.length })}</h2>
          <ul className="mt-2 space-y-2">
            {ready.map((capture) => (
              <li key={capture.id} className="flex items-center justify-between gap-3">
                <bdi className="truncate text-slate-800">
                  {capture.result?.fields.name || capture.result?.fields.nameAr || t('front')}
                </bdi>
                <Button onClick={() => setReviewing(capture)}>{tApp('sync.review')}</Button>
              </li>
            ))}
          </ul>
        </section>
      )}
      <div className="mt-6">
        {reviewing?.result && keptFrontUrl ? (
          <ReviewForm
            key={reviewing.id}
            result={reviewing.result}
            photoUrl={keptFrontUrl}
            backUrl={keptBackUrl}
            saving={save.isPending}
            error={save.error ? messageOf(save.error, t('saveFailed')) : null}
            onRestart={restart}
            onSave={(values) => saveKept(reviewing, values)}
          />
        ) : scan.data && front && frontUrl ? (
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
              setKept(false);
              if (!front) return;
              if (!navigator.onLine) {
                void keep(front, back);
                return;
              }
              scan.mutate(
                { front, back },
                // The connection dropped on the way: keep the photo rather than lose it.
                { onError: (err) => (err instanceof ApiError ? undefined : void keep(front, back)) },
              );
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
