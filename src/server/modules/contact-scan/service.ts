/**
 * Reads a paper card: checks each photo, prepares it, OCRs the sides in the worker pool, applies the
 * card rules, and lets an AI model improve the result when one is configured and answers in time.
 */
import { fileTypeFromBuffer } from 'file-type';
import { type Extraction, extractFields, type OcrLine, type ScanFields } from '../../../core/contact-scan/extract';
import { SCAN_IMAGE_MAX_BYTES, type ScanResult } from '../../../core/schemas/contact-scan';
import { AppError } from '../../errors';
import type { ScanRefiner } from './ai';
import type { OcrPool } from './ocr';
import { flattenLight, prepareForOcr } from './preprocess';

const ACCEPTED = ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif'];

export const SCAN_MESSAGES = {
  type: 'Only photos (JPEG, PNG or WebP) can be scanned.',
  tooLarge: `The photo is too large. The limit is ${SCAN_IMAGE_MAX_BYTES / 1024 / 1024} MB per side.`,
  unreadable: 'The photo could not be opened. Please try another file.',
  noText: 'No text was found on this photo. Take it again in good light, with the card filling the frame.',
  missing: 'Send the front of the card as a photo in a field named "front".',
} as const;

export const scanTooLarge = () => new AppError(413, 'SCAN_IMAGE_TOO_LARGE', SCAN_MESSAGES.tooLarge);

export interface ScanDeps {
  ocr: OcrPool;
  refine?: ScanRefiner | undefined;
  /** Log an AI failure (the offline result is answered anyway). */
  onAiError?: (err: unknown) => void;
  /** Sees the OCR lines of all sides, in the order the card rules read them (the bench records them). */
  onLines?: (lines: readonly OcrLine[]) => void;
}

export interface SideTiming {
  prepareMs: number;
  ocrMs: number;
}

/** One side: refuses what is not a photo, then OCRs it. */
async function readSide(deps: ScanDeps, bytes: Buffer, timings?: SideTiming[]) {
  if (bytes.length > SCAN_IMAGE_MAX_BYTES) throw scanTooLarge();
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !ACCEPTED.includes(type.mime)) throw new AppError(400, 'SCAN_NOT_AN_IMAGE', SCAN_MESSAGES.type);
  const t0 = performance.now();
  const prepared = await prepareForOcr(bytes).catch(() => {
    throw new AppError(400, 'SCAN_IMAGE_UNREADABLE', SCAN_MESSAGES.unreadable);
  });
  const t1 = performance.now();
  let result = await deps.ocr.read(prepared.png);
  // No e-mail or no phone number usually means part of the card was in shadow: read it again
  // with the light evened out, and keep the lines of both readings.
  if (!/@/.test(result.text) || !/\d{3}[\s-]?\d{3}/.test(result.text)) {
    const again = await deps.ocr.read(await flattenLight(prepared.png));
    result = {
      text: `${result.text}\n${again.text}`,
      lines: [...result.lines, ...again.lines],
      confidence: Math.max(result.confidence, again.confidence),
    };
  }
  timings?.push({ prepareMs: t1 - t0, ocrMs: performance.now() - t1 });
  return result;
}

/** Keeps the model's value for a field unless it is empty; lists are merged, the model's first. */
function merge(offline: Extraction, better: Partial<ScanFields>): Extraction {
  const fields = { ...offline.fields };
  const confidence = { ...offline.confidence };
  for (const key of Object.keys(better) as (keyof ScanFields)[]) {
    const value = better[key];
    if (Array.isArray(value)) {
      if (!value.length) continue;
      (fields as Record<string, unknown>)[key] = [...new Set([...value, ...(offline.fields[key] as string[])])];
    } else if (value) {
      (fields as Record<string, unknown>)[key] = value;
    } else continue;
    confidence[key] = Math.max(confidence[key], 0.8);
  }
  return { fields, confidence };
}

export async function scanCard(
  deps: ScanDeps,
  sides: { front: Buffer; back?: Buffer | undefined },
  timings?: SideTiming[],
): Promise<ScanResult> {
  // Both photos are checked before any OCR starts, so a bad back fails fast.
  const list = [sides.front, ...(sides.back ? [sides.back] : [])];
  const read = await Promise.all(list.map((b) => readSide(deps, b, timings)));
  const lines = read.flatMap((r) => r.lines);
  const text = read.map((r) => r.text).join('\n\n');
  if (!/[\p{L}\p{N}]{2,}/u.test(text) || lines.every((l) => (l.confidence ?? 1) < 0.3)) {
    throw new AppError(400, 'SCAN_NO_TEXT', SCAN_MESSAGES.noText);
  }
  deps.onLines?.(lines);
  const offline = extractFields(lines);
  if (deps.refine) {
    try {
      const better = await deps.refine(text, offline);
      if (better) return { ...merge(offline, better), text, source: 'ai' };
    } catch (err) {
      deps.onAiError?.(err);
    }
  }
  return { ...offline, text, source: 'ocr' };
}
