/** "5 minutes ago" in the current language (date-fns, Arabic locale), refreshed every 30 s. */
import { formatDistanceToNow } from 'date-fns';
import { ar, enUS } from 'date-fns/locale';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

const TICK_MS = 30_000;
let now = Date.now();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | null = null;

/** One shared clock for every timestamp on the page, running only while something shows one. */
function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!timer) {
    timer = setInterval(() => {
      now = Date.now();
      for (const l of listeners) l();
    }, TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
  };
}

export function RelativeTime({ iso, className }: { iso: string; className?: string }) {
  const { i18n } = useTranslation();
  const tick = useSyncExternalStore(subscribe, () => now);
  const date = new Date(iso);
  const locale = i18n.language === 'ar' ? ar : enUS;
  // Clock skew can put a just-sent message a moment in the future.
  const shown = date.getTime() > tick ? new Date(tick) : date;
  return (
    <time dateTime={iso} title={date.toLocaleString(i18n.language === 'ar' ? 'ar-AE' : 'en-GB')} className={className}>
      {formatDistanceToNow(shown, { addSuffix: true, locale })}
    </time>
  );
}
