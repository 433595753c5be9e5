/** The "Unauthorized" reaction: toast, then a redirect after 0.5 s. */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../components/ui/toast';
import { DELAYS } from '../../core/limits';
import { loginPathFor } from '../../core/safe-next';
import { ApiError, isUnauthorizedError } from './api';

export function useHandleUnauthorized(target?: string) {
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
        // By default back to the sign-in page, which brings the user back here afterwards.
        const { pathname, search, hash } = window.location;
        window.location.href = target ?? loginPathFor(`${pathname}${search}${hash}`);
      }, DELAYS.unauthorizedRedirect);
      return true;
    },
    [t, target],
  );
}

/**
 * The reaction to a failed request (one place instead of a copy per form): a lost session as
 * above; anything else is a destructive toast with `title` and the server's message, or `fallback` when
 * the error did not come from the server (a network error).
 */
export function useFailureToast(target?: string) {
  const onUnauthorized = useHandleUnauthorized(target);
  return useCallback(
    (error: unknown, title: string, fallback?: string) => {
      if (onUnauthorized(error)) return;
      toast({ title, description: error instanceof ApiError ? error.serverMessage : fallback, variant: 'destructive' });
    },
    [onUnauthorized],
  );
}
