import { useMutation } from '@tanstack/react-query';
import { CheckCircle2, XCircle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { PublicUser } from '../../../../core/schemas/auth';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/feedback';
import { ApiError, apiJson, queryClient } from '../../../lib/api';
import { AUTH_USER_KEY } from '../../../lib/use-auth';

/** Opened from the e-mail change link: the new address takes effect. */
export function ConfirmEmailPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const started = useRef(false);
  const confirm = useMutation({
    mutationFn: () => apiJson<PublicUser>('POST', '/api/auth/confirm-email-change', { token }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: AUTH_USER_KEY }),
  });
  useEffect(() => {
    if (token && !started.current) {
      started.current = true;
      confirm.mutate();
    }
  }, [token, confirm]);

  let body: React.ReactNode;
  if (!token || confirm.isError) {
    body = (
      <>
        <XCircle className="mx-auto h-12 w-12 text-red-500" aria-hidden="true" />
        <h1 className="text-xl font-semibold">{t('confirmEmail.failedTitle')}</h1>
        <p className="text-sm text-slate-600">
          {confirm.error instanceof ApiError ? confirm.error.serverMessage : t('confirmEmail.missingToken')}
        </p>
      </>
    );
  } else if (confirm.isSuccess) {
    body = (
      <>
        <CheckCircle2 className="mx-auto h-12 w-12 text-emerald-600" aria-hidden="true" />
        <h1 className="text-xl font-semibold">{t('confirmEmail.successTitle')}</h1>
        <p className="text-sm text-slate-600">{t('confirmEmail.successText', { email: confirm.data.email })}</p>
        <Button asChild>
          <Link to="/profile">{t('confirmEmail.goToProfile')}</Link>
        </Button>
      </>
    );
  } else {
    body = (
      <>
        <Spinner />
        <p className="text-sm text-slate-600">{t('confirmEmail.checking')}</p>
      </>
    );
  }
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <Card>
        <CardContent className="space-y-4 p-8 text-center">{body}</CardContent>
      </Card>
    </div>
  );
}
