/**
 * System → light → dark: the colour theme, saved in this browser. public/theme.js applied the
 * saved choice before the first paint and keeps "system" following prefers-color-scheme; this
 * button saves a new choice and asks it to apply it.
 */
import { Monitor, Moon, Sun } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../lib/utils';

export type ThemeChoice = 'system' | 'light' | 'dark';
const THEME_KEY = 'bitaqa-theme';
const ORDER: ThemeChoice[] = ['system', 'light', 'dark'];

declare global {
  interface Window {
    bitaqaTheme?: { apply(): void };
  }
}

function savedChoice(): ThemeChoice {
  try {
    const v = window.localStorage.getItem(THEME_KEY);
    return v === 'light' || v === 'dark' ? v : 'system';
  } catch {
    return 'system';
  }
}

function applyChoice(choice: ThemeChoice) {
  try {
    if (choice === 'system') window.localStorage.removeItem(THEME_KEY);
    else window.localStorage.setItem(THEME_KEY, choice);
  } catch {
    // Storage refused (private mode): the choice lasts for this page only.
  }
  if (window.bitaqaTheme) window.bitaqaTheme.apply();
  else {
    const dark =
      choice === 'dark' || (choice === 'system' && window.matchMedia?.('(prefers-color-scheme: dark)').matches);
    document.documentElement.classList.toggle('dark', dark);
  }
}

export function ThemeToggle({ className }: { className?: string }) {
  const { t } = useTranslation();
  const [choice, setChoice] = useState<ThemeChoice>(savedChoice);
  const Icon = choice === 'dark' ? Moon : choice === 'light' ? Sun : Monitor;
  const next = ORDER[(ORDER.indexOf(choice) + 1) % ORDER.length];
  return (
    <button
      type="button"
      data-testid="theme-toggle"
      data-theme-choice={choice}
      onClick={() => {
        applyChoice(next);
        setChoice(next);
      }}
      aria-label={t('theme.label', { current: t(`theme.${choice}`), next: t(`theme.${next}`) })}
      title={t('theme.label', { current: t(`theme.${choice}`), next: t(`theme.${next}`) })}
      className={cn(
        'inline-flex h-9 w-9 items-center justify-center rounded-lg border border-slate-300 text-slate-700 hover:bg-slate-50',
        className,
      )}
    >
      <Icon className="h-4 w-4" aria-hidden="true" />
    </button>
  );
}
