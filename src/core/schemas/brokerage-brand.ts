/**
 * A brokerage's brand as its members' cards wear it. Apart from the
 * brokerage schemas because the card schema carries it.
 */
import { z } from 'zod';

/**
 * Card fields a brokerage may lock: members' cards then show the
 * brokerage's value and the server refuses a member's change. `colors` has no card field: a locked
 * palette means member cards always wear the brokerage's colours.
 */
export const LOCKABLE_FIELDS = ['company', 'officeAddress', 'ornNumber', 'colors'] as const;
export type LockableField = (typeof LOCKABLE_FIELDS)[number];

/** The brokerage a member card wears: the `brokerage` object of the card JSON. */
export const cardBrokerageSchema = z.object({
  slug: z.string(),
  name: z.string(),
  nameAr: z.string().nullable(),
  logoUrl: z.string().nullable(),
  primaryColor: z.string().nullable(),
  secondaryColor: z.string().nullable(),
  ornNumber: z.string(),
  /** The brokerage's office (a member's card shows it when the office address is locked). */
  officeAddress: z.string().nullable(),
  verified: z.boolean(),
  /** Card fields the brokerage sets for its members (the editor shows them read-only). */
  lockedFields: z.array(z.enum(LOCKABLE_FIELDS)),
});
export type CardBrokerage = z.infer<typeof cardBrokerageSchema>;

/**
 * The text a locked field shows in one language of a member's card: the brokerage's Arabic name
 * on the Arabic side when it has one, its name otherwise; the office as the brokerage wrote it.
 * Only the locked fields are present, so both language columns of the card say the same as the
 * brokerage does and neither can carry the member's own wording.
 */
export function lockedCardText(
  b: Pick<CardBrokerage, 'name' | 'nameAr' | 'officeAddress' | 'lockedFields'>,
  lang: 'en' | 'ar',
): { company?: string; officeAddress?: string | null } {
  const out: { company?: string; officeAddress?: string | null } = {};
  if (b.lockedFields.includes('company')) out.company = lang === 'ar' && b.nameAr ? b.nameAr : b.name;
  if (b.lockedFields.includes('officeAddress')) out.officeAddress = b.officeAddress;
  return out;
}
