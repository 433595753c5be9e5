/** A quiet live-connection dot: green when live, amber while (re)connecting, with a label for screen readers. */
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/utils';
import type { LiveStatus } from '../../../lib/live-connection';

export function ConnectionIndicator({ status }: { status: LiveStatus }) {
  const { t } = useTranslation('messaging');
  if (status === 'idle') return null;
  const label =
    status === 'open'
      ? t('connection.open')
      : status === 'connecting'
        ? t('connection.connecting')
        : t('connection.offline');
  const hint = status === 'open' ? t('connection.openHint') : t('connection.offlineHint');
  return (
    <span
      role="status"
      aria-live="polite"
      title={hint}
      data-testid="live-status"
      data-status={status}
      className="inline-flex items-center gap-1.5 text-xs text-slate-500"
    >
      <span
        aria-hidden="true"
        className={cn(
          'h-2 w-2 rounded-full',
          status === 'open'
            ? 'bg-emerald-500'
            : status === 'connecting'
              ? 'bg-slate-300'
              : 'animate-pulse bg-amber-500',
        )}
      />
      <span className={status === 'open' ? 'sr-only' : undefined}>{label}</span>
    </span>
  );
}
