/**
 * Filters that fit a phone: from the `sm` breakpoint up they sit inline above the
 * results; below it a "Filters (n)" button opens them in a bottom sheet, so the first result is on
 * the first screen. The filters are rendered once, in one place or the other, so their labels,
 * ids and test ids stay unique. Changes apply as they are made; "Show results" closes the sheet
 * and focus returns to the button.
 */
import { SlidersHorizontal } from 'lucide-react';
import { type FormEvent, lazy, type ReactNode, Suspense, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SM_AND_UP, useMediaQuery } from '../lib/use-media-query';
import { cn } from '../lib/utils';
import { Button } from './ui/button';

const FilterSheet = lazy(() => import('./filter-sheet'));

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
  const buttonRef = useRef<HTMLButtonElement>(null);

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
    <>
      {/* A plain button, not Radix's trigger: the sheet (Radix's dialog, its focus trap and scroll
          lock) is a chunk of its own, loaded on the first tap, so a phone's first paint of the
          directory parses none of it. */}
      <Button
        ref={buttonRef}
        variant="outline"
        className="mt-3 min-h-11 w-full justify-center"
        data-testid="filters-button"
        aria-haspopup="dialog"
        aria-expanded={open}
        // Fetched as the finger lands, so the sheet is usually there when the tap completes.
        onPointerDown={() => void import('./filter-sheet')}
        onClick={() => setOpen(true)}
      >
        <SlidersHorizontal className="h-4 w-4" aria-hidden="true" />
        {label}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <FilterSheet
            onClose={() => setOpen(false)}
            returnFocusTo={buttonRef}
            formId={onSubmit ? formId : undefined}
            resultsLabel={resultsLabel}
          >
            {body(cn(PANEL, 'rounded-none border-0'))}
          </FilterSheet>
        </Suspense>
      )}
    </>
  );
}
