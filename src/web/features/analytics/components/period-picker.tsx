import { useTranslation } from 'react-i18next';
import { ANALYTICS_PERIODS, type AnalyticsPeriod } from '../../../../core/analytics';
import { cn } from '../../../lib/utils';
import { formatCount } from '../format';

/** The 7 / 30 / 90 days segmented control: a group of toggle buttons, one pressed. */
export function PeriodPicker({ value, onChange }: { value: AnalyticsPeriod; onChange: (d: AnalyticsPeriod) => void }) {
  const { t, i18n } = useTranslation('analytics');
  return (
    <fieldset className="inline-flex rounded-xl border border-slate-200 bg-slate-100 p-1" data-testid="period-picker">
      <legend className="sr-only">{t('period.label')}</legend>
      {ANALYTICS_PERIODS.map((d) => (
        <button
          key={d}
          type="button"
          aria-pressed={value === d}
          onClick={() => onChange(d)}
          className={cn(
            'min-h-9 rounded-lg px-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
            value === d ? 'bg-white text-brand-800 shadow-sm' : 'text-slate-600 hover:text-slate-900',
          )}
        >
          {t('period.days', { n: formatCount(d, i18n.language) })}
        </button>
      ))}
    </fieldset>
  );
}
