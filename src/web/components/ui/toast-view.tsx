/** The toasts' view, loaded with the first toast (see Toaster in toast.tsx). */
import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/utils';
import { dismiss, useToasts } from './toast-store';

export default function ToastView() {
  const toasts = useToasts();
  const { t, i18n } = useTranslation();
  return (
    <ToastPrimitive.Provider swipeDirection={i18n.dir() === 'rtl' ? 'left' : 'right'} duration={5000}>
      {toasts.map((item) => (
        <ToastPrimitive.Root
          key={item.id}
          open={item.open}
          onOpenChange={(open) => !open && dismiss(item.id)}
          data-testid="toast"
          className={cn(
            'pointer-events-auto relative flex w-full items-start gap-3 rounded-xl border p-4 pe-10 shadow-lg',
            item.variant === 'destructive'
              ? 'border-red-600 bg-red-600 text-white'
              : 'border-slate-200 bg-white text-slate-900',
          )}
        >
          <div className="grid gap-1">
            <ToastPrimitive.Title className="text-sm font-semibold">{item.title}</ToastPrimitive.Title>
            {item.description && (
              <ToastPrimitive.Description className="text-sm opacity-90">{item.description}</ToastPrimitive.Description>
            )}
          </div>
          <ToastPrimitive.Close
            className="absolute end-2 top-2 rounded p-1 opacity-70 hover:opacity-100"
            aria-label={t('close')}
          >
            <X className="h-4 w-4" aria-hidden="true" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport
        // Radix names the region "Notifications ({hotkey})" in English; ours follows the page's language.
        label={t('notificationsRegion')}
        className="fixed bottom-20 end-0 z-[100] flex w-full max-w-sm flex-col gap-2 p-4 md:bottom-0"
      />
    </ToastPrimitive.Provider>
  );
}
