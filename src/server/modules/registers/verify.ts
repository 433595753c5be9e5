/**
 * A card's BRN checked against the broker register. It is verified when all three hold: the number
 * is in the register, the register's English or Arabic name is the card's name (licence-name.ts),
 * and the licence has not ended. A card an admin verified by hand is left as it is and marked
 * manual; the register never overrules a person who looked.
 */
import { and, asc, eq, gt, isNotNull, sql } from 'drizzle-orm';
import { namesMatch } from '../../../core/licence-name';
import type { DbOrTx } from '../../db/client';
import { businessCards } from '../../db/schema';
import { setLicenseFromRegister } from '../cards/service';
import { cardLicenceChecks, registerBrokers } from './schema';

export const LICENCE_STATUSES = ['verified', 'expired', 'name_mismatch', 'unknown_number', 'manual'] as const;
export type LicenceStatus = (typeof LICENCE_STATUSES)[number];

export interface RegisterEntry {
  nameEn: string | null;
  nameAr: string | null;
  licenseEnd: string | null;
}

/** The verdict for one card, `today` being the date in Dubai as YYYY-MM-DD. */
export function licenceStatus(
  cardNames: (string | null | undefined)[],
  entry: RegisterEntry | null,
  today: string,
): LicenceStatus {
  if (!entry) return 'unknown_number';
  const named = cardNames.some((n) => namesMatch(n, entry.nameEn) || namesMatch(n, entry.nameAr));
  if (!named) return 'name_mismatch';
  if (entry.licenseEnd && entry.licenseEnd < today) return 'expired';
  return 'verified';
}

/** Today in Dubai (UTC+4, no daylight saving), the day a licence ending "on" a date still covers. */
export const dubaiToday = (now: Date) => new Date(now.getTime() + 4 * 3600_000).toISOString().slice(0, 10);

const PAGE = 500;

/**
 * Checks every card that carries a BRN (keyset pages, so 250,000 cards never sit in memory) and
 * records each verdict; answers how many cards are verified and how many need an admin's look.
 */
export async function verifyAllCards(
  db: DbOrTx,
  now: Date,
): Promise<{ checked: number; verified: number; review: number }> {
  const today = dubaiToday(now);
  let after = '00000000-0000-0000-0000-000000000000';
  const totals = { checked: 0, verified: 0, review: 0 };
  for (;;) {
    const rows = await db
      .select({
        id: businessCards.id,
        name: businessCards.name,
        licenseVerified: businessCards.licenseVerified,
        previous: cardLicenceChecks.status,
        nameEn: registerBrokers.nameEn,
        nameAr: registerBrokers.nameAr,
        licenseEnd: registerBrokers.licenseEnd,
        registered: registerBrokers.brn,
      })
      .from(businessCards)
      .leftJoin(registerBrokers, eq(registerBrokers.brn, businessCards.brnNumber))
      .leftJoin(cardLicenceChecks, eq(cardLicenceChecks.cardId, businessCards.id))
      .where(and(isNotNull(businessCards.brnNumber), gt(businessCards.id, after)))
      .orderBy(asc(businessCards.id))
      .limit(PAGE);
    if (rows.length === 0) break;
    after = rows[rows.length - 1].id;
    const checks = rows.map((r) => {
      const entry = r.registered ? { nameEn: r.nameEn, nameAr: r.nameAr, licenseEnd: r.licenseEnd } : null;
      // Verified, and not by a register check of ours: an admin looked and decided by hand.
      const manual = r.licenseVerified && r.previous !== 'verified';
      const status: LicenceStatus = manual ? 'manual' : licenceStatus([r.name], entry, today);
      return { r, entry, status };
    });
    // One statement for the page's verdicts and one per direction for the cards' flags.
    await db
      .insert(cardLicenceChecks)
      .values(
        checks.map(({ r, entry, status }) => ({
          cardId: r.id,
          status,
          validUntil: entry?.licenseEnd ?? null,
          registerNameEn: entry?.nameEn ?? null,
          registerNameAr: entry?.nameAr ?? null,
        })),
      )
      .onConflictDoUpdate({
        target: cardLicenceChecks.cardId,
        set: {
          status: sql`excluded.status`,
          validUntil: sql`excluded.valid_until`,
          registerNameEn: sql`excluded.register_name_en`,
          registerNameAr: sql`excluded.register_name_ar`,
          checkedAt: sql`now()`,
        },
      });
    const flip = (verified: boolean) =>
      checks
        .filter(
          ({ r, status }) =>
            status !== 'manual' && (status === 'verified') === verified && r.licenseVerified !== verified,
        )
        .map(({ r }) => r.id);
    await setLicenseFromRegister(db, flip(true), true);
    await setLicenseFromRegister(db, flip(false), false);
    for (const { status } of checks) {
      totals.checked++;
      if (status === 'verified' || status === 'manual') totals.verified++;
      else totals.review++;
    }
  }
  return totals;
}

/** The last check of one card, for its badge and the admin's review. */
export async function licenceCheckOf(db: DbOrTx, cardId: string) {
  const [row] = await db.select().from(cardLicenceChecks).where(eq(cardLicenceChecks.cardId, cardId));
  return row ?? null;
}
