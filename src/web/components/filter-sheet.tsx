/**
 * The phone's filter sheet (see FilterPanel), loaded on the first tap of "Filters". Open while
 * mounted; closing hands focus back to the button that opened it.
 */
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './ui/button';

export default function FilterSheet({
  onClose,
  returnFocusTo,
  formId,
  resultsLabel,
  children,
}: {
  onClose: () => void;
  returnFocusTo: RefObject<HTMLButtonElement | null>;
  /** Set when the filters are a form: "Show results" submits it, and the form closes the sheet. */
  formId?: string;
  resultsLabel: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('discovery');
  return (
    <DialogPrimitive.Root open onOpenChange={(open) => !open && onClose()}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <DialogPrimitive.Content
          className="fixed inset-x-0 bottom-0 z-50 flex max-h-[85vh] flex-col rounded-t-2xl bg-white shadow-xl"
          data-testid="filters-sheet"
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            returnFocusTo.current?.focus();
          }}
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
          <div className="overflow-y-auto">{children}</div>
          <div className="border-t border-slate-200 p-4 pb-[max(1rem,env(safe-area-inset-bottom))]">
            {formId ? (
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
