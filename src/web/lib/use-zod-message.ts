/**
 * Translates a validation message from the shared zod schemas. The English message is the key
 * in the `validation` namespace, so the schemas stay the single source of the rules.
 */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

export function useZodMessage() {
  const { t } = useTranslation('validation');
  return useCallback(
    (message: string | undefined): string | undefined =>
      message ? t(message, { keySeparator: false, nsSeparator: false, defaultValue: message }) : undefined,
    [t],
  );
}
