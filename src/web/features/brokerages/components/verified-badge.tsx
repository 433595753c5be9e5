/** "ORN verified" or "not yet verified" beside a brokerage's name. */
import { BadgeCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';

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
