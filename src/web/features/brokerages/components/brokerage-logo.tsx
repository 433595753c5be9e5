/** The brokerage's logo, or its initials on its brand colour when it has none. */
import { Building2 } from 'lucide-react';
import { cn } from '../../../lib/utils';

export function BrokerageLogo({
  url,
  name,
  color,
  className,
}: {
  url: string | null;
  name: string;
  color?: string | null;
  className?: string;
}) {
  if (url) {
    return (
      <img
        src={url}
        alt={name ? `${name} logo` : ''}
        className={cn('shrink-0 rounded-lg border border-slate-200 bg-white object-contain', className)}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={cn('flex shrink-0 items-center justify-center rounded-lg text-white', className)}
      style={{ backgroundColor: color ?? '#0f4c81' }}
    >
      <Building2 className="h-1/2 w-1/2" />
    </span>
  );
}
