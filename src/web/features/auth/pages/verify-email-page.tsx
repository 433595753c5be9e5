import { useMutation } from '@tanstack/react-query';
import { CheckCircle2, MailCheck, XCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { safeNextPath } from '../../../../core/safe-next';
import type { PublicUser } from '../../../../core/schemas/auth';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/feedback';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { ApiError, apiJson, queryClient } from '../../../lib/api';
import { AUTH_USER_KEY, landingPathFor, rememberReturnPath, takeReturnPath } from '../../../lib/use-auth';
import { ResendVerification } from '../components/resend-verification';

/** Opened from the verification e-mail: confirms the token and sends the user to sign in. */
export function VerifyEmailPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  // Right after sign-up: `?sent=<address>` shows "check your e-mail" with a resend button.
  const sent = token ? '' : (params.get('sent') ?? '');
  const [email, setEmail] = useState('');
  const started = useRef(false);
  const navigate = useNavigate();
  const next = safeNextPath(params.get('next'));
  useEffect(() => {
    // Kept for the tab the e-mail link opens in this browser session.
    if (next) rememberReturnPath(next);
  }, [next]);
  const verify = useMutation({
    mutationFn: () => apiJson<PublicUser>('POST', '/api/auth/verify-email', { token }),
    // The link signed the user in: carry on where they were going.
    // (An account with two-factor sign-in is not signed in; it keeps the "Go to sign in" button.)
    onSuccess: async () => {
      const user = await apiJson<PublicUser>('GET', '/api/auth/user').catch(() => null);
      if (!user) return;
      await queryClient.invalidateQueries({ queryKey: AUTH_USER_KEY });
      const back = next ?? takeReturnPath();
      const landing = landingPathFor(user);
      // A new user chooses a role first; the destination waits for them there.
      if (landing === '/role-selection' && back) rememberReturnPath(back);
      navigate(landing === '/' && back ? back : landing, { replace: true });
    },
  });
  useEffect(() => {
    if (token && !started.current) {
      started.current = true;
      verify.mutate();
    }
  }, [token, verify]);

  let body: React.ReactNode;
  if (sent) {
    body = (
      <>
        <MailCheck className="mx-auto h-12 w-12 text-brand-600" aria-hidden="true" />
        <h1 className="text-xl font-semibold">{t('verify.sentTitle')}</h1>
        <p className="text-sm text-slate-600">{t('verify.sentText', { email: sent })}</p>
        <p className="text-sm text-slate-600">{t('verify.sentResend')}</p>
        <div className="text-start">
          <ResendVerification email={sent} />
        </div>
      </>
    );
  } else if (!token || verify.isError) {
    body = (
      <>
        <XCircle className="mx-auto h-12 w-12 text-red-500" aria-hidden="true" />
        <h1 className="text-xl font-semibold">{t('verify.failedTitle')}</h1>
        <p className="text-sm text-slate-600">
          {verify.error instanceof ApiError ? verify.error.serverMessage : t('verify.missingToken')}
        </p>
        <div className="space-y-3 text-start">
          <Field label={t('fields.email')}>
            <Input type="email" value={email} onChange={(e) => setEmail(e.target.value)} />
          </Field>
          {/^\S+@\S+\.\S+$/.test(email) && <ResendVerification email={email} />}
        </div>
      </>
    );
  } else if (verify.isSuccess) {
    body = (
      <>
        <CheckCircle2 className="mx-auto h-12 w-12 text-emerald-600" aria-hidden="true" />
        <h1 className="text-xl font-semibold">{t('verify.successTitle')}</h1>
        <p className="text-sm text-slate-600">{t('verify.successText')}</p>
        <Button asChild>
          <Link to="/login">{t('verify.goToLogin')}</Link>
        </Button>
      </>
    );
  } else {
    body = (
      <>
        <Spinner />
        <p className="text-sm text-slate-600">{t('verify.checking')}</p>
      </>
    );
  }
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <Card>
        <CardContent className="space-y-4 p-8 text-center" aria-live="polite">
          {body}
        </CardContent>
      </Card>
    </div>
  );
}
