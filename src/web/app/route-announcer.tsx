/**
 * What a full page load gives for free and a single-page app must do itself: each
 * route names itself in `<title>` ("Directory — Bitaqa", localized), and after a navigation focus
 * moves to the new page's heading and a polite live region announces it, so keyboard and screen
 * reader users know where they landed. Pages with their own name (a card holder, a listing) set
 * it with `useDocumentTitle` once their data is there.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { matchPath, useLocation } from 'react-router';
import { ROUTES } from './routes';

function routeTitleKey(pathname: string): string {
  const route = ROUTES.find((r) => r.path !== '*' && matchPath(r.path, pathname));
  return `pageTitle.${route?.title ?? 'notFound'}`;
}

/** Sets `<title>` to "`title` — Bitaqa" while the calling page shows `title` (when defined). */
export function useDocumentTitle(title: string | undefined): void {
  const { t } = useTranslation();
  useEffect(() => {
    if (title) document.title = `${title} — ${t('brand')}`;
  }, [title, t]);
}

/** The heading a visitor reads first on the page: the first h1 in main, else its first h2. */
function pageHeading(): HTMLElement | null {
  return document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('main h2');
}

export function RouteAnnouncer() {
  const { pathname } = useLocation();
  const { t, i18n } = useTranslation();
  const [announcement, setAnnouncement] = useState('');
  const firstLoad = useRef(true);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the title follows the language too
  useEffect(() => {
    const title = t(routeTitleKey(pathname));
    // A server-rendered page (a card) arrives with its own, more specific title: keep it.
    if (!(firstLoad.current && /^\/cards\/[^/]+$/.test(pathname))) {
      document.title = pathname === '/' ? `${t('brand')} — ${title}` : `${title} — ${t('brand')}`;
    }
  }, [pathname, i18n.language, t]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new path on purpose
  useEffect(() => {
    if (firstLoad.current) {
      firstLoad.current = false;
      return;
    }
    setAnnouncement('');
    // Pages load lazily: wait for the heading to appear, then move focus to it.
    let done = false;
    const focusHeading = () => {
      const heading = pageHeading();
      if (!heading || done) return false;
      done = true;
      // A page that focuses its own first field (sign-in) keeps it; the rest start at the heading.
      const active = document.activeElement;
      const pageTookFocus = active && active !== document.body && document.getElementById('main')?.contains(active);
      if (!pageTookFocus) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus({ preventScroll: true });
      }
      setAnnouncement(document.title);
      return true;
    };
    if (focusHeading()) return;
    const main = document.getElementById('main');
    if (!main) return;
    const observer = new MutationObserver(() => {
      if (focusHeading()) observer.disconnect();
    });
    observer.observe(main, { childList: true, subtree: true });
    const giveUp = window.setTimeout(() => observer.disconnect(), 10_000);
    return () => {
      observer.disconnect();
      window.clearTimeout(giveUp);
    };
  }, [pathname]);

  return (
    <div className="sr-only" aria-live="polite" aria-atomic="true" data-testid="route-announcer">
      {announcement}
    </div>
  );
}
