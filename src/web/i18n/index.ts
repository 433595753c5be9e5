/**
 * i18next with one JSON file per namespace and language: `en/<ns>.json`, `ar/<ns>.json`.
 * A feature adds its own namespace files; they are picked up here without edits.
 * Arabic switches the document to right-to-left.
 *
 * Each file is its own chunk, loaded on demand for the current language only. The
 * app starts with the few namespaces the layout needs (INITIAL_NAMESPACES); a page's own
 * namespace loads with its code (see lazyPage in app/routes.tsx) and `useTranslation(ns)`
 * suspends until it is there, so nothing flashes untranslated.
 */
import i18n, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGE_COOKIE, SHELL_NAMESPACES } from '../../core/routes';

type Bundle = { default: Record<string, unknown> };
const files = import.meta.glob<Bundle>('./*/*.json');

/** Every namespace there is (from the English files). */
export const NAMESPACES = Object.keys(files)
  .filter((f) => f.startsWith('./en/'))
  .map((f) => f.slice('./en/'.length, -'.json'.length));

/** Needed before the first paint: the layout (common), enum labels used everywhere, API error texts. */
export const INITIAL_NAMESPACES = SHELL_NAMESPACES;

const lazyFiles: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = files[`./${language}/${namespace}.json`];
    if (!load) {
      callback(new Error(`no translations ${language}/${namespace}`), false);
      return;
    }
    load().then(
      (bundle) => callback(null, bundle.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), true),
    );
  },
};

export const LANGUAGE_STORAGE_KEY = 'bitaqa.lang';
/** Set when the visitor picked a language on this device with the toggle (not just a default). */
const LANGUAGE_CHOSEN_KEY = 'bitaqa.lang.chosen';

export function markLanguageChosen(): void {
  window.localStorage.setItem(LANGUAGE_CHOSEN_KEY, '1');
}

export function languageChosenHere(): boolean {
  return window.localStorage.getItem(LANGUAGE_CHOSEN_KEY) === '1';
}

function initialLanguage(): 'en' | 'ar' {
  if (typeof window === 'undefined') return 'en';
  const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  if (stored === 'en' || stored === 'ar') return stored;
  return navigator.language?.startsWith('ar') ? 'ar' : 'en';
}

export function applyDirection(lng: string): void {
  const dir = lng === 'ar' ? 'rtl' : 'ltr';
  if (typeof document === 'undefined') return; // server rendering, unit tests
  document.documentElement.lang = lng;
  document.documentElement.dir = dir;
}

/**
 * Resolves when the current language's first namespaces are there: render after it.
 * No fallback language: translations.test.ts keeps every key in both languages, and an Arabic
 * visitor downloads no English.
 */
export const i18nReady: Promise<unknown> = i18n
  .use(lazyFiles)
  .use(initReactI18next)
  .init({
    lng: initialLanguage(),
    supportedLngs: ['en', 'ar'],
    fallbackLng: false,
    ns: INITIAL_NAMESPACES,
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: true },
  });

/** The server reads the choice too: a server-rendered card page speaks it. */
function rememberForServer(lng: string): void {
  document.cookie = `${LANGUAGE_COOKIE}=${lng}; path=/; max-age=31536000; samesite=lax`;
}

applyDirection(i18n.language);

/** How long after the load event the rest of the texts are fetched when nobody interacts first. */
const PREFETCH_AFTER_LOAD_MS = 4000;

/**
 * The rest of the current language's texts (a few KB each, cached for a year) are fetched while
 * the browser is idle, so a dialog or tab that reads another namespace never has to wait for it.
 * Not at once on load: on a slow phone those requests would compete with the page's own code and
 * data (Lighthouse). They start at the visitor's first interaction, or a few seconds
 * after the page has loaded, whichever comes first.
 */
if (typeof window !== 'undefined') {
  const events = ['pointerdown', 'keydown', 'touchstart', 'focusin'] as const;
  let started = false;
  const prefetch = () => {
    if (started) return;
    started = true;
    for (const event of events) window.removeEventListener(event, prefetch, true);
    const idle = window.requestIdleCallback ?? ((fn: () => void) => window.setTimeout(fn, 200));
    idle(() => {
      void i18nReady.then(() => i18n.loadNamespaces(NAMESPACES)).catch(() => undefined);
    });
  };
  for (const event of events) window.addEventListener(event, prefetch, { capture: true, passive: true });
  window.addEventListener('load', () => window.setTimeout(prefetch, PREFETCH_AFTER_LOAD_MS));
}
i18n.on('languageChanged', (lng) => {
  applyDirection(lng);
  if (typeof window === 'undefined') return; // unit tests in Node import this module too
  window.localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
  rememberForServer(lng);
});

export default i18n;
