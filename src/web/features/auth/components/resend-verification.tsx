import { useMutation } from '@tanstack/react-query';
import { MailCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { apiJson } from '../../../lib/api';

/** "Verify your e-mail first" notice with a resend button. */
export function ResendVerification({ email }: { email: string }) {
  const { t } = useTranslation('auth');
  const resend = useMutation({
    mutationFn: () => apiJson<{ message: string }>('POST', '/api/auth/resend-verification', { email }),
    onSuccess: () => toast({ title: t('verify.resentTitle'), description: t('verify.resentText') }),
    onError: () => toast({ title: t('verify.resendFailed'), variant: 'destructive' }),
  });
  return (
    <div role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
      <p className="flex items-center gap-2 font-medium">
        <MailCheck className="h-4 w-4" aria-hidden="true" />
        {t('verify.needed')}
      </p>
      <Button
        variant="outline"
        size="sm"
        className="mt-2"
        disabled={resend.isPending || resend.isSuccess}
        onClick={() => resend.mutate()}
      >
        {resend.isSuccess ? t('verify.resent') : t('verify.resend')}
      </Button>
    </div>
  );
}
