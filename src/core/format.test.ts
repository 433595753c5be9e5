import { describe, expect, it } from 'vitest';
import { formatPriceAed } from './format';

describe('formatPriceAed', () => {
  it('keeps the short form on cards in English', () => {
    expect(formatPriceAed(1_850_000)).toBe('AED 1.9M');
    expect(formatPriceAed(85_000)).toBe('AED 85K');
    expect(formatPriceAed(950)).toBe('AED 950');
  });

  it('shows the exact amount a seller typed on the listing page, in both languages', () => {
    expect(formatPriceAed(1_850_000, { style: 'full' })).toBe('AED 1,850,000');
    expect(formatPriceAed(1_850_000, { locale: 'ar', style: 'full' })).toBe('1,850,000 درهم');
  });

  it('writes the short form in Arabic words with the currency after the amount', () => {
    expect(formatPriceAed(12_500_000, { locale: 'ar' })).toBe('12.5 مليون درهم');
    expect(formatPriceAed(12_000, { locale: 'ar' })).toBe('12 ألف درهم');
  });
});
