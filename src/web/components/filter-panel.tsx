/**
 * Filters that fit a phone: from the `sm` breakpoint up they sit inline above the
 * results; below it a "Filters (n)" button opens them in a bottom sheet, so the first result is on
 * the first screen. The filters are rendered once, in one place or the other, so their labels,
 * ids and test ids stay unique. Changes apply as they are made; "Show results" closes the sheet
 * and Radix returns focus to the button.
 */
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { SlidersHorizontal, X } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SM_AND_UP, useMediaQuery } from '../lib/use-media-query';
import { cn } from '../lib/utils';
import { Button } from './ui/button';

const PANEL = 'grid grid-cols-1 gap-3 rounded-2xl border border-slate-200 bg-white p-4';

export function FilterPanel({
  activeCount,
  resultsLabel,
  gridClassName,
  onSubmit,
  children,
}: {
  /** How many filters are set (sort excluded): shown on the phone's button. */
  activeCount: number;
  /** The live result count, e.g. "24 professionals", shown on the sheet's close button. */
  resultsLabel: string;
  /** Column classes for the inline layout, e.g. "sm:grid-cols-2 lg:grid-cols-4". */
  gridClassName: string;
  /** When the filters are a form (typed values applied on submit): answers whether they applied. */
  onSubmit?: (e: FormEvent) => boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('discovery');
  const wide = useMediaQuery(SM_AND_UP);
  const [open, setOpen] = useState(false);
  const formId = useId();

  const body = (className: string) =>
    onSubmit ? (
      <form
        id={formId}
        className={className}
        onSubmit={(e) => {
          if (onSubmit(e)) setOpen(false);
        }}
      >
        {children}
      </form>
    ) : (
      <div className={className}>{children}</div>
    );

  if (wide) return body(cn('mt-3', PANEL, gridClassName));

  const label = activeCount > 0 ? t('filters.buttonCount', { count: activeCount }) : t('filters.button');
  return (
    <DialogPrimitive.Root open={open} onOpenChange={setOpen}>
      <DialogPrimitive.Trigger asChild>
        <Button variant="outline" className="mt-3 min-h-11 w-full justify-center" data-testid="filters-button">
          <SlidersHorizontal className="h-4 w-4" aria-hidden="true" />
          {label}
        </Button>
      </DialogPrimitive.Trigger>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <DialogPrimitive.Content
          className="fixed inset-x-0 bottom-0 z-50 flex max-h-[85vh] flex-col rounded-t-2xl bg-white shadow-xl"
          data-testid="filters-sheet"
        >
          <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
            <DialogPrimitive.Title className="text-lg font-semibold">{t('filters.sheetTitle')}</DialogPrimitive.Title>
            <DialogPrimitive.Close
              className="flex h-11 w-11 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100"
              aria-label={t('close', { ns: 'common' })}
            >
              <X className="h-5 w-5" aria-hidden="true" />
            </DialogPrimitive.Close>
          </div>
          <DialogPrimitive.Description className="sr-only">{t('filters.sheetDescription')}</DialogPrimitive.Description>
          <div className="overflow-y-auto">{body(cn(PANEL, 'rounded-none border-0'))}</div>
          <div className="border-t border-slate-200 p-4 pb-[max(1rem,env(safe-area-inset-bottom))]">
            {onSubmit ? (
              // Submits the form first, so typed values (prices) apply; the form closes the sheet.
              <Button type="submit" form={formId} className="min-h-11 w-full" data-testid="filters-show-results">
                {t('filters.showResults', { results: resultsLabel })}
              </Button>
            ) : (
              <DialogPrimitive.Close asChild>
                <Button className="min-h-11 w-full" data-testid="filters-show-results">
                  {t('filters.showResults', { results: resultsLabel })}
                </Button>
              </DialogPrimitive.Close>
            )}
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
