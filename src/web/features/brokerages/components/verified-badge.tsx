/** "ORN verified" or "not yet verified" beside a brokerage's name; the ORN line and the address under it. */
import { BadgeCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Emirate } from '../../../../core/enums';
import { licenceDate } from '../../../../core/format';
import { Badge } from '../../../components/ui/badge';
import { cn } from '../../../lib/utils';

/** The office register's confirmation of a verified ORN (see PublicBrokerage). */
export type OrnRegister = { validUntil: string | null; checkedAt: string } | null | undefined;

/**
 * "ORN verified" or "not yet verified". Confirmed by the office register, it says so with the
 * licence's end and the day of the check, as a broker's BRN badge does.
 */
export function OrnBadge({ verified, register }: { verified: boolean; register?: OrnRegister }) {
  const { t, i18n } = useTranslation('brokerages');
  if (verified && register) {
    return (
      <Badge variant="success" data-testid="orn-register" className="whitespace-normal rounded-xl py-1 text-start">
        <BadgeCheck className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />
        <span>
          <span className="block">
            {register.validUntil
              ? t('registerBadge', { date: licenceDate(register.validUntil, i18n.language) })
              : t('registerBadgeOpen')}
          </span>
          <span className="block font-normal">
            {t('registerChecked', { date: licenceDate(register.checkedAt, i18n.language) })}
          </span>
        </span>
      </Badge>
    );
  }
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
export function OrnLine({
  orn,
  verified,
  register,
  className,
}: {
  orn: string;
  verified: boolean;
  register?: OrnRegister;
  className?: string;
}) {
  const { t } = useTranslation('brokerages');
  return (
    <div className={cn('flex flex-wrap items-center gap-2 text-sm', className)}>
      <span dir="ltr">{t('ornLabel', { orn })}</span>
      <OrnBadge verified={verified} register={register} />
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
