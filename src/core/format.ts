/**
 * Price display of spec §9: 1,000,000 and up as "AED x.xM" (one decimal), 1,000 and up as
 * "AED xK" (no decimals), otherwise the full number.
 */
export function formatPriceAed(price: number): string {
  if (price >= 1_000_000) return `AED ${(price / 1_000_000).toFixed(1)}M`;
  if (price >= 1_000) return `AED ${Math.round(price / 1_000)}K`;
  return `AED ${price}`;
}

/** Digits only, for WhatsApp and Telegram links (spec §2 Public card view). */
export function phoneDigits(phone: string | null | undefined): string {
  return (phone ?? '').replace(/\D/g, '');
}

/** A file-name-safe stem from a card name, keeping Arabic letters. */
export function fileStem(name: string): string {
  const stem = name
    .trim()
    .replace(/[\\/:*?"<>|\s]+/g, '_')
    .replace(/_+/g, '_');
  return stem || 'card';
}
