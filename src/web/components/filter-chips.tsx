/** Removable chips for the filters in force, so the user sees and corrects what was read. */
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';

export interface Chip {
  key: string;
  label: string;
}

export function FilterChips({
  chips,
  onRemove,
  label,
}: {
  chips: Chip[];
  onRemove: (key: string) => void;
  label: string;
}) {
  const { t } = useTranslation('discovery');
  if (chips.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2" aria-label={label} data-testid="filter-chips">
      {chips.map((c) => (
        <li key={c.key}>
          <span className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-1 ps-3 pe-1 text-sm font-medium text-brand-800 ring-1 ring-brand-200">
            {c.label}
            <button
              type="button"
              onClick={() => onRemove(c.key)}
              className="-my-1 inline-flex h-7 w-7 items-center justify-center rounded-full hover:bg-brand-100"
              aria-label={t('chips.remove', { label: c.label })}
            >
              <X className="h-3.5 w-3.5" aria-hidden="true" />
            </button>
          </span>
        </li>
      ))}
    </ul>
  );
}
