/** Server answers of a card save, shown the app's usual way: field errors on the form, toasts for the rest. */
import { useCallback } from 'react';
import type { Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api';
import { useZodMessage } from '../../../lib/use-zod-message';
import type { CardFormValues } from './card-form-values';
import type { CardForm } from './card-form-sections';

export function useSaveErrors(form: CardForm, failedText: string) {
  const { t } = useTranslation('cards');
  const zm = useZodMessage();
  return useCallback(
    (error: unknown) => {
      if (error instanceof ApiError && error.status === 401) {
        toast({ title: t('create.authTitle'), description: t('create.authText'), variant: 'destructive' });
        setTimeout(() => {
          window.location.href = '/api/login';
        }, 500);
        return;
      }
      if (error instanceof ApiError) {
        const fields = Object.entries(error.fieldErrors);
        for (const [field, message] of fields) form.setError(field as Path<CardFormValues>, { message });
        const first = fields[0]?.[0];
        if (first) form.setFocus(first as Path<CardFormValues>);
        if (error.status === 409 || error.status === 403) {
          toast({ title: t('create.failedTitle'), description: zm(error.serverMessage), variant: 'destructive' });
          return;
        }
      }
      toast({ title: t('create.failedTitle'), description: failedText, variant: 'destructive' });
    },
    [form, t, zm, failedText],
  );
}
