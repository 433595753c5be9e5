/**
 * Lines of PDF text in visual order: the bidirectional algorithm orders runs
 * left to right, Arabic runs stay in reading order for fontkit to shape and reverse, dates and
 * invoice numbers read left to right inside Arabic text, brackets are mirrored.
 */
import { describe, expect, it } from 'vitest';
import { visualRuns, woffToSfnt } from './bidi-text';

const texts = (line: string, dir: 'ltr' | 'rtl') => visualRuns(line, dir).map((r) => r.text);

describe('visual runs', () => {
  it('puts an Arabic label to the right of the Latin invoice number it introduces', () => {
    expect(visualRuns('رقم الفاتورة: INV-2031-000024', 'rtl')).toEqual([
      { text: 'INV-2031-000024', font: 'lat' },
      { text: ' :', font: 'lat' },
      { text: 'رقم الفاتورة', font: 'ar' },
    ]);
  });

  it('keeps dates left to right in Arabic text and mirrors the brackets', () => {
    expect(texts('اشتراك سنوي (من 2026-11-26 إلى 2027-11-26)', 'rtl')).toEqual([
      '(',
      '2027-11-26',
      'إلى ',
      ' ',
      '2026-11-26',
      'من ',
      ')',
      'اشتراك سنوي ',
    ]);
  });

  it('leaves English lines in order and draws an Arabic name with the Arabic font', () => {
    expect(visualRuns('Bill to سارة Test', 'ltr')).toEqual([
      { text: 'Bill to ', font: 'lat' },
      { text: 'سارة', font: 'ar' },
      { text: ' ', font: 'ar' },
      { text: 'Test', font: 'lat' },
    ]);
  });

  it('prints a character the fonts cannot draw (an emoji in a name) as a replacement mark', () => {
    expect(texts('Bill to Sara 🏠 Test', 'ltr')).toEqual(['Bill to Sara \uFFFD Test']);
  });
});

describe('WOFF to sfnt', () => {
  it('leaves a font that is not WOFF alone', () => {
    const ttf = Buffer.from([0, 1, 0, 0, 0, 0]);
    expect(woffToSfnt(ttf)).toBe(ttf);
  });
});
