import { Field } from './ui/field';
import { Select } from './ui/input';

/** A labelled filter select whose first choice ("All …") clears the filter. */
export function FilterSelect<T extends string>({
  label,
  value,
  onChange,
  allLabel,
  options,
  testId,
}: {
  label: string;
  value: T | undefined;
  onChange: (value: T | undefined) => void;
  allLabel: string;
  options: readonly { value: T; label: string }[];
  testId?: string;
}) {
  return (
    <Field label={label}>
      <Select
        value={value ?? ''}
        onChange={(e) => onChange((e.target.value || undefined) as T | undefined)}
        data-testid={testId}
        options={[{ value: '', label: allLabel }, ...options]}
      />
    </Field>
  );
}
