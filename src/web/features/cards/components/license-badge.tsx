import { BadgeCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';

/** The trust mark of an admin-checked licence: "RERA verified" for brokers' BRN/ORN. */
export function LicenseBadge({
  card,
}: {
  card: { licenseVerified: boolean; brnNumber?: string | null; ornNumber?: string | null };
}) {
  const { t } = useTranslation('cards');
  if (!card.licenseVerified) return null;
  const rera = !!(card.brnNumber || card.ornNumber);
  return (
    <Badge variant="success" data-testid="license-verified">
      <BadgeCheck className="h-3.5 w-3.5" aria-hidden="true" />
      {rera ? t('verified') : t('verifiedPractice')}
    </Badge>
  );
}
