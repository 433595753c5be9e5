/** No brokerage yet: a broker creates one (and becomes its owner); others are told how to join. */
import { Building2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { PublicUser } from '../../../../core/schemas/auth';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api';
import { useCreateBrokerage } from '../api/use-save-brokerage';
import { BrokerageForm } from './brokerage-form';

export function CreateBrokerage({ user }: { user: PublicUser }) {
  const { t } = useTranslation('brokerages');
  const create = useCreateBrokerage();
  const broker = user.role === 'real_estate_broker';
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Building2 className="h-5 w-5 text-brand-700" aria-hidden="true" />
          {t('create.title')}
        </CardTitle>
        <CardDescription>{broker ? t('create.intro') : t('create.brokersOnly')}</CardDescription>
      </CardHeader>
      {broker ? (
        <CardContent>
          <BrokerageForm
            submitLabel={t('create.submit')}
            pendingLabel={t('create.submitting')}
            pending={create.isPending}
            onSubmit={(values) =>
              create.mutateAsync(values).then(
                () => toast({ title: t('create.created') }),
                (error: unknown) => {
                  toast({
                    title: t('create.failed'),
                    description: error instanceof ApiError ? error.serverMessage : undefined,
                    variant: 'destructive',
                  });
                  throw error;
                },
              )
            }
          />
        </CardContent>
      ) : null}
    </Card>
  );
}
