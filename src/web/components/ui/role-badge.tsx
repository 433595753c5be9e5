import { useTranslation } from 'react-i18next';
import type { UserRole } from '../../../core/enums';
import { cn } from '../../lib/utils';

/** Role badge colours: broker blue, banking green, developer purple, investor orange, admin red, other grey. */
const COLORS: Record<string, string> = {
  real_estate_broker: 'bg-blue-100 text-blue-800',
  banking_broker: 'bg-green-100 text-green-800',
  real_estate_developer: 'bg-purple-100 text-purple-800',
  investor: 'bg-orange-100 text-orange-800',
  admin: 'bg-red-100 text-red-800',
};

export function RoleBadge({
  role,
  short,
  className,
}: {
  role: UserRole | string | null | undefined;
  short?: boolean;
  className?: string;
}) {
  const { t } = useTranslation('enums');
  const key = role ?? 'visitor';
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold',
        COLORS[key] ?? 'bg-slate-100 text-slate-700',
        className,
      )}
    >
      {t(short ? `roleShort.${key}` : `role.${key}`, { defaultValue: t('role.visitor') })}
    </span>
  );
}
