/** A listing's review state for its owner and admins. */
import { useTranslation } from 'react-i18next';
import type { ApprovalStatus } from '../../../../core/schemas/properties';
import { Badge } from '../../../components/ui/badge';

const VARIANT = { approved: 'success', pending: 'gold', rejected: 'destructive' } as const;

export function ApprovalBadge({ status }: { status: ApprovalStatus }) {
  const { t } = useTranslation('discovery');
  return <Badge variant={VARIANT[status]}>{t(`approval.${status}`)}</Badge>;
}
