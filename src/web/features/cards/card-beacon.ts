/**
 * Card analytics from the public card page: the source the visitor came with
 * (`?src=`), and a beacon for contact clicks and shares that never delays the click. Small on
 * purpose: the server-rendered card page loads it with its first paint.
 */
import { type BeaconAction, type CardSource, cardSource } from '../../../core/analytics';

/** Where this visit came from, from the page's `?src=`. */
export function pageSource(search: string = window.location.search): CardSource {
  return cardSource(new URLSearchParams(search).get('src'));
}

/** Reports a contact click or share; the server ignores the owner's own and repeats. */
export function sendCardEvent(cardId: string, action: BeaconAction, source: CardSource): void {
  const url = `/api/business-cards/${encodeURIComponent(cardId)}/events`;
  const body = JSON.stringify({ action, source });
  try {
    if (navigator.sendBeacon?.(url, new Blob([body], { type: 'application/json' }))) return;
  } catch {
    // Some embedded browsers refuse beacons: fall back to a keepalive request.
  }
  fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body, keepalive: true }).catch(() => {
    // Analytics never get in the visitor's way.
  });
}

function actionOf(href: string): BeaconAction | null {
  if (href.startsWith('tel:')) return 'call';
  if (href.startsWith('mailto:')) return 'email';
  if (/^https:\/\/(wa\.me|api\.whatsapp\.com)\//.test(href)) return 'whatsapp';
  return null;
}

/** Adds `src` to a same-site link, so a saved contact or a language switch keeps the source. */
function keepSource(a: HTMLAnchorElement | null, source: CardSource): void {
  if (!a || source === 'direct') return;
  const url = new URL(a.href, window.location.href);
  url.searchParams.set('src', source);
  a.setAttribute('href', `${url.pathname}${url.search}`);
}

/**
 * Counts call, WhatsApp and e-mail clicks inside `root` (one listener for the whole page), and
 * keeps the visit's source on the save-contact and language links. Returns the cleanup.
 */
export function trackCardPage(root: HTMLElement | Document, cardId: string, source: CardSource): () => void {
  keepSource(root.querySelector<HTMLAnchorElement>('[data-testid="save-contact"]'), source);
  keepSource(root.querySelector<HTMLAnchorElement>('[data-testid="card-language"]'), source);
  const onClick = (event: Event) => {
    const link = (event.target as Element | null)?.closest?.('a[href]');
    const action = link ? actionOf(link.getAttribute('href') ?? '') : null;
    if (action) sendCardEvent(cardId, action, source);
  };
  root.addEventListener('click', onClick);
  return () => root.removeEventListener('click', onClick);
}
