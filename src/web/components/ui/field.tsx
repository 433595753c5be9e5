import { cloneElement, isValidElement, type ReactElement, type ReactNode, useId } from 'react';
import { cn } from '../../lib/utils';

interface FieldProps {
  label: ReactNode;
  /** The error message (already translated), shown under the control and announced. */
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
  children: ReactElement<Record<string, unknown>>;
}

/** Label + control + hint + error, wired with id, aria-invalid and aria-describedby. */
export function Field({ label, error, hint, required, className, children }: FieldProps) {
  const id = useId();
  const controlId = (children.props.id as string | undefined) ?? id;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('space-y-1.5', className)}>
      <label htmlFor={controlId} className="block text-sm font-medium text-slate-700">
        {label}
        {required && (
          <span className="ms-0.5 text-red-600" aria-hidden="true">
            *
          </span>
        )}
      </label>
      {isValidElement(children)
        ? cloneElement(children, {
            id: controlId,
            'aria-invalid': error ? true : undefined,
            'aria-required': required || undefined,
            'aria-describedby': describedBy,
          })
        : children}
      {hint && (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-xs font-medium text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
