/** "ORN verified" or "not yet verified" beside a brokerage's name; the ORN line and the address under it. */
import { BadgeCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Emirate } from '../../../../core/enums';
import { Badge } from '../../../components/ui/badge';
import { cn } from '../../../lib/utils';

export function OrnBadge({ verified }: { verified: boolean }) {
  const { t } = useTranslation('brokerages');
  return verified ? (
    <Badge variant="success">
      <BadgeCheck className="h-3.5 w-3.5" aria-hidden="true" />
      {t('verified')}
    </Badge>
  ) : (
    <Badge variant="secondary">{t('unverified')}</Badge>
  );
}

/** "ORN 12345" (left to right in Arabic too) and its badge. */
export function OrnLine({ orn, verified, className }: { orn: string; verified: boolean; className?: string }) {
  const { t } = useTranslation('brokerages');
  return (
    <div className={cn('flex flex-wrap items-center gap-2 text-sm', className)}>
      <span dir="ltr">{t('ornLabel', { orn })}</span>
      <OrnBadge verified={verified} />
    </div>
  );
}

/** The office address and its emirate, with the comma of the page's language; `label` before it when given. */
export function OfficeAddress({
  address,
  emirate,
  label,
  className,
}: {
  address: string;
  emirate: Emirate;
  label?: string;
  className?: string;
}) {
  const { t, i18n } = useTranslation('enums');
  return (
    <p className={className} data-user>
      {label ? `${label}: ` : null}
      <bdi>{address}</bdi>
      {i18n.language === 'ar' ? '، ' : ', '}
      {t(`emirate.${emirate}`)}
    </p>
  );
}
