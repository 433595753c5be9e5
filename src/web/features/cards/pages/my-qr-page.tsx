/**
 * My QR: the chosen card's QR code, full screen, to be scanned across a table or a stand. It works
 * in airplane mode: the signed-in user and their cards come from the service worker's private cache
 * when there is no network, and the code is drawn here rather than fetched.
 */
import { Sun, WifiOff } from 'lucide-react';
import QRCode from 'qrcode';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Card } from '../../../../core/schemas/card';
import { Button } from '../../../components/ui/button';
import { PageSpinner } from '../../../components/ui/feedback';
import { useAuth } from '../../../lib/use-auth';
import { useOnline } from '../../../lib/use-online';
import { useMyCards } from '../api/use-my-cards';
import { BackgroundPicker } from '../components/background-picker';
import { NfcWriter } from '../components/nfc-writer';

/** The link the printed and shown codes carry: the public card, marked as a QR visit for analytics. */
export const qrLinkOf = (cardId: string) => `${window.location.origin}/cards/${encodeURIComponent(cardId)}?src=qr`;

export function MyQrPage() {
  const { t } = useTranslation('app');
  const { user, isLoading } = useAuth();
  const cards = useMyCards(!!user);
  if (isLoading || (user && cards.isLoading)) return <PageSpinner />;
  if (!user) {
    return (
      <Centered>
        <p>{t('myQr.signIn')}</p>
        <Button asChild>
          <Link to="/login?next=%2Fmy-qr">{t('common:nav.login')}</Link>
        </Button>
      </Centered>
    );
  }
  const list = cards.data ?? [];
  if (list.length === 0) {
    return (
      <Centered>
        <p>{t('myQr.noCards')}</p>
        <Button asChild>
          <Link to="/create-card">{t('myQr.create')}</Link>
        </Button>
      </Centered>
    );
  }
  return <MyQr cards={list} />;
}

function Centered({ children }: { children: React.ReactNode }) {
  return (
    <div className="mx-auto flex min-h-[60vh] max-w-md flex-col items-center justify-center gap-4 px-4 text-center">
      {children}
    </div>
  );
}

/** Keeps the screen on while the code is shown, where the browser allows it. */
function useWakeLock(): boolean {
  const [held, setHeld] = useState(false);
  useEffect(() => {
    let lock: WakeLockSentinel | null = null;
    let cancelled = false;
    const acquire = async () => {
      if (!('wakeLock' in navigator) || document.visibilityState !== 'visible') return;
      try {
        lock = await navigator.wakeLock.request('screen');
        if (cancelled) void lock.release();
        else setHeld(true);
        lock.addEventListener('release', () => setHeld(false));
      } catch {
        // Refused (battery saver, no user gesture yet): the hint about brightness still helps.
      }
    };
    void acquire();
    // A lock is released when the tab is hidden; take it again when the page comes back.
    document.addEventListener('visibilitychange', acquire);
    return () => {
      cancelled = true;
      document.removeEventListener('visibilitychange', acquire);
      void lock?.release();
    };
  }, []);
  return held;
}

function MyQr({ cards }: { cards: Card[] }) {
  const { t } = useTranslation('app');
  const online = useOnline();
  const [cardId, setCardId] = useState(() => (cards.find((c) => c.status === 'approved') ?? cards[0]).id);
  const card = cards.find((c) => c.id === cardId) ?? cards[0];
  const link = qrLinkOf(card.id);
  const [svg, setSvg] = useState<string | null>(null);
  const awake = useWakeLock();
  const selectId = useId();

  useEffect(() => {
    let current = true;
    // A quiet zone and error correction M: readable from a phone held at arm's length on a bright screen.
    void QRCode.toString(link, { type: 'svg', errorCorrectionLevel: 'M', margin: 2, color: { dark: '#0a2a2b' } }).then(
      (out) => current && setSvg(out),
    );
    return () => {
      current = false;
    };
  }, [link]);

  return (
    <div className="mx-auto flex max-w-3xl flex-col items-center gap-5 px-4 py-8 text-center">
      <h1 className="text-2xl font-bold text-slate-900">{t('myQr.title')}</h1>
      {cards.length > 1 && (
        <div className="flex w-full flex-col items-start gap-1 text-start">
          <label htmlFor={selectId} className="text-sm font-medium text-slate-700">
            {t('myQr.choose')}
          </label>
          <select
            id={selectId}
            value={card.id}
            onChange={(e) => setCardId(e.target.value)}
            className="h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base"
          >
            {cards.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name} — {c.profession}
              </option>
            ))}
          </select>
        </div>
      )}
      <figure className="w-full max-w-md rounded-3xl bg-white p-5 shadow-lg ring-1 ring-slate-200">
        {svg ? (
          <img
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
            alt={t('myQr.qrAlt', { name: card.name })}
            className="mx-auto aspect-square w-full max-w-[min(80vw,420px)]"
            data-testid="my-qr-code"
            data-url={link}
          />
        ) : (
          <div className="mx-auto aspect-square w-full max-w-[min(80vw,420px)] animate-pulse rounded-xl bg-slate-100" />
        )}
        <figcaption className="mt-4">
          <bdi className="block text-xl font-semibold text-slate-900" data-testid="my-qr-name">
            {card.name}
          </bdi>
          <bdi className="block text-slate-600">{card.profession}</bdi>
          {card.company && <bdi className="block text-sm text-slate-500">{card.company}</bdi>}
        </figcaption>
      </figure>
      {card.status !== 'approved' && (
        <p role="note" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          {t('myQr.notApproved')}
        </p>
      )}
      <p className="flex items-center gap-2 text-sm text-slate-600">
        <Sun className="h-4 w-4 shrink-0" aria-hidden="true" />
        {awake ? t('myQr.awake') : t('myQr.hint')}
      </p>
      {!online && (
        <p className="flex items-center gap-2 text-sm text-slate-600" data-testid="my-qr-offline">
          <WifiOff className="h-4 w-4 shrink-0" aria-hidden="true" />
          {t('myQr.offlineCopy')}
        </p>
      )}
      <section aria-labelledby="nfc-title" className="w-full space-y-3 rounded-2xl bg-white p-4 ring-1 ring-slate-200">
        <h2 id="nfc-title" className="text-start font-semibold text-slate-900">
          {t('nfc.title')}
        </h2>
        <NfcWriter cardId={card.id} />
      </section>
      {online && (
        <section
          aria-labelledby="background-title"
          className="w-full space-y-3 rounded-2xl bg-white p-4 ring-1 ring-slate-200"
        >
          <h2 id="background-title" className="text-start font-semibold text-slate-900">
            {t('background.title')}
          </h2>
          <BackgroundPicker cardId={card.id} />
        </section>
      )}
    </div>
  );
}
