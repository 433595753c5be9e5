/**
 * Wallet passes: which wallets the server is configured for, and a card's Google
 * Wallet save link (a signed token the server makes; fetched when the button will be shown, so
 * the button is a plain link the browser opens without a pop-up blocker in the way).
 */
import { useQuery } from '@tanstack/react-query';
import type { GoogleSaveLink, WalletAvailability } from '../../../../core/schemas/wallet';
import { apiJson } from '../../../lib/api';
import { cardKey } from './keys';

export const WALLET_AVAILABILITY_KEY = ['/api/wallet/availability'] as const;

export function useWalletAvailability() {
  return useQuery({
    queryKey: WALLET_AVAILABILITY_KEY,
    queryFn: () => apiJson<WalletAvailability>('GET', '/api/wallet/availability'),
    // Configuration changes only with a restart.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useGoogleSaveLink(cardId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...cardKey(cardId), 'wallet', 'google'],
    queryFn: () => apiJson<GoogleSaveLink>('GET', `/api/business-cards/${encodeURIComponent(cardId)}/wallet/google`),
    enabled,
    staleTime: 5 * 60 * 1000,
  });
}
