import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TwoFactorSetup } from '../../../../core/schemas/account';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/feedback';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api';
import { useHandleUnauthorized } from '../../../lib/use-unauthorized';
import { useSettings } from '../api/use-settings';
import { useTwoFactorDisable, useTwoFactorEnable, useTwoFactorSetup } from '../api/use-two-factor';

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation('account');
  const file = `data:text/plain;charset=utf-8,${encodeURIComponent(`${t('twoFactor.codesFileTitle')}\n\n${codes.join('\n')}\n`)}`;
  return (
    <div className="space-y-3" data-testid="recovery-codes">
      <p className="text-sm text-slate-700">{t('twoFactor.codesText')}</p>
      <ul dir="ltr" className="grid grid-cols-2 gap-2 rounded-xl bg-slate-50 p-4 font-mono text-sm">
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button asChild variant="outline" size="sm">
          <a href={file} download="bitaqa-recovery-codes.txt">
            {t('twoFactor.download')}
          </a>
        </Button>
        <Button size="sm" onClick={onDone}>
          {t('twoFactor.saved')}
        </Button>
      </div>
    </div>
  );
}

/** Two-factor sign-in with an authenticator app, and its recovery codes. */
export function TwoFactorSettings() {
  const { t } = useTranslation('account');
  const onUnauthorized = useHandleUnauthorized();
  const { data } = useSettings();
  const setup = useTwoFactorSetup();
  const enable = useTwoFactorEnable();
  const disable = useTwoFactorDisable();
  const [pending, setPending] = useState<TwoFactorSetup | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const [codes, setCodes] = useState<string[] | null>(null);
  const [secret, setSecret] = useState('');

  const fail = (error: unknown) => {
    if (onUnauthorized(error)) return;
    const message = error instanceof ApiError ? error.serverMessage : t('settings.failedText');
    setCodeError(message);
    toast({ title: t('twoFactor.failedTitle'), description: message, variant: 'destructive' });
  };

  if (!data) return <Skeleton className="h-40" />;

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <span className="inline-flex items-center gap-2">
            <ShieldCheck className="h-5 w-5 text-brand-700" aria-hidden="true" />
            {t('twoFactor.title')}
            <Badge variant={data.twoFactorEnabled ? 'success' : 'secondary'}>
              {data.twoFactorEnabled ? t('twoFactor.on') : t('twoFactor.off')}
            </Badge>
          </span>
        </CardTitle>
        <CardDescription>{t('twoFactor.subtitle')}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {codes && (
          <RecoveryCodes
            codes={codes}
            onDone={() => {
              setCodes(null);
              setPending(null);
            }}
          />
        )}
        {!codes && !data.twoFactorEnabled && !pending && (
          <Button
            disabled={setup.isPending}
            onClick={() => setup.mutate(undefined, { onSuccess: (p) => setPending(p), onError: fail })}
          >
            {t('twoFactor.setup')}
          </Button>
        )}
        {!codes && !data.twoFactorEnabled && pending && (
          <form
            noValidate
            className="grid gap-4 sm:grid-cols-[auto_1fr]"
            onSubmit={(e) => {
              e.preventDefault();
              setCodeError(undefined);
              enable.mutate(code.trim(), {
                onSuccess: (r) => {
                  setCodes(r.recoveryCodes);
                  setCode('');
                  toast({ title: t('twoFactor.enabledTitle') });
                },
                onError: fail,
              });
            }}
          >
            <img
              src={pending.qrDataUrl}
              alt={t('twoFactor.qrAlt')}
              width={180}
              height={180}
              className="rounded-lg border"
            />
            <div className="space-y-3">
              <p className="text-sm text-slate-700">{t('twoFactor.scan')}</p>
              <p className="text-xs text-slate-500">
                {t('twoFactor.manual')}{' '}
                <code dir="ltr" className="break-all rounded bg-slate-100 px-1 font-mono" data-testid="totp-secret">
                  {pending.secret}
                </code>
              </p>
              <Field label={t('twoFactor.code')} error={codeError}>
                <Input
                  dir="ltr"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  value={code}
                  onChange={(e) => setCode(e.target.value)}
                />
              </Field>
              <Button type="submit" disabled={enable.isPending || code.trim().length < 6}>
                {t('twoFactor.enable')}
              </Button>
            </div>
          </form>
        )}
        {!codes && data.twoFactorEnabled && (
          <form
            noValidate
            className="space-y-3 sm:max-w-md"
            onSubmit={(e) => {
              e.preventDefault();
              setCodeError(undefined);
              const value = secret.trim();
              disable.mutate(
                { code: value },
                {
                  onSuccess: () => {
                    setSecret('');
                    toast({ title: t('twoFactor.disabledTitle') });
                  },
                  onError: fail,
                },
              );
            }}
          >
            <p className="text-sm text-slate-600">{t('twoFactor.codesLeft', { count: data.recoveryCodesLeft })}</p>
            <Field label={t('twoFactor.disableLabel')} error={codeError}>
              <Input
                dir="ltr"
                autoComplete="one-time-code"
                value={secret}
                onChange={(e) => setSecret(e.target.value)}
              />
            </Field>
            <Button type="submit" variant="outline" disabled={disable.isPending || !secret.trim()}>
              {t('twoFactor.disable')}
            </Button>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
