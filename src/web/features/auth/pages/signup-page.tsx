import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { CheckCircle2 } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { safeNextPath } from '../../../../core/safe-next';
import { COUNTRY_CODES } from '../../../../core/enums';
import { usePublicFigure } from '../../../lib/use-public-stats';
import { type RegisterInput, registerSchema } from '../../../../core/schemas/auth';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Input, Select } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { ApiError, apiJson } from '../../../lib/api';
import { useZodMessage } from '../../../lib/use-zod-message';
import { PasswordStrengthHint } from '../components/password-strength-hint';

export function SignupPage() {
  const { t } = useTranslation('auth');
  const brokers = usePublicFigure('brokers');
  const zm = useZodMessage();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const form = useForm<RegisterInput>({
    resolver: zodResolver(registerSchema),
    defaultValues: {
      firstName: '',
      lastName: '',
      email: '',
      phoneNumber: '',
      countryCode: '+971',
      password: '',
      confirmPassword: '',
    },
  });
  const errors = form.formState.errors;

  const register = useMutation({
    mutationFn: (values: RegisterInput) => apiJson<{ message: string }>('POST', '/api/auth/register', values),
    onSuccess: (_out, values) => {
      toast({ title: t('signup.successTitle'), description: t('signup.successText') });
      const next = safeNextPath(params.get('next'));
      const keep = next ? `&next=${encodeURIComponent(next)}` : '';
      navigate(`/verify-email?sent=${encodeURIComponent(values.email)}${keep}`);
    },
    onError: (error) => {
      if (error instanceof ApiError) {
        for (const [field, message] of Object.entries(error.fieldErrors)) {
          form.setError(field as keyof RegisterInput, { message });
        }
        if (error.status === 409) form.setError('email', { message: error.serverMessage });
      }
      toast({
        title: t('signup.failedTitle'),
        description: error instanceof ApiError ? zm(error.serverMessage) : t('signup.failed'),
        variant: 'destructive',
      });
    },
  });

  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 lg:grid-cols-5 lg:py-16">
      <section
        className="order-2 space-y-5 rounded-3xl bg-brand-800 p-8 text-white lg:order-1 lg:col-span-2"
        aria-labelledby="signup-marketing"
      >
        <h2 id="signup-marketing" className="text-2xl font-bold md:text-3xl">
          {t('signup.marketingTitle')}
        </h2>
        <p className="text-brand-100">
          {brokers ? t('signup.marketingText', { network: brokers }) : t('signup.marketingTextPlain')}
        </p>
        <ul className="space-y-3">
          {(['perk1', 'perk2', 'perk3', 'perk4'] as const).map((k) => (
            <li key={k} className="flex items-start gap-2">
              <CheckCircle2 className="mt-0.5 h-5 w-5 shrink-0 text-gold-400" aria-hidden="true" />
              <span>{t(`signup.${k}`)}</span>
            </li>
          ))}
        </ul>
      </section>
      <Card className="order-1 lg:order-2 lg:col-span-3">
        <CardHeader>
          <CardTitle>
            <span className="text-2xl">{t('signup.title')}</span>
          </CardTitle>
          <CardDescription>{t('signup.subtitle')}</CardDescription>
        </CardHeader>
        <CardContent>
          <form
            noValidate
            className="grid gap-4 sm:grid-cols-2"
            onSubmit={form.handleSubmit((v) => register.mutate(v))}
          >
            <Field label={t('fields.firstName')} error={zm(errors.firstName?.message)} required>
              <Input autoComplete="given-name" {...form.register('firstName')} />
            </Field>
            <Field label={t('fields.lastName')} error={zm(errors.lastName?.message)} required>
              <Input autoComplete="family-name" {...form.register('lastName')} />
            </Field>
            <Field label={t('fields.email')} error={zm(errors.email?.message)} required className="sm:col-span-2">
              <Input type="email" autoComplete="email" inputMode="email" {...form.register('email')} />
            </Field>
            <div className="grid grid-cols-[7rem_1fr] gap-2 sm:col-span-2">
              <Field label={t('fields.countryCode')} error={zm(errors.countryCode?.message)} required>
                <Select dir="ltr" {...form.register('countryCode')}>
                  {COUNTRY_CODES.map((c) => (
                    <option key={c} value={c}>
                      {c}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field label={t('fields.phoneNumber')} error={zm(errors.phoneNumber?.message)} required>
                <Input
                  type="tel"
                  dir="ltr"
                  autoComplete="tel-national"
                  placeholder="50 123 4567"
                  {...form.register('phoneNumber')}
                />
              </Field>
            </div>
            <Field
              label={t('fields.password')}
              error={zm(errors.password?.message)}
              hint={t('signup.passwordHint')}
              required
            >
              <Input type="password" autoComplete="new-password" {...form.register('password')} />
            </Field>
            <div className="self-end">
              <PasswordStrengthHint
                password={form.watch('password')}
                userInputs={[form.watch('email'), form.watch('firstName'), form.watch('lastName')]}
              />
            </div>
            <Field label={t('fields.confirmPassword')} error={zm(errors.confirmPassword?.message)} required>
              <Input type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
            </Field>
            <Button type="submit" size="primary" className="sm:col-span-2" disabled={register.isPending}>
              {register.isPending ? t('signup.submitting') : t('signup.submit')}
            </Button>
          </form>
          <p className="mt-6 text-center text-sm text-slate-600">
            {t('signup.haveAccount')}{' '}
            <Link
              to="/login"
              className="inline-flex min-h-11 items-center px-1 font-medium text-brand-700 hover:underline"
            >
              {t('signup.loginLink')}
            </Link>
          </p>
        </CardContent>
      </Card>
    </div>
  );
}
