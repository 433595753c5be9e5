/** Password change and account deletion. */
import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordInput, DeleteAccountInput } from '../../../../core/schemas/account';
import { apiJson } from '../../../lib/api';

export function useChangePassword() {
  return useMutation({
    mutationFn: (input: ChangePasswordInput) =>
      apiJson<{ message: string }>('POST', '/api/account/change-password', input),
  });
}

export function useDeleteAccount() {
  return useMutation({
    mutationFn: (input: DeleteAccountInput) => apiJson<{ message: string }>('DELETE', '/api/account', input),
  });
}
