/**
 * Prices in dirhams. `compact` is the short form for tight places (cards, chips):
 * 1,000,000 and up as "AED x.xM" (one decimal), 1,000 and up as "AED xK", otherwise the full
 * number. `full` is the amount exactly as typed, grouped ("AED 1,850,000"), for a listing's own
 * page (never show a price as a different number where it is the subject). Arabic puts
 * the currency after the amount ("1,850,000 درهم", "1.9 مليون درهم"); digits stay Western, as
 * on UAE listings.
 */
export type PriceStyle = 'compact' | 'full';

export function formatPriceAed(price: number, opts: { locale?: string; style?: PriceStyle } = {}): string {
  const arabic = opts.locale?.startsWith('ar') ?? false;
  if (opts.style === 'full') {
    const amount = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 }).format(price);
    return arabic ? `${amount} درهم` : `AED ${amount}`;
  }
  if (arabic) {
    const amount = new Intl.NumberFormat('ar-AE', {
      notation: 'compact',
      compactDisplay: 'long',
      maximumFractionDigits: 1,
      numberingSystem: 'latn',
    }).format(price);
    return `${amount} درهم`;
  }
  if (price >= 1_000_000) return `AED ${(price / 1_000_000).toFixed(1)}M`;
  if (price >= 1_000) return `AED ${Math.round(price / 1_000)}K`;
  return `AED ${price}`;
}

/** A file-name-safe stem from a card name, keeping Arabic letters. */
export function fileStem(name: string): string {
  const stem = name
    .trim()
    .replace(/[\\/:*?"<>|\s]+/g, '_')
    .replace(/_+/g, '_');
  return stem || 'card';
}

/** A date-only value (YYYY-MM-DD) as that calendar day, written the reader's way: "14 Mar 2027". */
export function licenceDate(day: string, language: string): string {
  return new Date(`${day.slice(0, 10)}T00:00:00Z`).toLocaleDateString(language === 'ar' ? 'ar-AE' : 'en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}
