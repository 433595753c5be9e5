/** The spec §8 "Unauthorized" reaction: toast, then a redirect after 0.5 s. */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../components/ui/toast';
import { DELAYS } from '../../core/limits';
import { isUnauthorizedError } from './api';

export function useHandleUnauthorized(target = '/api/login') {
  const { t } = useTranslation();
  /** Returns true when the error was a lost session (and was handled). */
  return useCallback(
    (error: unknown): boolean => {
      if (!isUnauthorizedError(error)) return false;
      toast({
        title: t('errors.unauthorizedTitle'),
        description: t('errors.unauthorizedText'),
        variant: 'destructive',
      });
      setTimeout(() => {
        window.location.href = target;
      }, DELAYS.unauthorizedRedirect);
      return true;
    },
    [t, target],
  );
}
