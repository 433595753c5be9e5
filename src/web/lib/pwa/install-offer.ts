/**
 * When to offer "Install Bitaqa": not on a first visit (the visitor hasn't seen why yet), but after
 * something worth coming back for (the user's first approved card) or from the second visit on,
 * and never again for a month once dismissed. `now` is passed in so tests can move the clock.
 */
const VISITS_KEY = 'bitaqa.visits';
const DISMISSED_KEY = 'bitaqa.installDismissedAt';
const SESSION_KEY = 'bitaqa.visitCounted';
export const INSTALL_SNOOZE_MS = 30 * 24 * 3600 * 1000;

/** Counts this visit once per browser session and answers how many visits there have been. */
export function countVisit(storage = window.localStorage, session = window.sessionStorage): number {
  const seen = Number(storage.getItem(VISITS_KEY) ?? '0') || 0;
  if (session.getItem(SESSION_KEY)) return seen;
  session.setItem(SESSION_KEY, '1');
  storage.setItem(VISITS_KEY, String(seen + 1));
  return seen + 1;
}

/** Dismissed less than a month ago. */
export function installOfferSnoozed(now: number, storage = window.localStorage): boolean {
  const dismissed = Number(storage.getItem(DISMISSED_KEY) ?? '0') || 0;
  return now - dismissed < INSTALL_SNOOZE_MS;
}

/** `earned`: the user has done something that makes the app worth keeping (an approved card). */
export function installOfferDue(visits: number, now: number, storage = window.localStorage, earned = false): boolean {
  return (visits >= 2 || earned) && !installOfferSnoozed(now, storage);
}

export function dismissInstallOffer(now: number, storage = window.localStorage): void {
  storage.setItem(DISMISSED_KEY, String(now));
}

/** Installed already: launched from the home screen (or iOS's own flag). */
export function runningInstalled(): boolean {
  return (
    window.matchMedia?.('(display-mode: standalone)').matches ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  );
}

/** Safari on iPhone/iPad has no install prompt: it gets the short "Add to Home Screen" guide. */
export function isIosSafari(ua = navigator.userAgent): boolean {
  return /iPhone|iPad|iPod/.test(ua) && /Safari/.test(ua) && !/CriOS|FxiOS|EdgiOS/.test(ua);
}
