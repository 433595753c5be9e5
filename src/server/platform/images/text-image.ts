/**
 * Text drawn for server-made images (share pictures): through Pango and HarfBuzz inside libvips, so
 * Arabic is joined and right to left, in the Noto Sans Arabic shipped from npm (@fontsource) rather
 * than whatever fonts the machine has. The same approach as a card's link preview; kept here so any
 * module may draw text without reaching into the cards module.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';

const fonts = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@fontsource/noto-sans-arabic/package.json')),
  'files',
);

const ARABIC = /[\u0600-\u06FF]/;

/** WOFF (not WOFF2): FreeType reads it without brotli. The Arabic subset for Arabic text, Latin otherwise. */
const fontFile = (text: string, weight: 400 | 700) =>
  path.join(fonts, `noto-sans-arabic-${ARABIC.test(text) ? 'arabic' : 'latin'}-${weight}-normal.woff`);

/** Whether the text's first letter is Arabic: Pango then lays the paragraph out right to left. */
const startsArabic = (text: string) => ARABIC.test(text.match(/[\p{L}]/u)?.[0] ?? '');

const markup = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export interface TextOptions {
  size: number;
  color: string;
  weight?: 400 | 700;
  /** Wrap width in pixels. */
  width: number;
  /** Right-aligned lines (Arabic pictures). */
  alignRight?: boolean;
}

/** Text as a transparent PNG, wrapped to `width`, with its size. */
export async function textImage(
  text: string,
  { size, color, weight = 400, width, alignRight }: TextOptions,
): Promise<{ png: Buffer; width: number; height: number }> {
  const png = await sharp({
    text: {
      text: `<span foreground="${color}">${markup(text)}</span>`,
      fontfile: fontFile(text, weight),
      font: `Noto Sans Arabic ${weight === 700 ? 'Bold ' : ''}${size}`,
      width,
      rgba: true,
      dpi: 72,
      wrap: 'word-char',
      // Pango mirrors the alignment of a right-to-left paragraph (its `auto_dir`), so an Arabic
      // paragraph asks for the left to end up on the right, and the other way round.
      align: alignRight !== startsArabic(text) ? 'right' : 'left',
    },
  })
    .png()
    .toBuffer();
  const m = await sharp(png).metadata();
  return { png, width: m.width ?? 0, height: m.height ?? 0 };
}
