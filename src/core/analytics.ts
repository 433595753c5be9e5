/**
 * Card analytics vocabulary: what a visitor did (action), where they came from
 * (source) and which UAE calendar day it was. Shared by the recorder, the charts and the pages
 * that build `?src=` links.
 */

/** Actions: a view of the card, a saved contact (vCard or wallet), contact clicks, a share, a lead. */
export const CARD_ACTIONS = ['view', 'contact_saved', 'call', 'whatsapp', 'email', 'share', 'inquiry'] as const;
export type CardAction = (typeof CARD_ACTIONS)[number];

/** What the page's beacon may report; views, saves and leads are counted by their own routes. */
export const BEACON_ACTIONS = ['call', 'whatsapp', 'email', 'share'] as const;
export type BeaconAction = (typeof BEACON_ACTIONS)[number];

/** Contact clicks and shares: the "actions" line of the chart. */
export const CLICK_ACTIONS: readonly CardAction[] = BEACON_ACTIONS;

export const SHARE_CHANNELS = ['whatsapp', 'linkedin', 'email', 'x', 'facebook', 'telegram', 'other'] as const;
export type ShareChannel = (typeof SHARE_CHANNELS)[number];

/**
 * Sources: a plain link, the printed/shown QR code, a tapped NFC tag, the QR on a video-call
 * background, the directory, search, or a share channel.
 */
export const CARD_SOURCES = ['direct', 'qr', 'nfc', 'background', 'directory', 'search', ...SHARE_CHANNELS] as const;
export type CardSource = (typeof CARD_SOURCES)[number];

const SOURCE_SET = new Set<string>(CARD_SOURCES);
/** Older links and pages said `link` for a plain visit and `twitter` for X. */
const SOURCE_ALIASES: Record<string, CardSource> = { link: 'direct', twitter: 'x' };

/** The source a `?src=` value names; anything unknown or missing is a direct visit (never an error). */
export function cardSource(raw: string | null | undefined): CardSource {
  const v = (raw ?? '').trim().toLowerCase();
  if (SOURCE_SET.has(v)) return v as CardSource;
  return SOURCE_ALIASES[v] ?? 'direct';
}

/** The chart periods: 7, 30 or 90 days ending today. */
export const ANALYTICS_PERIODS = [7, 30, 90] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];

/** Days are counted in UAE time (UTC+4 all year: the UAE has no daylight saving). */
const UAE_OFFSET_MS = 4 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The UAE calendar day of an instant, as YYYY-MM-DD. */
export function uaeDay(at: Date): string {
  return new Date(at.getTime() + UAE_OFFSET_MS).toISOString().slice(0, 10);
}

/** The day `n` days after (negative: before) a YYYY-MM-DD day. */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** Every day from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}
