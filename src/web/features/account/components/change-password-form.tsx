import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type ChangePasswordForm as FormValues, changePasswordFormSchema } from '../../../../core/schemas/account';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api';
import { useZodMessage } from '../../../lib/use-zod-message';
import { useHandleUnauthorized } from '../../../lib/use-unauthorized';
import { useChangePassword } from '../api/use-account-actions';

/** Changing the password ends every other session. */
export function ChangePasswordForm() {
  const { t } = useTranslation('account');
  const zm = useZodMessage();
  const change = useChangePassword();
  const onUnauthorized = useHandleUnauthorized();
  const form = useForm<FormValues>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const errors = form.formState.errors;

  const submit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      await change.mutateAsync({ currentPassword, newPassword });
      form.reset();
      toast({ title: t('password.changedTitle'), description: t('password.changedText') });
    } catch (error) {
      if (onUnauthorized(error)) return;
      if (error instanceof ApiError) {
        const fe = error.fieldErrors;
        if (fe.currentPassword) form.setError('currentPassword', { message: fe.currentPassword });
        if (fe.newPassword) form.setError('newPassword', { message: fe.newPassword });
      }
      toast({
        title: t('password.failedTitle'),
        description: error instanceof ApiError ? error.serverMessage : t('settings.failedText'),
        variant: 'destructive',
      });
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('password.title')}</CardTitle>
        <CardDescription>{t('password.subtitle')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} className="grid gap-4 sm:max-w-md">
          <Field label={t('password.current')} error={zm(errors.currentPassword?.message)}>
            <Input type="password" autoComplete="current-password" {...form.register('currentPassword')} />
          </Field>
          <Field label={t('password.new')} error={zm(errors.newPassword?.message)}>
            <Input type="password" autoComplete="new-password" {...form.register('newPassword')} />
          </Field>
          <Field label={t('password.confirm')} error={zm(errors.confirmPassword?.message)}>
            <Input type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
          </Field>
          <Button type="submit" className="justify-self-start" disabled={change.isPending}>
            {change.isPending ? t('password.saving') : t('password.save')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
