/**
 * Toasts: call `toast({ title, description, variant })` anywhere; <Toaster /> shows them.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { useToasts } from './toast-store';

export { type ToastOptions, toast } from './toast-store';

// The toast's view (Radix's toast with its layers and focus handling) is a chunk of its own, loaded
// once the browser is idle after the page's load, or with an earlier toast: the first paint never
// parses it, and the named notifications region (and its hotkey) is there soon after.
const ToastView = lazy(() => import('./toast-view'));

function whenIdleAfterLoad(run: () => void): () => void {
  let cancel = () => {};
  const idle = () => {
    if ('requestIdleCallback' in window) {
      const id = window.requestIdleCallback(run, { timeout: 3000 });
      cancel = () => window.cancelIdleCallback(id);
    } else {
      const id = globalThis.setTimeout(run, 1000);
      cancel = () => globalThis.clearTimeout(id);
    }
  };
  if (document.readyState === 'complete') idle();
  else {
    window.addEventListener('load', idle, { once: true });
    cancel = () => window.removeEventListener('load', idle);
  }
  return () => cancel();
}

export function Toaster() {
  const toasts = useToasts();
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdleAfterLoad(() => setIdle(true)), []);
  // Once mounted the view stays, so a toast closing animates out instead of being cut off.
  if (toasts.length > 0 && !idle) setIdle(true);
  if (toasts.length === 0 && !idle) return null;
  return (
    <Suspense fallback={null}>
      <ToastView />
    </Suspense>
  );
}
