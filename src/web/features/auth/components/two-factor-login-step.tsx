import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PublicUser } from '../../../../core/schemas/auth';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { ApiError } from '../../../lib/api';
import { useLoginTwoFactor } from '../api/use-login-two-factor';

/** The second step of sign-in when two-factor sign-in is on. */
export function TwoFactorLoginStep({
  onSignedIn,
  onRestart,
}: {
  onSignedIn: (user: PublicUser) => void;
  onRestart: () => void;
}) {
  const { t } = useTranslation('account');
  const verify = useLoginTwoFactor();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();

  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        setError(undefined);
        verify.mutate(code.trim(), {
          onSuccess: onSignedIn,
          onError: (err) => {
            if (err instanceof ApiError && err.code === 'TWO_FACTOR_EXPIRED') {
              onRestart();
              return;
            }
            setError(err instanceof ApiError ? err.serverMessage : t('twoFactor.loginFailed'));
          },
        });
      }}
    >
      <div className="flex items-start gap-3 rounded-xl bg-brand-50 p-3 text-sm text-brand-900">
        <ShieldCheck className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
        <p>{t('twoFactor.loginText')}</p>
      </div>
      <Field label={t('twoFactor.loginCode')} hint={t('twoFactor.loginHint')} error={error}>
        <Input
          dir="ltr"
          autoComplete="one-time-code"
          autoFocus
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
      </Field>
      <Button type="submit" size="primary" className="w-full" disabled={verify.isPending || code.trim().length < 6}>
        {verify.isPending ? t('twoFactor.verifying') : t('twoFactor.verify')}
      </Button>
      <Button variant="link" size="sm" className="w-full" onClick={onRestart}>
        {t('twoFactor.restart')}
      </Button>
    </form>
  );
}
