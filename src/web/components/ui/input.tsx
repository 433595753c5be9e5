import type { ComponentProps, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { cn } from '../../lib/utils';

const base =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200 disabled:cursor-not-allowed disabled:bg-slate-100 aria-[invalid=true]:border-red-500';

/** React 19: `ref` is a prop like any other, so react-hook-form's register() and field refs reach the input. */
export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cn(base, 'h-10', className)} {...props} />;
}

export function Textarea({ className, ...props }: TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return <textarea className={cn(base, 'min-h-24', className)} {...props} />;
}

export interface SelectOption {
  value: string;
  label: string;
}

/**
 * A native select: accessible and keyboard-friendly on every device. Its choices are either `options`
 * (value and text each) or `<option>` children.
 */
export function Select({
  className,
  options,
  children,
  ...props
}: SelectHTMLAttributes<HTMLSelectElement> & { options?: readonly SelectOption[] }) {
  return (
    <select className={cn(base, 'h-10 pe-8', className)} {...props}>
      {options?.map(({ value, label }) => (
        <option key={value} value={value}>
          {label}
        </option>
      )) ?? children}
    </select>
  );
}
