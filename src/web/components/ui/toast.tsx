/**
 * Toasts of spec §8: a default and a destructive style, at most one shown at once, a dismissed
 * toast removed after 1,000,000 ms. Call `toast({ title, description, variant })` anywhere.
 */
import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { DELAYS } from '../../../core/limits';

const TOAST_LIMIT = 1;

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}
export interface ToastItem extends ToastOptions {
  id: number;
  open: boolean;
}

let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

export function toast(options: ToastOptions): number {
  const id = nextId++;
  items = [{ ...options, id, open: true }, ...items].slice(0, TOAST_LIMIT);
  emit();
  return id;
}

export function dismiss(id: number) {
  items = items.map((t) => (t.id === id ? { ...t, open: false } : t));
  emit();
  setTimeout(() => {
    items = items.filter((t) => t.id !== id);
    emit();
  }, DELAYS.toastRemove);
}

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => items,
  );
}

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
