/**
 * Advertising permits by emirate. A listing in Dubai advertises under a Trakheesi permit (Dubai
 * Land Department) and one in Abu Dhabi under a Madhmoun permit (Abu Dhabi's real-estate
 * regulator); elsewhere a permit is optional, and when one is given its issuing authority is
 * named. Every permit has an expiry date: the listing is on the market through that day (Dubai
 * time) and off it the day after, without any job running.
 *
 * Shared by the web form, the API's zod schemas and the server's checks, so the rules and their
 * messages are one list. The formats are sanity checks against typing mistakes, not a look-up
 * at the regulator.
 */
import type { PropertyStatus } from './enums';
import { isListingClosed } from './enums';

export const PERMIT_AUTHORITIES = ['trakheesi', 'madhmoun', 'other'] as const;
export type PermitAuthority = (typeof PERMIT_AUTHORITIES)[number];

/**
 * Trakheesi permit numbers are all digits (today 10 or 11). 6 to 12 digits leaves room for the
 * older and the next series while catching a BRN, an ORN or a phone number typed in by mistake.
 */
export const TRAKHEESI_RE = /^\d{6,12}$/;
/**
 * Madhmoun permit numbers are letters and digits, sometimes grouped with dashes: 6 to 24
 * characters with at least one digit, single dashes only between groups.
 */
export const MADHMOUN_RE = /^(?=[A-Za-z0-9-]{6,24}$)(?=.*\d)[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*$/;
/** Any other emirate's permit: letters, digits and dashes. */
export const OTHER_PERMIT_RE = /^[A-Za-z0-9-]{4,40}$/;
export const PERMIT_AUTHORITY_NAME_MAX = 100;

/** The permit's expiry, a calendar day (YYYY-MM-DD). */
export const PERMIT_DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/** The authority whose permit a listing in this emirate (its English name, as stored) needs. */
export function permitAuthorityFor(city: string | null | undefined): PermitAuthority {
  if (city === 'Dubai') return 'trakheesi';
  if (city === 'Abu Dhabi') return 'madhmoun';
  return 'other';
}

/** Dubai and Abu Dhabi list nothing without a permit; the other emirates leave it to the lister. */
export const permitRequired = (city: string | null | undefined): boolean => permitAuthorityFor(city) !== 'other';

/** The day it is in the UAE (UTC+4, no daylight saving): the day permits expire by. */
export const uaeToday = (now: Date): string => new Date(now.getTime() + 4 * 3600_000).toISOString().slice(0, 10);

/** Whole days from `today` to `day` (both YYYY-MM-DD). */
export const daysBetween = (today: string, day: string): number =>
  Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);

export const PERMIT_MESSAGES = {
  trakheesiRequired: 'A Trakheesi (DLD) advertising permit number is required for listings in Dubai',
  trakheesiFormat: 'A Trakheesi permit number is 6 to 12 digits, with no letters or spaces',
  madhmounRequired: 'A Madhmoun advertising permit number is required for listings in Abu Dhabi',
  madhmounFormat: 'A Madhmoun permit number is 6 to 24 letters and digits (dashes allowed between groups)',
  otherFormat: 'Permit number must be 4 to 40 letters, digits or dashes',
  authorityName: 'Name the authority that issued the permit',
  authorityNameMax: `The authority's name must be at most ${PERMIT_AUTHORITY_NAME_MAX} characters`,
  numberFirst: 'Enter the permit number this applies to',
  expiryRequired: "Enter the permit's expiry date",
  expiryFormat: 'Enter the expiry date as a date',
  expired: 'This permit has expired: enter a renewed permit and its new expiry date',
} as const;

export interface PermitFields {
  city?: string | null;
  permitNumber?: string | null;
  permitAuthorityName?: string | null;
  permitExpiresOn?: string | null;
}

export interface PermitIssue {
  path: 'permitNumber' | 'permitAuthorityName' | 'permitExpiresOn';
  message: string;
}

const blank = (s: string | null | undefined) => !s?.trim();

/** A real calendar day in YYYY-MM-DD (rejects 2026-02-30). */
export function isCalendarDay(s: string): boolean {
  if (!PERMIT_DATE_RE.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/**
 * What is wrong with a listing's permit for its emirate, field by field. `today` (the UAE day)
 * adds the check that the permit has not expired; without it only the form is checked (the
 * browser's form, whose clock the server does not trust).
 */
export function permitIssues(v: PermitFields, today?: string): PermitIssue[] {
  const issues: PermitIssue[] = [];
  const authority = permitAuthorityFor(v.city);
  const number = v.permitNumber?.trim() ?? '';
  if (!number) {
    if (authority === 'trakheesi') issues.push({ path: 'permitNumber', message: PERMIT_MESSAGES.trakheesiRequired });
    else if (authority === 'madhmoun') issues.push({ path: 'permitNumber', message: PERMIT_MESSAGES.madhmounRequired });
    else if (!blank(v.permitExpiresOn) || !blank(v.permitAuthorityName))
      issues.push({ path: 'permitNumber', message: PERMIT_MESSAGES.numberFirst });
    return issues;
  }
  if (authority === 'trakheesi' && !TRAKHEESI_RE.test(number))
    issues.push({ path: 'permitNumber', message: PERMIT_MESSAGES.trakheesiFormat });
  if (authority === 'madhmoun' && !MADHMOUN_RE.test(number))
    issues.push({ path: 'permitNumber', message: PERMIT_MESSAGES.madhmounFormat });
  if (authority === 'other') {
    if (!OTHER_PERMIT_RE.test(number)) issues.push({ path: 'permitNumber', message: PERMIT_MESSAGES.otherFormat });
    const name = v.permitAuthorityName?.trim() ?? '';
    if (!name) issues.push({ path: 'permitAuthorityName', message: PERMIT_MESSAGES.authorityName });
    else if (name.length > PERMIT_AUTHORITY_NAME_MAX)
      issues.push({ path: 'permitAuthorityName', message: PERMIT_MESSAGES.authorityNameMax });
  }
  const expiry = v.permitExpiresOn?.trim() ?? '';
  if (!expiry) issues.push({ path: 'permitExpiresOn', message: PERMIT_MESSAGES.expiryRequired });
  else if (!isCalendarDay(expiry)) issues.push({ path: 'permitExpiresOn', message: PERMIT_MESSAGES.expiryFormat });
  else if (today && expiry < today) issues.push({ path: 'permitExpiresOn', message: PERMIT_MESSAGES.expired });
  return issues;
}

/** The permit expired: its last day is before today (UAE). A listing without an expiry never expires here. */
export const permitExpired = (expiresOn: string | null | undefined, today: string): boolean =>
  !!expiresOn && expiresOn < today;

/**
 * Why a listing is off the market, or null when it is on it: sold or let by its owner, or its
 * advertising permit expired. An off-market listing is in no public list, search or sitemap, its
 * page says why, and it is not shared.
 */
export type OffMarketReason = 'sold' | 'rented' | 'permit_expired';

export function offMarketReason(
  p: { status: PropertyStatus; permitExpiresOn?: string | null },
  today: string,
): OffMarketReason | null {
  if (isListingClosed(p.status)) return p.status === 'sold' ? 'sold' : 'rented';
  if (permitExpired(p.permitExpiresOn, today)) return 'permit_expired';
  return null;
}

/** Days before expiry the owner is told by e-mail. */
export const PERMIT_NOTICE_DAYS = 7;
