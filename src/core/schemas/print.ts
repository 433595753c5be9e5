/** Query strings of the print downloads of a card. */
import { z } from 'zod';

/** Above 600 dpi a printer gains nothing a 2-inch code can use; the SVG scales further. */
export const PRINT_DPI = { min: 72, max: 600, default: 300 } as const;

/**
 * The resolutions a print PNG is drawn at. Any dpi in range is accepted and drawn at the nearest
 * of these (ties go to the sharper one): every distinct dpi was a render of its own (150–230 ms of
 * CPU) and a cache entry, so a few hundred made-up values per card were a cheap way to burn both.
 */
export const PRINT_DPI_STEPS = [72, 150, 300, 600] as const;

export function snapDpi(dpi: number): number {
  let best: number = PRINT_DPI_STEPS[0];
  for (const step of PRINT_DPI_STEPS) if (Math.abs(step - dpi) <= Math.abs(best - dpi)) best = step;
  return best;
}

const flag = z
  .enum(['0', '1', 'true', 'false'], { error: 'logo must be 0 or 1' })
  .transform((v) => v === '1' || v === 'true');

export const printQrPngQuerySchema = z.object({
  dpi: z.coerce
    .number({ error: 'dpi must be a number' })
    .int('dpi must be a whole number')
    .min(PRINT_DPI.min, `dpi must be at least ${PRINT_DPI.min}`)
    .max(PRINT_DPI.max, `dpi must be at most ${PRINT_DPI.max}`)
    .default(PRINT_DPI.default)
    .transform(snapDpi),
  logo: flag.default(false),
});

export const printSheetQuerySchema = z.object({
  lang: z.enum(['en', 'ar'], { error: 'lang must be "en" or "ar"' }).default('en'),
});

/** A video-call background of a card: design, language and the two sizes video apps take. */
export const BACKGROUND_DESIGNS = ['1', '2', '3'] as const;
export const BACKGROUND_SIZES = ['1920x1080', '1280x720'] as const;
export type BackgroundDesign = (typeof BACKGROUND_DESIGNS)[number];
export type BackgroundSize = (typeof BACKGROUND_SIZES)[number];
export type BackgroundLang = 'en' | 'ar';

export const backgroundQuerySchema = z.object({
  design: z.enum(BACKGROUND_DESIGNS, { error: 'design must be 1, 2 or 3' }).default('1'),
  lang: z.enum(['en', 'ar'], { error: 'lang must be "en" or "ar"' }).default('en'),
  size: z.enum(BACKGROUND_SIZES, { error: 'size must be 1920x1080 or 1280x720' }).default('1920x1080'),
});
