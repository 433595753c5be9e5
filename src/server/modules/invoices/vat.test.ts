/** VAT arithmetic of tax invoices: integer fils, VAT-inclusive prices, parts add up. */
import { describe, expect, it } from 'vitest';
import { formatFils, splitVatInclusive, VAT_RATE_BP } from './vat';

describe('splitting a VAT-inclusive total (5 %)', () => {
  // total (fils) → excl. VAT, VAT; excl = round(total × 100 / 105), half up; VAT = total − excl.
  const cases: [number, number, number][] = [
    [10_000, 9_524, 476], // the plan: AED 100.00 = 95.24 + 4.76 (9523.81 rounds up)
    [10_500, 10_000, 500], // exact: 105.00 = 100.00 + 5.00
    [105, 100, 5],
    [0, 0, 0],
    [1, 1, 0], // 0.95 rounds up
    [2, 2, 0], // 1.90
    [10, 10, 0], // 9.52 → 10
    [11, 10, 1], // 10.476 → 10
    [21, 20, 1], // 20.0 exactly
    [43, 41, 2], // 40.952 → 41
    [99, 94, 5], // 94.286 → 94
    [3_675, 3_500, 175],
    [9_999, 9_523, 476], // 9522.857 → 9523
    [36_750_000, 35_000_000, 1_750_000],
    [123_456_789, 117_577_894, 5_878_895], // 117577894.29 → 117577894
  ];
  it.each(cases)('%i fils → %i + %i', (total, net, vat) => {
    const split = splitVatInclusive(total);
    expect(split).toEqual({ netFils: net, vatFils: vat, totalFils: total, vatRateBp: VAT_RATE_BP });
    expect(split.netFils + split.vatFils).toBe(total);
  });

  it('rounds a half fils up (the exact case with the rate that makes halves)', () => {
    // With 100 % "VAT" (10000 bp), 1 fils splits 0.5 / 0.5: the half goes to the net amount.
    expect(splitVatInclusive(1, 10_000)).toMatchObject({ netFils: 1, vatFils: 0 });
    expect(splitVatInclusive(3, 10_000)).toMatchObject({ netFils: 2, vatFils: 1 });
  });

  it('always adds up and stays within half a fils of the exact amount', () => {
    for (let total = 0; total <= 50_000; total += 7) {
      const { netFils, vatFils } = splitVatInclusive(total);
      expect(netFils + vatFils).toBe(total);
      expect(Math.abs(netFils - (total * 100) / 105)).toBeLessThanOrEqual(0.5);
      expect(vatFils).toBeGreaterThanOrEqual(0);
    }
  });

  it('refuses amounts that are not whole fils', () => {
    expect(() => splitVatInclusive(10.5)).toThrow(RangeError);
    expect(() => splitVatInclusive(-1)).toThrow(RangeError);
    expect(() => splitVatInclusive(Number.NaN)).toThrow(RangeError);
  });
});

describe('printing amounts', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [476, '4.76'],
    [10_000, '100.00'],
    [123_456, '1,234.56'],
    [123_456_789, '1,234,567.89'],
  ])('%i fils → %s', (fils, text) => {
    expect(formatFils(fils)).toBe(text);
  });
});
