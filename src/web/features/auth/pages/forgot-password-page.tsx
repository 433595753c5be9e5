import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { MailCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type ForgotPasswordInput, forgotPasswordSchema } from '../../../../core/schemas/auth';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { ApiError, apiJson } from '../../../lib/api';
import { useZodMessage } from '../../../lib/use-zod-message';

/**
 * "Forgot password?": asks for a reset link. The confirmation reads the same whether
 * or not the address has an account, as the server's answer does.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const zm = useZodMessage();
  const form = useForm<ForgotPasswordInput>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  });
  const ask = useMutation({
    mutationFn: (values: ForgotPasswordInput) =>
      apiJson<{ message: string }>('POST', '/api/auth/forgot-password', values),
  });

  return (
    <div className="mx-auto max-w-md px-4 py-10 md:py-16">
      <Card>
        <CardHeader>
          <h1 className="text-2xl font-semibold text-slate-900">{t('forgot.title')}</h1>
          <CardDescription>{t('forgot.subtitle')}</CardDescription>
        </CardHeader>
        <CardContent>
          {ask.isSuccess ? (
            <div className="space-y-4 text-center" role="status" aria-live="polite">
              <MailCheck className="mx-auto h-12 w-12 text-emerald-600" aria-hidden="true" />
              <h2 className="text-lg font-semibold">{t('forgot.sentTitle')}</h2>
              <p className="text-sm text-slate-600">{t('forgot.sentText', { email: ask.variables?.email ?? '' })}</p>
              <Button asChild variant="outline">
                <Link to="/login">{t('forgot.backToLogin')}</Link>
              </Button>
            </div>
          ) : (
            <form noValidate className="space-y-4" onSubmit={form.handleSubmit((v) => ask.mutate(v))}>
              <Field label={t('fields.email')} error={zm(form.formState.errors.email?.message)} required>
                <Input type="email" autoComplete="email" inputMode="email" dir="ltr" {...form.register('email')} />
              </Field>
              {ask.isError && (
                <p className="text-sm text-red-600" role="alert">
                  {ask.error instanceof ApiError ? ask.error.serverMessage : t('forgot.failed')}
                </p>
              )}
              <Button type="submit" size="primary" className="w-full" disabled={ask.isPending}>
                {ask.isPending ? t('forgot.submitting') : t('forgot.submit')}
              </Button>
              <p className="text-center text-sm">
                <Link
                  to="/login"
                  className="inline-flex min-h-11 items-center font-medium text-brand-700 hover:underline"
                >
                  {t('forgot.backToLogin')}
                </Link>
              </p>
            </form>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
