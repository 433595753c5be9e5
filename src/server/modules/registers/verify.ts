/**
 * A card's BRN checked against the broker register. It is verified when all three hold: the number
 * is in the register, the register's English or Arabic name is the card's name (licence-name.ts),
 * and the licence has not ended. A card an admin verified by hand is left as it is and marked
 * manual; the register never overrules a person who looked.
 */
import { and, asc, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import { namesMatch, officeNamesMatch } from '../../../core/licence-name';
import type { CardTranslations } from '../../../core/schemas/card';
import type { DbOrTx } from '../../db/client';
import { brokerages, businessCards } from '../../db/schema';
import { setLicenseFromRegister } from '../cards/service';
import { brokerageOrnChecks, cardLicenceChecks, registerBrokers, registerOffices } from './schema';

export const LICENCE_STATUSES = ['verified', 'expired', 'name_mismatch', 'unknown_number', 'manual'] as const;
export type LicenceStatus = (typeof LICENCE_STATUSES)[number];

export interface RegisterEntry {
  nameEn: string | null;
  nameAr: string | null;
  licenseEnd: string | null;
}

/** The verdict against a register entry, `names` matching the entry's names by `match`. */
function verdict(
  names: (string | null | undefined)[],
  entry: RegisterEntry | null,
  today: string,
  match: (name: string | null | undefined, registered: string | null) => boolean,
): LicenceStatus {
  if (!entry) return 'unknown_number';
  if (!names.some((n) => match(n, entry.nameEn) || match(n, entry.nameAr))) return 'name_mismatch';
  if (entry.licenseEnd && entry.licenseEnd < today) return 'expired';
  return 'verified';
}

/** The verdict for one card, `today` being the date in Dubai as YYYY-MM-DD. */
export const licenceStatus = (cardNames: (string | null | undefined)[], entry: RegisterEntry | null, today: string) =>
  verdict(cardNames, entry, today, namesMatch);

/** What a check records beside its verdict: the register's names and licence end, and when. */
const checkRecord = (entry: RegisterEntry | null, status: LicenceStatus, checkedAt: Date) => ({
  status,
  validUntil: entry?.licenseEnd ?? null,
  registerNameEn: entry?.nameEn ?? null,
  registerNameAr: entry?.nameAr ?? null,
  checkedAt,
});

/** A check made again replaces the last one's record. */
const replaceCheck = {
  status: sql`excluded.status`,
  validUntil: sql`excluded.valid_until`,
  registerNameEn: sql`excluded.register_name_en`,
  registerNameAr: sql`excluded.register_name_ar`,
  checkedAt: sql`excluded.checked_at`,
};

type Totals = { checked: number; verified: number; review: number };

/** Counts a page of verdicts: verified (by the register or by hand) or waiting for an admin. */
function tally(totals: Totals, checks: { status: LicenceStatus }[]): void {
  for (const { status } of checks) {
    totals.checked++;
    if (status === 'verified' || status === 'manual') totals.verified++;
    else totals.review++;
  }
}

/** Today in Dubai (UTC+4, no daylight saving), the day a licence ending "on" a date still covers. */
export const dubaiToday = (now: Date) => new Date(now.getTime() + 4 * 3600_000).toISOString().slice(0, 10);

const PAGE = 500;

/** The card's name as written in each of its languages: the register may carry either. */
export const cardNames = (c: { name: string; translations: CardTranslations | null }) => [
  c.name,
  c.translations?.en?.name,
  c.translations?.ar?.name,
];

/**
 * Checks every card that carries a BRN (keyset pages, so 250,000 cards never sit in memory) and
 * records each verdict; answers how many cards are verified and how many need an admin's look.
 */
export async function verifyAllCards(
  db: DbOrTx,
  now: Date,
  /** Only these cards (one just saved); before the first broker register, nothing is checked. */
  only?: string[],
): Promise<Totals> {
  const today = dubaiToday(now);
  let after = '00000000-0000-0000-0000-000000000000';
  const totals = { checked: 0, verified: 0, review: 0 };
  if (only) {
    const [anyBroker] = await db.select({ brn: registerBrokers.brn }).from(registerBrokers).limit(1);
    if (!anyBroker || only.length === 0) return totals;
  }
  for (;;) {
    const rows = await db
      .select({
        id: businessCards.id,
        name: businessCards.name,
        translations: businessCards.translations,
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
      .where(
        and(
          isNotNull(businessCards.brnNumber),
          gt(businessCards.id, after),
          only ? inArray(businessCards.id, only) : undefined,
        ),
      )
      .orderBy(asc(businessCards.id))
      .limit(PAGE);
    if (rows.length === 0) break;
    after = rows[rows.length - 1].id;
    const checks = rows.map((r) => {
      const entry = r.registered ? { nameEn: r.nameEn, nameAr: r.nameAr, licenseEnd: r.licenseEnd } : null;
      // Verified, and not by a register check of ours: an admin looked and decided by hand.
      const manual = r.licenseVerified && r.previous !== 'verified';
      const status: LicenceStatus = manual ? 'manual' : licenceStatus(cardNames(r), entry, today);
      return { r, entry, status };
    });
    // One statement for the page's verdicts and one per direction for the cards' flags.
    await db
      .insert(cardLicenceChecks)
      .values(checks.map(({ r, entry, status }) => ({ cardId: r.id, ...checkRecord(entry, status, now) })))
      .onConflictDoUpdate({ target: cardLicenceChecks.cardId, set: replaceCheck });
    const flip = (verified: boolean) =>
      checks
        .filter(
          ({ r, status }) =>
            status !== 'manual' && (status === 'verified') === verified && r.licenseVerified !== verified,
        )
        .map(({ r }) => r.id);
    await setLicenseFromRegister(db, flip(true), true);
    await setLicenseFromRegister(db, flip(false), false);
    tally(totals, checks);
  }
  return totals;
}

/** The last check of one card, for its badge and the admin's review. */
export async function licenceCheckOf(db: DbOrTx, cardId: string) {
  const [row] = await db.select().from(cardLicenceChecks).where(eq(cardLicenceChecks.cardId, cardId));
  return row ?? null;
}

/** The office register's confirmation of one brokerage's verified ORN, for its badge; null without one. */
export async function verifiedOrnCheck(db: DbOrTx, brokerageId: string) {
  const [row] = await db
    .select({ validUntil: brokerageOrnChecks.validUntil, checkedAt: brokerageOrnChecks.checkedAt })
    .from(brokerageOrnChecks)
    .where(and(eq(brokerageOrnChecks.brokerageId, brokerageId), eq(brokerageOrnChecks.status, 'verified')));
  return row ?? null;
}

/** The verdict for one brokerage's ORN against the office register (the same rules as a card's BRN). */
export const officeStatus = (names: (string | null | undefined)[], entry: RegisterEntry | null, today: string) =>
  verdict(names, entry, today, officeNamesMatch);

/**
 * Checks every brokerage's ORN against the office register and records each verdict; sets the
 * brokerage's verified mark from it, except where an admin verified the ORN by hand (manual).
 * Brokerages number in the hundreds, so one page holds them all; `only` checks one just saved.
 */
export async function verifyBrokerages(db: DbOrTx, now: Date, only?: string): Promise<Totals> {
  const today = dubaiToday(now);
  const totals = { checked: 0, verified: 0, review: 0 };
  // Before the first office register there is nothing to check against: no verdicts at all,
  // rather than every brokerage "unknown" in the admin's queue.
  const [anyOffice] = await db.select({ orn: registerOffices.orn }).from(registerOffices).limit(1);
  if (!anyOffice) return totals;
  const rows = await db
    .select({
      id: brokerages.id,
      name: brokerages.name,
      nameAr: brokerages.nameAr,
      ornVerified: brokerages.ornVerified,
      previous: brokerageOrnChecks.status,
      nameEn: registerOffices.nameEn,
      registerNameAr: registerOffices.nameAr,
      licenseEnd: registerOffices.licenseEnd,
      registered: registerOffices.orn,
    })
    .from(brokerages)
    .leftJoin(registerOffices, sql`${registerOffices.orn} = upper(trim(${brokerages.ornNumber}))`)
    .leftJoin(brokerageOrnChecks, eq(brokerageOrnChecks.brokerageId, brokerages.id))
    .where(only ? eq(brokerages.id, only) : undefined);
  if (rows.length === 0) return totals;
  const checks = rows.map((r) => {
    const entry = r.registered ? { nameEn: r.nameEn, nameAr: r.registerNameAr, licenseEnd: r.licenseEnd } : null;
    const manual = r.ornVerified && r.previous !== 'verified';
    const status: LicenceStatus = manual ? 'manual' : officeStatus([r.name, r.nameAr], entry, today);
    return { r, entry, status };
  });
  await db
    .insert(brokerageOrnChecks)
    .values(checks.map(({ r, entry, status }) => ({ brokerageId: r.id, ...checkRecord(entry, status, now) })))
    .onConflictDoUpdate({ target: brokerageOrnChecks.brokerageId, set: replaceCheck });
  for (const verified of [true, false]) {
    const ids = checks
      .filter(
        ({ r, status }) => status !== 'manual' && (status === 'verified') === verified && r.ornVerified !== verified,
      )
      .map(({ r }) => r.id);
    if (ids.length)
      await db
        .update(brokerages)
        .set({ ornVerified: verified, ornVerifiedAt: verified ? now : null })
        .where(inArray(brokerages.id, ids));
  }
  tally(totals, checks);
  return totals;
}
