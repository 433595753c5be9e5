/** Invite by e-mail (owner: manager or member; manager: member) and the open invitations. */
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type InvitationInput, invitationInputSchema } from '../../../../core/schemas/brokerages';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Input, Select } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api';
import { useZodMessage } from '../../../lib/use-zod-message';
import { useInvitations, useInvite, useRevokeInvitation } from '../api/use-invitations';

export function InvitationsPanel({ brokerageId, role }: { brokerageId: string; role: 'owner' | 'manager' }) {
  const { t, i18n } = useTranslation('brokerages');
  const zm = useZodMessage();
  const invitations = useInvitations(brokerageId, true);
  const invite = useInvite(brokerageId);
  const revoke = useRevokeInvitation(brokerageId);
  const form = useForm<InvitationInput>({
    resolver: zodResolver(invitationInputSchema),
    defaultValues: { email: '', role: 'member' },
  });
  const date = new Intl.DateTimeFormat(i18n.language === 'ar' ? 'ar-AE' : 'en-GB', { dateStyle: 'medium' });
  const failed = (title: string) => (error: unknown) =>
    toast({ title, description: error instanceof ApiError ? error.serverMessage : undefined, variant: 'destructive' });
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('invite.heading')}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-6">
        <form
          noValidate
          className="grid gap-4 sm:grid-cols-[1fr_12rem_auto] sm:items-end"
          onSubmit={form.handleSubmit((v) =>
            invite.mutate(v, {
              onSuccess: (inv) => {
                toast({ title: t('invite.sent', { email: inv.email }) });
                form.reset({ email: '', role: v.role });
              },
              onError: (error) => {
                if (error instanceof ApiError && error.status !== 400)
                  form.setError('email', { message: error.serverMessage });
                else if (error instanceof ApiError && error.fieldErrors.email) {
                  form.setError('email', { message: error.fieldErrors.email });
                }
                failed(t('invite.failed'))(error);
              },
            }),
          )}
        >
          <Field label={t('invite.email')} error={zm(form.formState.errors.email?.message)} required>
            <Input type="email" dir="ltr" autoComplete="off" {...form.register('email')} />
          </Field>
          <Field label={t('invite.role')}>
            <Select {...form.register('role')}>
              <option value="member">{t('role.member')}</option>
              {role === 'owner' ? <option value="manager">{t('role.manager')}</option> : null}
            </Select>
          </Field>
          <Button type="submit" size="primary" disabled={invite.isPending}>
            {invite.isPending ? t('invite.sending') : t('invite.submit')}
          </Button>
        </form>
        <section aria-labelledby="pending-invitations">
          <h3 id="pending-invitations" className="text-sm font-semibold text-slate-700">
            {t('invite.pending')}
          </h3>
          {invitations.data?.length ? (
            <ul className="mt-2 divide-y divide-slate-100">
              {invitations.data.map((inv) => (
                <li
                  key={inv.id}
                  className="flex flex-wrap items-center gap-x-4 gap-y-1 py-2"
                  data-testid="invitation-row"
                >
                  <span className="min-w-0 flex-1 truncate" dir="ltr" data-user>
                    {inv.email}
                  </span>
                  <span className="text-sm">{t(`role.${inv.role}`)}</span>
                  <span className="text-xs text-slate-500">
                    {t('invite.expires', { date: date.format(new Date(inv.expiresAt)) })}
                  </span>
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={t('invite.revokeFor', { email: inv.email })}
                    disabled={revoke.isPending}
                    onClick={() =>
                      revoke.mutate(inv.id, {
                        onSuccess: () => toast({ title: t('invite.revoked') }),
                        onError: failed(t('members.failed')),
                      })
                    }
                  >
                    {t('invite.revoke')}
                  </Button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-2 text-sm text-slate-500">{t('invite.none')}</p>
          )}
        </section>
      </CardContent>
    </Card>
  );
}
