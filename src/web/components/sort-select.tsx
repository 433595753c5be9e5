/** The sort choice of a results page (directory, listings): labels from the discovery texts `sort.<value>`. */
import { useTranslation } from 'react-i18next';
import { Field } from './ui/field';
import { Select } from './ui/input';

export function SortSelect<T extends string>({
  value,
  options,
  onChange,
}: {
  value: T;
  options: readonly T[];
  onChange: (value: T) => void;
}) {
  const { t } = useTranslation('discovery');
  return (
    <Field label={t('filters.sort')}>
      <Select value={value} onChange={(e) => onChange(e.target.value as T)} data-testid="filter-sort">
        {options.map((s) => (
          <option key={s} value={s}>
            {t(`sort.${s}`)}
          </option>
        ))}
      </Select>
    </Field>
  );
}
