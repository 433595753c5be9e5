/**
 * What POST /api/contacts/scan answers: the fields read from a paper card (nothing saved), the
 * raw text, and a confidence in 0..1 for each field so the review screen can flag what to check.
 */
import { z } from 'zod';

/** Per photo; phone cameras write 3–6 MB JPEGs. */
export const SCAN_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** Below this a field is shown as "check this". */
export const SCAN_LOW_CONFIDENCE = 0.6;

export const scanFieldsSchema = z.object({
  name: z.string(),
  nameAr: z.string(),
  title: z.string(),
  company: z.string(),
  phones: z.array(z.string()),
  emails: z.array(z.string()),
  website: z.string(),
  address: z.string(),
  brn: z.string(),
  orn: z.string(),
});

export const scanResultSchema = z.object({
  fields: scanFieldsSchema,
  text: z.string(),
  confidence: z.record(scanFieldsSchema.keyof(), z.number().min(0).max(1)),
  /** 'ocr' when read on our machine only, 'ai' when a model improved the fields. */
  source: z.enum(['ocr', 'ai']),
});

export type ScanResult = z.infer<typeof scanResultSchema>;
