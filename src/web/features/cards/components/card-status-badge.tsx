import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';

/** Pending secondary, approved default, rejected (and anything unknown) destructive. */
export function CardStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('cards');
  const variant = status === 'pending' ? 'secondary' : status === 'approved' ? 'default' : 'destructive';
  return (
    <Badge variant={variant} data-testid="card-status">
      {t(`status.${status}`, { defaultValue: status })}
    </Badge>
  );
}
