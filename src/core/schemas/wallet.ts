/** Wallet passes: which wallets the server can issue passes for, and the Google save link. */
import { z } from 'zod';

export const walletAvailabilitySchema = z.object({
  apple: z.boolean(),
  google: z.boolean(),
});
export type WalletAvailability = z.infer<typeof walletAvailabilitySchema>;

export const googleSaveLinkSchema = z.object({ saveUrl: z.string().url() });
export type GoogleSaveLink = z.infer<typeof googleSaveLinkSchema>;
