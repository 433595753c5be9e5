import { Loader2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/utils';

export function Spinner({ className, label }: { className?: string; label?: string }) {
  const { t } = useTranslation();
  return (
    <span role="status" className={cn('inline-flex items-center gap-2 text-slate-500', className)}>
      <Loader2 className="h-5 w-5 animate-spin" aria-hidden="true" />
      <span className="sr-only">{label ?? t('loading')}</span>
    </span>
  );
}

/** A whole page loading: as tall as the screen below the header, so the footer never jumps up and back (CLS). */
export function PageSpinner() {
  return (
    <div className="flex min-h-[calc(100vh-4rem)] items-start justify-center pt-[20vh]">
      <Spinner className="[&>svg]:h-8 [&>svg]:w-8" />
    </div>
  );
}

/**
 * What a page shows while its code or texts load: as tall as the screen below the header, so the
 * footer stays out of view and nothing jumps when the page arrives (CLS).
 */
export function PageSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto min-h-[calc(100vh-4rem)] max-w-7xl px-4 py-10" data-testid="page-skeleton">
      <span role="status" className="sr-only">
        {t('loading')}
      </span>
      <div aria-hidden="true" className="space-y-4">
        <div className="h-9 w-2/3 max-w-md animate-pulse rounded-lg bg-slate-200" />
        <div className="h-4 w-full max-w-xl animate-pulse rounded-lg bg-slate-100" />
        <div className="h-4 w-5/6 max-w-lg animate-pulse rounded-lg bg-slate-100" />
      </div>
    </div>
  );
}

export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-lg bg-slate-200', className)} />;
}

export function EmptyState({ icon, title, children }: { icon?: ReactNode; title: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center justify-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      {icon && <div className="mb-3 text-slate-400">{icon}</div>}
      <h3 className="text-base font-semibold text-slate-800">{title}</h3>
      {children && <div className="mt-2 max-w-md text-sm text-slate-500">{children}</div>}
    </div>
  );
}
