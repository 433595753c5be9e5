import { z } from 'zod';

/** What the public pages may claim: live counts of what a visitor can actually find. */
export const publicStatsSchema = z.object({
  /** Cards listed in the directory. */
  cards: z.number().int().nonnegative(),
  /** Listed cards of real-estate and banking brokers. */
  brokers: z.number().int().nonnegative(),
  /** Property listings on show. */
  listings: z.number().int().nonnegative(),
  /** Services in the catalogue. */
  services: z.number().int().nonnegative(),
});
export type PublicStats = z.infer<typeof publicStatsSchema>;
