import { type InputHTMLAttributes, useEffect, useState } from 'react';
import { Input } from '../../../components/ui/input';

const parse = (text: string) =>
  text
    .split(/[,،\n]/)
    .map((s) => s.trim())
    .filter(Boolean);

type ListInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'> & {
  value: readonly string[] | undefined;
  onChange: (next: string[]) => void;
};

/** A comma-separated text box for a short list (services, regions). Keeps what is typed as typed. */
export function ListInput({ value, onChange, ...props }: ListInputProps) {
  const [text, setText] = useState(() => (value ?? []).join(', '));
  // Follow outside changes (loading a card, AI), not our own edits.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to the value only; the text is our own state
  useEffect(() => {
    if (parse(text).join('|') !== (value ?? []).join('|')) setText((value ?? []).join(', '));
  }, [value]);
  return (
    <Input
      {...props}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        onChange(parse(e.target.value));
      }}
    />
  );
}
