/**
 * One reading direction for every Radix primitive (tabs, select, dialog, toast): Arabic pages
 * lay them out right to left and arrow keys follow the reading direction.
 */
import { DirectionProvider } from '@radix-ui/react-direction';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export function LocaleDirection({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return <DirectionProvider dir={i18n.dir(i18n.language)}>{children}</DirectionProvider>;
}
