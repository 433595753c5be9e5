import { type ReactNode, type SelectHTMLAttributes, useId } from 'react';
import { Select, type SelectOption } from './input';

/**
 * A native select with its label and its options (one shape for the team leads' filters and
 * controls). `hideLabel` keeps the label for screen readers only, e.g. "Status, lead from Layla" in a
 * table whose column header already says "Status"; `caption` then shows a short visible heading above
 * the select that screen readers skip (the label already says it).
 */
export function LabelledSelect({
  label,
  hideLabel,
  caption,
  options,
  ...props
}: Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'children'> & {
  label: ReactNode;
  hideLabel?: boolean;
  caption?: ReactNode;
  options: readonly SelectOption[];
}) {
  const id = useId();
  return (
    <div className={hideLabel ? undefined : 'space-y-1'}>
      {caption && (
        <span aria-hidden="true" className="mb-1 block text-xs font-medium text-slate-600">
          {caption}
        </span>
      )}
      <label htmlFor={id} className={hideLabel ? 'sr-only' : 'block text-sm font-medium text-slate-700'}>
        {label}
      </label>
      <Select id={id} options={options} {...props} />
    </div>
  );
}
