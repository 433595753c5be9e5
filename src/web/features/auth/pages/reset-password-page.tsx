import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { XCircle } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { type ResetPasswordInput, resetPasswordSchema } from '../../../../core/schemas/auth';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { ApiError, apiJson } from '../../../lib/api';
import { useZodMessage } from '../../../lib/use-zod-message';
import { PasswordStrengthHint } from '../components/password-strength-hint';

const LINK_ERRORS = ['TOKEN_INVALID', 'TOKEN_EXPIRED', 'TOKEN_USED'] as const;
type LinkError = (typeof LINK_ERRORS)[number];

/** Opened from the reset e-mail: a new password, then sign in with it. */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const zm = useZodMessage();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const form = useForm<ResetPasswordInput>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { token, password: '', confirmPassword: '' },
  });
  const errors = form.formState.errors;
  const reset = useMutation({
    mutationFn: (values: ResetPasswordInput) =>
      apiJson<{ message: string }>('POST', '/api/auth/reset-password', values),
    onSuccess: () => {
      toast({ title: t('reset.successTitle'), description: t('reset.successText') });
      navigate('/login');
    },
    onError: (error) => {
      if (!(error instanceof ApiError)) return;
      for (const [field, message] of Object.entries(error.fieldErrors)) {
        if (field === 'password' || field === 'confirmPassword') form.setError(field, { message });
      }
    },
  });
  const code = reset.error instanceof ApiError ? reset.error.code : undefined;
  const linkError: LinkError | null =
    !token || token.length < 10
      ? 'TOKEN_INVALID'
      : LINK_ERRORS.includes(code as LinkError)
        ? (code as LinkError)
        : null;

  return (
    <div className="mx-auto max-w-md px-4 py-10 md:py-16">
      <Card>
        <CardHeader>
          <h1 className="text-2xl font-semibold text-slate-900">{t('reset.title')}</h1>
          <CardDescription>{t('reset.subtitle')}</CardDescription>
        </CardHeader>
        <CardContent>
          {linkError ? (
            <div className="space-y-4 text-center" role="alert">
              <XCircle className="mx-auto h-12 w-12 text-red-500" aria-hidden="true" />
              <h2 className="text-lg font-semibold">{t(`reset.${linkError}.title`)}</h2>
              <p className="text-sm text-slate-600">{t(`reset.${linkError}.text`)}</p>
              <Button asChild>
                <Link to="/forgot-password">{t('reset.requestNew')}</Link>
              </Button>
            </div>
          ) : (
            <form noValidate className="space-y-4" onSubmit={form.handleSubmit((v) => reset.mutate(v))}>
              <Field
                label={t('reset.newPassword')}
                error={zm(errors.password?.message)}
                hint={t('signup.passwordHint')}
                required
              >
                <Input type="password" autoComplete="new-password" {...form.register('password')} />
              </Field>
              <PasswordStrengthHint password={form.watch('password')} userInputs={[]} />
              <Field label={t('fields.confirmPassword')} error={zm(errors.confirmPassword?.message)} required>
                <Input type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
              </Field>
              {reset.isError && !Object.keys(reset.error instanceof ApiError ? reset.error.fieldErrors : {}).length && (
                <p className="text-sm text-red-600" role="alert">
                  {reset.error instanceof ApiError ? reset.error.serverMessage : t('reset.failed')}
                </p>
              )}
              <Button type="submit" size="primary" className="w-full" disabled={reset.isPending}>
                {reset.isPending ? t('reset.submitting') : t('reset.submit')}
              </Button>
            </form>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
