/**
 * The app-like parts of the shell: the offline banner, the "new version" notice, the install offer,
 * and the guard that keeps one user's offline data from the next (see lib/pwa/register.ts).
 */
import { CloudUpload, Download, ScanLine, Share, WifiOff, X } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Button } from '../components/ui/button';
import { toast } from '../components/ui/toast';
import { useMyCards } from '../features/cards/api/use-my-cards';
import { onOutboxChange } from '../lib/offline/outbox';
import { useOutbox, useOutboxSender } from '../lib/offline/use-outbox';
import {
  countVisit,
  dismissInstallOffer,
  installOfferDue,
  installOfferSnoozed,
  isIosSafari,
  runningInstalled,
} from '../lib/pwa/install-offer';
import { applyUpdateAtNavigation, keepPrivateCacheFor, onUpdateReady } from '../lib/pwa/register';
import { useAuth } from '../lib/use-auth';
import { useOnline } from '../lib/use-online';

type InstallPromptEvent = Event & { prompt: () => Promise<void>; userChoice: Promise<{ outcome: string }> };

export function AppStatus() {
  const { t } = useTranslation('app');
  const online = useOnline();
  const { user, isLoading } = useAuth();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [updateReady, setUpdateReady] = useState(false);

  useEffect(() => onUpdateReady(setUpdateReady), []);
  // A waiting version takes over between pages, never while a form is being filled in.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each navigation on purpose
  useEffect(() => applyUpdateAtNavigation(), [location.pathname]);
  useEffect(() => {
    if (isLoading) return;
    void keepPrivateCacheFor(user?.id ?? null).then((dropped) => {
      if (dropped && user) void queryClient.invalidateQueries();
    });
  }, [user, isLoading, queryClient]);

  return (
    <>
      {!online && (
        <div
          role="status"
          className="flex items-center justify-center gap-2 bg-slate-800 px-4 py-2 text-sm text-white"
          data-testid="offline-banner"
        >
          <WifiOff className="h-4 w-4 shrink-0" aria-hidden="true" />
          <span>{t('offline.banner')}</span>
          {/* Already there: the link would lead nowhere. */}
          {location.pathname !== '/my-qr' && (
            <Link to="/my-qr" className="underline underline-offset-2">
              {t('offline.openQr')}
            </Link>
          )}
        </div>
      )}
      {updateReady && (
        <div role="status" className="bg-brand-50 px-4 py-2 text-center text-sm text-brand-900">
          {t('update.ready')}
        </div>
      )}
      <SyncStatus userId={user?.id ?? null} />
      <InstallOffer signedIn={!!user} />
    </>
  );
}

/**
 * Captures made offline: how many still wait for a network, and the photographed cards that were
 * read and wait for review. Sends them itself when the app opens and when it comes back online.
 */
function SyncStatus({ userId }: { userId: string | null }) {
  const { t } = useTranslation('app');
  const { waiting, ready } = useOutbox(userId);
  const location = useLocation();
  useOutboxSender(userId);
  useEffect(
    () =>
      onOutboxChange((report) => {
        if (!report) return;
        if (report.sent > 0) toast({ title: t('sync.sent', { count: report.sent }) });
        for (const refused of report.refused) toast({ title: t('sync.refused', refused), variant: 'destructive' });
      }),
    [t],
  );
  // The live region stays in the page so a change of its text is announced.
  return (
    <div aria-live="polite" aria-atomic="true">
      {waiting > 0 && (
        <div
          className="flex items-center justify-center gap-2 bg-amber-50 px-4 py-2 text-sm text-amber-900"
          data-testid="sync-waiting"
          title={t('sync.waitingHint')}
        >
          <CloudUpload className="h-4 w-4 shrink-0" aria-hidden="true" />
          <span>{t('sync.waiting', { count: waiting })}</span>
        </div>
      )}
      {ready.length > 0 && location.pathname !== '/contacts/scan' && (
        <div
          className="flex items-center justify-center gap-2 bg-brand-50 px-4 py-2 text-sm text-brand-900"
          data-testid="scan-ready"
        >
          <ScanLine className="h-4 w-4 shrink-0" aria-hidden="true" />
          <span>{t('sync.ready', { count: ready.length })}</span>
          <Link to="/contacts/scan" className="font-medium underline underline-offset-2">
            {t('sync.review')}
          </Link>
        </div>
      )}
    </div>
  );
}

function InstallOffer({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation('app');
  const [prompt, setPrompt] = useState<InstallPromptEvent | null>(null);
  const [visits, setVisits] = useState(0);
  const [dismissed, setDismissed] = useState(true);
  const [ios, setIos] = useState(false);
  const offerable = !dismissed && (prompt !== null || ios);
  // The first approved card is the moment the app earns its place; asked only while it could matter.
  const cards = useMyCards(signedIn && offerable && visits < 2);
  const earned = cards.data?.some((card) => card.status === 'approved') ?? false;

  useEffect(() => {
    if (runningInstalled()) return;
    setVisits(countVisit());
    setDismissed(installOfferSnoozed(Date.now()));
    setIos(isIosSafari());
    const onPrompt = (event: Event) => {
      // Keep the browser's own mini-bar away; we offer at a better moment.
      event.preventDefault();
      setPrompt(event as InstallPromptEvent);
    };
    const onInstalled = () => setPrompt(null);
    window.addEventListener('beforeinstallprompt', onPrompt);
    window.addEventListener('appinstalled', onInstalled);
    return () => {
      window.removeEventListener('beforeinstallprompt', onPrompt);
      window.removeEventListener('appinstalled', onInstalled);
    };
  }, []);

  if (!offerable || !installOfferDue(visits, Date.now(), undefined, earned)) return null;
  const dismiss = () => {
    dismissInstallOffer(Date.now());
    setDismissed(true);
  };
  return (
    <aside
      aria-labelledby="install-offer-title"
      className="fixed inset-x-3 bottom-20 z-40 mx-auto max-w-md rounded-2xl bg-white p-4 shadow-xl ring-1 ring-slate-200 md:bottom-6"
      data-testid="install-offer"
    >
      <div className="flex items-start gap-3">
        <img src="/icons/icon-192.png" alt="" width={44} height={44} className="shrink-0 rounded-xl" />
        <div className="flex-1">
          <h2 id="install-offer-title" className="font-semibold text-slate-900">
            {ios && !prompt ? t('install.iosTitle') : t('install.title')}
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            {ios && !prompt ? (
              <>
                <Share className="inline h-4 w-4 align-text-bottom" aria-hidden="true" /> {t('install.iosSteps')}
              </>
            ) : (
              t('install.body')
            )}
          </p>
        </div>
        <button
          type="button"
          onClick={dismiss}
          className="-m-2 inline-flex h-11 w-11 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100"
          aria-label={t('install.dismiss')}
        >
          <X className="h-5 w-5" aria-hidden="true" />
        </button>
      </div>
      {prompt && (
        <div className="mt-3 flex justify-end gap-2">
          <Button variant="ghost" onClick={dismiss}>
            {t('install.dismiss')}
          </Button>
          <Button
            onClick={async () => {
              await prompt.prompt();
              const choice = await prompt.userChoice;
              setPrompt(null);
              if (choice.outcome !== 'accepted') dismiss();
            }}
          >
            <Download className="h-4 w-4" aria-hidden="true" />
            {t('install.action')}
          </Button>
        </div>
      )}
    </aside>
  );
}
