import { BadgeCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { licenceDate } from '../../../../core/format';
import type { Card } from '../../../../core/schemas/card';
import { Badge } from '../../../components/ui/badge';

/**
 * The trust mark of a checked licence. Confirmed by the regulator's register, it says so with the
 * licence's end ("BRN verified with the DLD register · licence valid until 14 Mar 2027") and the
 * day of the check; an admin's manual check reads "RERA verified" (brokers' BRN/ORN) or
 * "Licence verified" (a practice card).
 */
export function LicenseBadge({
  card,
}: {
  card: { licenseVerified: boolean; brnNumber?: string | null; ornNumber?: string | null; licence?: Card['licence'] };
}) {
  const { t, i18n } = useTranslation('cards');
  if (!card.licenseVerified) return null;
  const register = card.licence;
  if (register) {
    const checked = t('licence.registerChecked', { date: licenceDate(register.checkedAt, i18n.language) });
    return (
      <Badge variant="success" data-testid="license-verified" className="whitespace-normal rounded-xl py-1 text-start">
        <BadgeCheck className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />
        <span>
          <span className="block">
            {register.validUntil
              ? t('licence.registerBadge', { date: licenceDate(register.validUntil, i18n.language) })
              : t('licence.registerBadgeOpen')}
          </span>
          <span className="block font-normal" data-testid="license-checked">
            {checked}
          </span>
        </span>
      </Badge>
    );
  }
  const rera = !!(card.brnNumber || card.ornNumber);
  return (
    <Badge variant="success" data-testid="license-verified">
      <BadgeCheck className="h-3.5 w-3.5" aria-hidden="true" />
      {rera ? t('verified') : t('verifiedPractice')}
    </Badge>
  );
}
