/** Two-factor set-up, enabling and disabling; the sign-in step is features/auth. */
import { useMutation } from '@tanstack/react-query';
import type { TwoFactorDisableInput, TwoFactorSetup } from '../../../../core/schemas/account';
import { apiJson, queryClient } from '../../../lib/api';
import { ADMIN_AUTH_KEY } from '../../../lib/use-auth';
import { SETTINGS_KEY } from './keys';

/** Two-factor on or off changes the settings and whether the admin centre opens. */
const refresh = () =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: SETTINGS_KEY }),
    queryClient.invalidateQueries({ queryKey: ADMIN_AUTH_KEY }),
  ]);

export function useTwoFactorSetup() {
  return useMutation({ mutationFn: () => apiJson<TwoFactorSetup>('POST', '/api/account/2fa/setup') });
}

export function useTwoFactorEnable() {
  return useMutation({
    mutationFn: (code: string) => apiJson<{ recoveryCodes: string[] }>('POST', '/api/account/2fa/enable', { code }),
    onSuccess: refresh,
  });
}

export function useTwoFactorDisable() {
  return useMutation({
    mutationFn: (input: TwoFactorDisableInput) =>
      apiJson<{ message: string }>('POST', '/api/account/2fa/disable', input),
    onSuccess: refresh,
  });
}
