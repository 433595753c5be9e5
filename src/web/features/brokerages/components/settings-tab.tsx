/** Settings: details, brand and locked fields (owner and managers; the server enforces it too). */
import { useTranslation } from 'react-i18next';
import type { MyBrokerage } from '../../../../core/schemas/brokerages';
import { Card, CardContent } from '../../../components/ui/card';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api';
import { useUpdateBrokerage } from '../api/use-save-brokerage';
import { BrokerageForm } from './brokerage-form';

export function SettingsTab({ membership }: { membership: NonNullable<MyBrokerage> }) {
  const { t } = useTranslation('brokerages');
  const update = useUpdateBrokerage(membership.brokerage.id);
  return (
    <Card>
      <CardContent className="p-6">
        <BrokerageForm
          key={membership.brokerage.id}
          initial={membership.brokerage}
          note={t('settings.ornNote')}
          submitLabel={t('settings.save')}
          pendingLabel={t('settings.saving')}
          pending={update.isPending}
          onSubmit={(values) =>
            update.mutateAsync(values).then(
              () => toast({ title: t('settings.saved') }),
              (error: unknown) => {
                toast({
                  title: t('settings.failed'),
                  description: error instanceof ApiError ? error.serverMessage : undefined,
                  variant: 'destructive',
                });
                throw error;
              },
            )
          }
        />
      </CardContent>
    </Card>
  );
}
