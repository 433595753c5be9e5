import { useState } from 'react';
import { cn } from '../../lib/utils';

const PLACEHOLDER = '/avatar-placeholder.svg';

/** A round avatar with initials when there is no image, or when it fails to load. */
export function Avatar({ src, name, className }: { src?: string | null; name: string; className?: string }) {
  const [failed, setFailed] = useState(false);
  const initials =
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((p) => p[0]?.toUpperCase())
      .join('') || '?';
  if (src && !failed) {
    return (
      <img
        src={src}
        alt=""
        onError={() => setFailed(true)}
        className={cn('h-10 w-10 shrink-0 rounded-full bg-slate-200 object-cover', className)}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      data-user
      className={cn(
        'inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-800',
        className,
      )}
    >
      {initials}
    </span>
  );
}

export { PLACEHOLDER as AVATAR_PLACEHOLDER };
