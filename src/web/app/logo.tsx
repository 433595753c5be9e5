import { useTranslation } from 'react-i18next';
import { cn } from '../lib/utils';

export function Logo({ inverted }: { inverted?: boolean }) {
  const { t, i18n } = useTranslation();
  return (
    <span className="flex items-center gap-2">
      <img src="/favicon.svg" alt="" className="h-8 w-8" />
      {/* Letter-spacing breaks the joins of Arabic letters: the Arabic name keeps normal spacing. */}
      <span
        className={cn(
          'text-lg font-bold',
          i18n.language !== 'ar' && 'tracking-tight',
          inverted ? 'text-white' : 'text-brand-800',
        )}
      >
        {t('brand')}
      </span>
    </span>
  );
}
