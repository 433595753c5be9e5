/** Query strings of the print downloads of a card (issue 15 Print). */
import { z } from 'zod';

/** Above 600 dpi a printer gains nothing a 2-inch code can use; the SVG scales further. */
export const PRINT_DPI = { min: 72, max: 600, default: 300 } as const;

const flag = z
  .enum(['0', '1', 'true', 'false'], { error: 'logo must be 0 or 1' })
  .transform((v) => v === '1' || v === 'true');

export const printQrPngQuerySchema = z.object({
  dpi: z.coerce
    .number({ error: 'dpi must be a number' })
    .int('dpi must be a whole number')
    .min(PRINT_DPI.min, `dpi must be at least ${PRINT_DPI.min}`)
    .max(PRINT_DPI.max, `dpi must be at most ${PRINT_DPI.max}`)
    .default(PRINT_DPI.default),
  logo: flag.default(false),
});

export const printSheetQuerySchema = z.object({
  lang: z.enum(['en', 'ar'], { error: 'lang must be "en" or "ar"' }).default('en'),
});
