import { cn } from '../../../lib/utils';

interface CheckboxGroupProps<T extends string> {
  legend: string;
  options: readonly T[];
  value: readonly string[] | undefined;
  onChange: (next: T[]) => void;
  label: (option: T) => string;
  error?: string;
  name: string;
  className?: string;
}

/** A fieldset of checkboxes for an enum list (languages, interests, project types). */
export function CheckboxGroup<T extends string>({
  legend,
  options,
  value,
  onChange,
  label,
  error,
  name,
  className,
}: CheckboxGroupProps<T>) {
  const selected = new Set(value ?? []);
  const errorId = error ? `${name}-error` : undefined;
  return (
    <fieldset className={cn('space-y-2', className)} aria-describedby={errorId}>
      <legend className="mb-1.5 block text-sm font-medium text-slate-700">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => {
          const checked = selected.has(option);
          return (
            <label
              key={option}
              className={cn(
                'inline-flex cursor-pointer items-center gap-2 rounded-full border px-3 py-1.5 text-sm transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500',
                checked
                  ? 'border-brand-600 bg-brand-50 text-brand-800'
                  : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
              )}
            >
              <input
                type="checkbox"
                className="h-4 w-4 accent-brand-700"
                name={name}
                value={option}
                checked={checked}
                onChange={(e) => onChange(options.filter((o) => (o === option ? e.target.checked : selected.has(o))))}
              />
              {label(option)}
            </label>
          );
        })}
      </div>
      {error && (
        <p id={errorId} role="alert" className="text-xs font-medium text-red-600">
          {error}
        </p>
      )}
    </fieldset>
  );
}
