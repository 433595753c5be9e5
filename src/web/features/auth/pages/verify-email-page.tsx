import { useMutation } from '@tanstack/react-query';
import { CheckCircle2, XCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/feedback';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { ApiError, apiJson } from '../../../lib/api';
import { ResendVerification } from '../components/resend-verification';

/** Opened from the verification e-mail: confirms the token and sends the user to sign in. */
export function VerifyEmailPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [email, setEmail] = useState('');
  const started = useRef(false);
  const verify = useMutation({
    mutationFn: () => apiJson<{ email: string }>('POST', '/api/auth/verify-email', { token }),
  });
  useEffect(() => {
    if (token && !started.current) {
      started.current = true;
      verify.mutate();
    }
  }, [token, verify]);

  let body: React.ReactNode;
  if (!token || verify.isError) {
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
