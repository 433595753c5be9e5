/**
 * Money on tax invoices, in integer fils (1 AED = 100 fils): no floating point ever
 * touches an amount that is printed or stored.
 *
 * Bitaqa's prices are VAT-inclusive: the plan is shown as "AED 100/year" to consumers,
 * and UAE law has prices shown to consumers include VAT. So the total is what was charged,
 * and the invoice splits it: excl = round(total × 100 / 105) (half up), VAT = total − excl.
 * The two parts always add up to the total exactly.
 */

/** UAE VAT, in basis points (500 = 5 %). */
export const VAT_RATE_BP = 500;

export interface VatSplit {
  netFils: number;
  vatFils: number;
  totalFils: number;
  vatRateBp: number;
}

/** Splits a VAT-inclusive total into the amount excluding VAT and the VAT. */
export function splitVatInclusive(totalFils: number, vatRateBp = VAT_RATE_BP): VatSplit {
  if (!Number.isSafeInteger(totalFils) || totalFils < 0) throw new RangeError(`not an amount in fils: ${totalFils}`);
  if (!Number.isInteger(vatRateBp) || vatRateBp < 0) throw new RangeError(`not a VAT rate: ${vatRateBp}`);
  const denominator = 10_000 + vatRateBp;
  // round(total × 10000 / denominator), half up, in integers (exact below 2^53 / 20000 fils).
  const netFils = Math.floor((2 * totalFils * 10_000 + denominator) / (2 * denominator));
  return { netFils, vatFils: totalFils - netFils, totalFils, vatRateBp };
}

/** 123456 → "1,234.56" (always two decimals, the way AED amounts are printed). */
export function formatFils(fils: number): string {
  const sign = fils < 0 ? '-' : '';
  const abs = Math.abs(fils);
  const whole = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${whole}.${String(abs % 100).padStart(2, '0')}`;
}

/** 500 → "5%". */
export function formatRate(vatRateBp: number): string {
  return `${vatRateBp / 100}%`;
}
