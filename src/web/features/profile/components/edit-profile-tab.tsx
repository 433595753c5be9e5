import { zodResolver } from '@hookform/resolvers/zod';
import { formatPhone } from '../../../../core/phone';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type ProfileInput, profileSchema, type PublicUser } from '../../../../core/schemas/auth';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { ApiError, apiJson, isUnauthorizedError, queryClient } from '../../../lib/api';
import { useZodMessage } from '../../../lib/use-zod-message';
import { DELAYS } from '../../../../core/limits';
import { AUTH_USER_KEY } from '../../../lib/use-auth';

/** Edit Profile: all seven fields prefilled from the account and saved together. */
export function EditProfileTab({ user }: { user: PublicUser }) {
  const { t } = useTranslation('profile');
  const zm = useZodMessage();
  const form = useForm<ProfileInput>({
    resolver: zodResolver(profileSchema),
    defaultValues: {
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      phone: formatPhone(user.phone) ?? '',
      company: user.company ?? '',
      position: user.position ?? '',
      bio: user.bio ?? '',
    },
  });
  const e = form.formState.errors;
  // A new address needs the current password and a confirmation link.
  const changesEmail = form.watch('email').trim().toLowerCase() !== user.email.toLowerCase();
  const save = useMutation({
    mutationFn: (v: ProfileInput) =>
      apiJson<PublicUser>('PATCH', '/api/auth/profile', changesEmail ? v : { ...v, currentPassword: undefined }),
    onSuccess: (updated) => {
      queryClient.setQueryData(AUTH_USER_KEY, updated);
      form.reset({ ...form.getValues(), email: updated.email, currentPassword: '' });
      if (changesEmail && updated.pendingEmail) {
        toast({
          title: t('edit.emailPendingTitle'),
          description: t('edit.emailPendingText', { email: updated.pendingEmail }),
        });
      } else {
        toast({ title: t('edit.updated') });
      }
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) {
        toast({ title: t('edit.unauthorizedTitle'), description: t('edit.unauthorizedText'), variant: 'destructive' });
        setTimeout(() => {
          window.location.href = '/api/login';
        }, DELAYS.unauthorizedRedirect);
        return;
      }
      if (error instanceof ApiError) {
        for (const [field, message] of Object.entries(error.fieldErrors)) {
          form.setError(field as keyof ProfileInput, { message });
        }
        if (error.status === 409) form.setError('email', { message: error.serverMessage });
      }
      toast({ title: t('edit.errorTitle'), description: t('edit.errorText'), variant: 'destructive' });
    },
  });
  return (
    <Card>
      <CardContent className="p-6">
        <form noValidate className="grid gap-4 sm:grid-cols-2" onSubmit={form.handleSubmit((v) => save.mutate(v))}>
          <Field label={t('fields.firstName')} error={zm(e.firstName?.message)} required>
            <Input autoComplete="given-name" {...form.register('firstName')} />
          </Field>
          <Field label={t('fields.lastName')} error={zm(e.lastName?.message)} required>
            <Input autoComplete="family-name" {...form.register('lastName')} />
          </Field>
          <Field label={t('fields.email')} error={zm(e.email?.message)} required>
            <Input type="email" autoComplete="email" {...form.register('email')} />
          </Field>
          {changesEmail ? (
            <Field
              label={t('fields.currentPassword')}
              hint={t('edit.currentPasswordHint')}
              error={zm(e.currentPassword?.message)}
              required
            >
              <Input type="password" autoComplete="current-password" {...form.register('currentPassword')} />
            </Field>
          ) : null}
          {user.pendingEmail ? (
            <p className="text-sm text-amber-700 sm:col-span-2" role="status">
              {t('edit.emailPending', { email: user.pendingEmail })}
            </p>
          ) : null}
          <Field label={t('fields.phone')} error={zm(e.phone?.message)}>
            <Input type="tel" dir="ltr" placeholder="050 123 4567" autoComplete="tel" {...form.register('phone')} />
          </Field>
          <Field label={t('fields.company')} error={zm(e.company?.message)}>
            <Input autoComplete="organization" {...form.register('company')} />
          </Field>
          <Field label={t('fields.position')} error={zm(e.position?.message)}>
            <Input autoComplete="organization-title" {...form.register('position')} />
          </Field>
          <Field label={t('fields.bio')} error={zm(e.bio?.message)} className="sm:col-span-2">
            <Textarea rows={4} {...form.register('bio')} />
          </Field>
          <div className="sm:col-span-2">
            <Button type="submit" size="primary" disabled={save.isPending}>
              {save.isPending ? t('edit.saving') : t('edit.save')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
