import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type AdminLoginInput, adminLoginSchema } from '../../../../core/schemas/auth';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { ApiError, apiJson, queryClient } from '../../../lib/api';
import { useZodMessage } from '../../../lib/use-zod-message';
import { ADMIN_AUTH_KEY, AUTH_USER_KEY } from '../../../lib/use-auth';

export function AdminLoginPage() {
  const { t } = useTranslation('auth');
  const zm = useZodMessage();
  const navigate = useNavigate();
  // With two-factor on, the server asks for the authenticator code.
  const [needsCode, setNeedsCode] = useState(false);
  const form = useForm<AdminLoginInput>({
    resolver: zodResolver(adminLoginSchema),
    defaultValues: { username: '', password: '' },
  });
  const login = useMutation({
    mutationFn: (v: AdminLoginInput) => apiJson('POST', '/api/auth/admin-login', v),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: AUTH_USER_KEY }),
        queryClient.invalidateQueries({ queryKey: ADMIN_AUTH_KEY }),
      ]);
      toast({ title: t('admin.welcome') });
      navigate('/admin');
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'TWO_FACTOR_REQUIRED') {
        setNeedsCode(true);
        return;
      }
      if (error instanceof ApiError && error.status === 429) {
        toast({ title: t('login.failedTitle'), description: error.serverMessage, variant: 'destructive' });
        return;
      }
      const description =
        error instanceof ApiError && error.code === 'INVALID_CODE' ? t('admin.badCode') : t('admin.failed');
      toast({ title: t('login.failedTitle'), description, variant: 'destructive' });
    },
  });
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <Card>
        <CardHeader className="text-center">
          <ShieldCheck className="mx-auto h-10 w-10 text-brand-700" aria-hidden="true" />
          <CardTitle>
            <span className="text-2xl">{t('admin.title')}</span>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <form noValidate className="space-y-4" onSubmit={form.handleSubmit((v) => login.mutate(v))}>
            <Field label={t('fields.username')} error={zm(form.formState.errors.username?.message)}>
              <Input autoComplete="username" {...form.register('username')} />
            </Field>
            <Field label={t('fields.password')} error={zm(form.formState.errors.password?.message)}>
              <Input type="password" autoComplete="current-password" {...form.register('password')} />
            </Field>
            {needsCode ? (
              <Field label={t('admin.code')} hint={t('admin.codeHint')} error={zm(form.formState.errors.code?.message)}>
                <Input inputMode="numeric" autoComplete="one-time-code" autoFocus {...form.register('code')} />
              </Field>
            ) : null}
            <Button type="submit" size="primary" className="w-full" disabled={login.isPending}>
              {login.isPending ? t('login.submitting') : t('login.submit')}
            </Button>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}
