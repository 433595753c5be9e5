import type { InputHTMLAttributes } from 'react';
import { Input } from './input';

/**
 * A list typed as comma-separated text ("Valuation, Leasing"), for a react-hook-form Controller: the
 * value is the list; spaces after commas go while typing, blank entries and outer spaces on blur.
 * Used by the service catalogue's features (the provider's form and the admin's edit).
 */
export function CommaListInput({
  value,
  onChange,
  onBlur,
  ...rest
}: {
  value: string[] | undefined;
  onChange: (v: string[]) => void;
  onBlur: () => void;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'onBlur'>) {
  return (
    <Input
      {...rest}
      value={(value ?? []).join(', ')}
      onChange={(e) => onChange(e.target.value.split(',').map((s) => s.trimStart()))}
      onBlur={() => {
        onChange((value ?? []).map((s) => s.trim()).filter(Boolean));
        onBlur();
      }}
    />
  );
}
