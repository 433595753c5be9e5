import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Bot, MessageSquare, QrCode, Users } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { safeNextPath } from '../../../../core/safe-next';
import { type LoginInput, loginSchema, type PublicUser } from '../../../../core/schemas/auth';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { adoptAccountLanguage } from '../../../lib/account-language';
import { ApiError, apiJson, queryClient } from '../../../lib/api';
import { useZodMessage } from '../../../lib/use-zod-message';
import { AUTH_USER_KEY, landingPathFor, rememberReturnPath, takeReturnPath } from '../../../lib/use-auth';
import { ResendVerification } from '../components/resend-verification';
import { TwoFactorLoginStep } from '../components/two-factor-login-step';

export function LoginPage() {
  const { t, i18n } = useTranslation('auth');
  const zm = useZodMessage();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  const form = useForm<LoginInput>({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' } });

  // With two-factor sign-in on, the password step answers { twoFactorRequired: true }.
  const [twoFactor, setTwoFactor] = useState(false);
  const finishLogin = async (user: PublicUser) => {
    adoptAccountLanguage(user, i18n);
    await queryClient.invalidateQueries({ queryKey: AUTH_USER_KEY });
    toast({ title: t('login.successTitle'), description: t('login.successText') });
    // Admins and users still choosing a role go where they must; others back to what they opened.
    // `?next=` (a deep link such as /messages?conversation=…) wins over a remembered path.
    const remembered = takeReturnPath();
    const back = safeNextPath(params.get('next')) ?? remembered;
    const landing = landingPathFor(user);
    // A new user chooses a role first; the destination waits for them there.
    if (landing === '/role-selection' && back) rememberReturnPath(back);
    navigate(landing === '/' && back ? back : landing);
  };

  const login = useMutation({
    mutationFn: (values: LoginInput) =>
      apiJson<PublicUser | { twoFactorRequired: true }>('POST', '/api/auth/login', values),
    onSuccess: async (result) => {
      if ('twoFactorRequired' in result) {
        setTwoFactor(true);
        return;
      }
      await finishLogin(result);
    },
    onError: (error, values) => {
      const message = error instanceof ApiError ? error.serverMessage : t('login.failed');
      if (error instanceof ApiError && error.code === 'EMAIL_NOT_VERIFIED') setUnverifiedEmail(values.email);
      toast({ title: t('login.failedTitle'), description: message || t('login.failed'), variant: 'destructive' });
    },
  });

  const perks = [
    { icon: Bot, text: t('login.perkAi') },
    { icon: Users, text: t('login.perkNetwork') },
    { icon: QrCode, text: t('login.perkQr') },
    { icon: MessageSquare, text: t('login.perkMessaging') },
  ];

  return (
    <div className="mx-auto grid max-w-5xl gap-8 px-4 py-10 md:grid-cols-2 md:py-16">
      <section className="order-2 space-y-6 md:order-1" aria-labelledby="login-perks">
        <h2 id="login-perks" className="text-2xl font-bold text-brand-800 md:text-3xl">
          {t('login.marketingTitle')}
        </h2>
        <ul className="space-y-4">
          {perks.map(({ icon: Icon, text }) => (
            <li key={text} className="flex items-center gap-3 text-slate-700">
              <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-brand-100 text-brand-700">
                <Icon className="h-5 w-5" aria-hidden="true" />
              </span>
              {text}
            </li>
          ))}
        </ul>
      </section>
      <Card className="order-1 md:order-2">
        <CardHeader>
          <CardTitle>
            <span className="text-2xl">{t('login.title')}</span>
          </CardTitle>
          <CardDescription>{t('login.subtitle')}</CardDescription>
        </CardHeader>
        <CardContent>
          {twoFactor ? (
            <TwoFactorLoginStep onSignedIn={(user) => void finishLogin(user)} onRestart={() => setTwoFactor(false)} />
          ) : (
            <form
              noValidate
              className="space-y-4"
              onSubmit={form.handleSubmit((v) => {
                setUnverifiedEmail(null);
                login.mutate(v);
              })}
            >
              <Field label={t('fields.email')} error={zm(form.formState.errors.email?.message)}>
                <Input type="email" autoComplete="email" inputMode="email" {...form.register('email')} />
              </Field>
              <Field label={t('fields.password')} error={zm(form.formState.errors.password?.message)}>
                <Input type="password" autoComplete="current-password" {...form.register('password')} />
              </Field>
              <div className="flex justify-end">
                <Link
                  to="/forgot-password"
                  className="inline-flex min-h-11 items-center text-sm font-medium text-brand-700 hover:underline"
                >
                  {t('login.forgot')}
                </Link>
              </div>
              {unverifiedEmail && <ResendVerification email={unverifiedEmail} />}
              <Button type="submit" size="primary" className="w-full" disabled={login.isPending}>
                {login.isPending ? t('login.submitting') : t('login.submit')}
              </Button>
            </form>
          )}
          <p className="mt-6 text-center text-sm text-slate-600">
            {t('login.noAccount')}{' '}
            <Link
              to="/signup"
              className="inline-flex min-h-11 items-center px-1 font-medium text-brand-700 hover:underline"
            >
              {t('login.signupLink')}
            </Link>
          </p>
        </CardContent>
      </Card>
    </div>
  );
}
