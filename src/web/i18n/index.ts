/**
 * i18next with one JSON file per namespace and language: `en/<ns>.json`, `ar/<ns>.json`.
 * A feature adds its own namespace files; they are picked up here without edits.
 * Arabic switches the document to right-to-left.
 */
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

type Resources = Record<string, Record<string, unknown>>;

function collect(files: Record<string, { default: Record<string, unknown> }>): Resources {
  const out: Resources = {};
  for (const [file, mod] of Object.entries(files)) {
    const ns =
      file
        .split('/')
        .pop()
        ?.replace(/\.json$/, '') ?? 'common';
    out[ns] = mod.default;
  }
  return out;
}

const en = collect(import.meta.glob('./en/*.json', { eager: true }));
const ar = collect(import.meta.glob('./ar/*.json', { eager: true }));

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

void i18n.use(initReactI18next).init({
  resources: { en, ar },
  lng: initialLanguage(),
  fallbackLng: 'en',
  ns: Object.keys(en),
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** The server reads the choice too: a server-rendered card page speaks it (issue 9). */
function rememberForServer(lng: string): void {
  document.cookie = `${LANGUAGE_STORAGE_KEY}=${lng}; path=/; max-age=31536000; samesite=lax`;
}

applyDirection(i18n.language);
i18n.on('languageChanged', (lng) => {
  applyDirection(lng);
  window.localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
  rememberForServer(lng);
});

export default i18n;
