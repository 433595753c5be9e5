import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PAID_ROLES } from '../../../../core/enums';
import type { PublicUser } from '../../../../core/schemas/auth';
import { PageSpinner } from '../../../components/ui/feedback';
import { toast } from '../../../components/ui/toast';
import { useAuth } from '../../../lib/use-auth';
import { AccessDenied } from '../../../components/access-denied';
import { useCreateCard } from '../api/use-save-card';
import { CardForm } from '../components/card-form';
import { newCardValues, toPayload, useCardForm } from '../components/card-form-values';
import { useSaveErrors } from '../components/use-save-errors';

export function CreateCardPage() {
  const { t } = useTranslation('cards');
  const { user, isLoading } = useAuth();
  if (isLoading) return <PageSpinner />;
  if (!user) return <AccessDenied title={t('create.authTitle')} text={t('create.authText')} />;
  return <CreateCard user={user} />;
}

function CreateCard({ user }: { user: PublicUser }) {
  const { t } = useTranslation('cards');
  const navigate = useNavigate();
  const form = useCardForm(newCardValues(user));
  const create = useCreateCard();
  const onError = useSaveErrors(form, t('create.failedText'));
  return (
    <CardForm
      form={form}
      role={user.role}
      title={t('create.title')}
      subtitle={t('create.subtitle')}
      submitLabel={t('create.submit')}
      submittingLabel={t('create.submitting')}
      pending={create.isPending}
      onCancel={() => navigate('/')}
      onSubmit={(values) =>
        create.mutate(toPayload(values), {
          onSuccess: () => {
            toast({ title: t('create.createdTitle'), description: t('create.createdText') });
            // Registration flow: paid roles go on to payment; everyone else home.
            const mustPay = PAID_ROLES.includes(user.role) && user.subscriptionStatus !== 'active';
            navigate(mustPay ? '/subscription' : '/');
          },
          onError,
        })
      }
    />
  );
}
