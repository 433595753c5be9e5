/** The second sign-in step of an account with 2FA: POST /api/auth/login/2fa with the code. */
import { useMutation } from '@tanstack/react-query';
import type { PublicUser } from '../../../../core/schemas/auth';
import { apiJson } from '../../../lib/api';

export function useLoginTwoFactor() {
  return useMutation({ mutationFn: (code: string) => apiJson<PublicUser>('POST', '/api/auth/login/2fa', { code }) });
}
