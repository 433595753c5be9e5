/** The e-mail signature of a card: which design, in which language. */
import { z } from 'zod';

export const SIGNATURE_DESIGNS = ['1', '2', '3'] as const;
export type SignatureDesign = (typeof SIGNATURE_DESIGNS)[number];
export const SIGNATURE_LANGS = ['en', 'ar'] as const;
export type SignatureLang = (typeof SIGNATURE_LANGS)[number];

/** E-mail clients cut or refuse large signatures (Gmail's limit is 10,000 characters). */
export const SIGNATURE_MAX_BYTES = 10 * 1024;

export const signatureQuerySchema = z.object({
  design: z.enum(SIGNATURE_DESIGNS, { error: 'Design must be 1, 2 or 3' }).default('1'),
  lang: z.enum(SIGNATURE_LANGS, { error: 'Language must be en or ar' }).default('en'),
});
export type SignatureQuery = z.input<typeof signatureQuerySchema>;
