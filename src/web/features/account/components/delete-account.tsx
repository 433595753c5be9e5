import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { PublicUser } from '../../../../core/schemas/auth';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { queryClient } from '../../../lib/api';
import { AUTH_USER_KEY } from '../../../lib/use-auth';
import { useFailureToast } from '../../../lib/use-unauthorized';
import { liveConnection } from '../../../lib/live-connection';
import { useDeleteAccount } from '../api/use-account-actions';

/** Deleting the account, confirmed by typing the e-mail address. */
export function DeleteAccount({ user }: { user: PublicUser }) {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const fail = useFailureToast();
  const remove = useDeleteAccount();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const matches = typed.trim().toLowerCase() === user.email.toLowerCase();

  return (
    <Card className="border-red-200">
      <CardHeader>
        <CardTitle className="text-red-700">{t('delete.title')}</CardTitle>
        <CardDescription>{t('delete.subtitle')}</CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="destructive" onClick={() => setOpen(true)}>
          {t('delete.open')}
        </Button>
        <Dialog
          open={open}
          onOpenChange={(o) => {
            setOpen(o);
            if (!o) setTyped('');
          }}
        >
          <DialogContent title={t('delete.confirmTitle')} description={t('delete.confirmText')}>
            <form
              noValidate
              className="space-y-4"
              onSubmit={(e) => {
                e.preventDefault();
                if (!matches) return;
                // The server ends this session's socket too; close it first so its 4401 is not
                // taken for a lost session ("You are logged out") over the deletion's own message.
                liveConnection.stop();
                remove.mutate(
                  { confirmEmail: typed.trim() },
                  {
                    onSuccess: () => {
                      // Signed out at once: the header's user goes to null (clear() alone leaves
                      // mounted observers showing the deleted account until a reload), then
                      // every other cached private answer goes.
                      queryClient.setQueryData(AUTH_USER_KEY, null);
                      queryClient.removeQueries({
                        predicate: (q) => q.queryKey[0] !== AUTH_USER_KEY[0],
                      });
                      toast({ title: t('delete.doneTitle'), description: t('delete.doneText') });
                      navigate('/');
                    },
                    onError: (error) => fail(error, t('delete.failedTitle'), t('settings.failedText')),
                  },
                );
              }}
            >
              <Field label={t('delete.typeEmail', { email: user.email })}>
                <Input
                  type="email"
                  dir="ltr"
                  autoComplete="off"
                  value={typed}
                  onChange={(e) => setTyped(e.target.value)}
                />
              </Field>
              <div className="flex flex-wrap justify-end gap-2">
                <Button variant="outline" onClick={() => setOpen(false)}>
                  {t('cancel', { ns: 'common' })}
                </Button>
                <Button type="submit" variant="destructive" disabled={!matches || remove.isPending}>
                  {remove.isPending ? t('delete.deleting') : t('delete.confirm')}
                </Button>
              </div>
            </form>
          </DialogContent>
        </Dialog>
      </CardContent>
    </Card>
  );
}
