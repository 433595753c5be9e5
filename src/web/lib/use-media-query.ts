import { useSyncExternalStore } from 'react';

/**
 * Whether a CSS media query matches now, kept current as the window changes. Used where a layout
 * needs different markup (not just different styles) on a phone, such as the filter sheet.
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Tailwind's `sm` breakpoint: at and above it filters sit inline, below it they open in a sheet. */
export const SM_AND_UP = '(min-width: 640px)';
