import { useTranslation } from 'react-i18next';
import { cn } from '../lib/utils';

export function Logo({ inverted }: { inverted?: boolean }) {
  const { t } = useTranslation();
  return (
    <span className="flex items-center gap-2">
      <img src="/favicon.svg" alt="" className="h-8 w-8" />
      <span className={cn('text-lg font-bold tracking-tight', inverted ? 'text-white' : 'text-brand-800')}>
        {t('brand')}
      </span>
    </span>
  );
}
