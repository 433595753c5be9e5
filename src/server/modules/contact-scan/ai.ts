/**
 * Optional improvement by an OpenAI-compatible model (AI_BASE_URL). It receives the OCR text and the
 * offline fields and may correct them; its answer is used only when it arrives within the timeout
 * and passes validation, so a slow or absent endpoint leaves the offline result in place.
 */
import OpenAI from 'openai';
import { z } from 'zod';
import type { Extraction, ScanFields } from '../../../core/contact-scan/extract';
import { toE164 } from '../../../core/phone';

export interface ScanAiOptions {
  baseUrl: string;
  apiKey: string;
  model: string;
  timeoutMs: number;
}

export type ScanRefiner = (text: string, offline: Extraction) => Promise<Partial<ScanFields> | null>;

const str = z.string().trim().max(200).optional().catch(undefined);
const answerSchema = z.object({
  name: str,
  nameAr: str,
  title: str,
  company: str,
  phones: z.array(z.string().max(40)).max(6).optional().catch(undefined),
  emails: z.array(z.string().email().max(200)).max(6).optional().catch(undefined),
  website: str,
  address: z.string().trim().max(300).optional().catch(undefined),
  brn: z
    .string()
    .regex(/^\d{3,7}$/)
    .optional()
    .catch(undefined),
  orn: z
    .string()
    .regex(/^\d{3,7}$/)
    .optional()
    .catch(undefined),
});

const PROMPT = [
  'You correct fields read by OCR from a UAE business card (English and/or Arabic).',
  'Use only what the text shows; never invent a number, e-mail or name. Answer with ONE JSON object with the keys',
  'name (English), nameAr (Arabic), title, company, phones (array), emails (array), website, address, brn, orn;',
  'leave out a key you cannot read.',
].join(' ');

/** Parses the model's answer; numbers that do not parse as phones are dropped. */
export function parseScanAnswer(content: string | null | undefined): Partial<ScanFields> | null {
  if (!content) return null;
  const start = content.indexOf('{');
  const end = content.lastIndexOf('}');
  if (start < 0 || end <= start) return null;
  const parsed = answerSchema.safeParse(JSON.parse(content.slice(start, end + 1)));
  if (!parsed.success) return null;
  const out: Partial<ScanFields> = {};
  for (const [k, v] of Object.entries(parsed.data)) {
    if (v === undefined || v === '') continue;
    if (k === 'phones') out.phones = (v as string[]).map((p) => toE164(p)).filter((p): p is string => !!p);
    else if (k === 'emails') out.emails = (v as string[]).map((e) => e.toLowerCase());
    else (out as Record<string, unknown>)[k] = v;
  }
  return out;
}

export function createScanRefiner(opts: ScanAiOptions): ScanRefiner {
  const client = new OpenAI({ baseURL: opts.baseUrl, apiKey: opts.apiKey, timeout: opts.timeoutMs, maxRetries: 0 });
  return async (text, offline) => {
    const completion = await client.chat.completions.create(
      {
        model: opts.model,
        temperature: 0,
        max_tokens: 600,
        messages: [
          { role: 'system', content: PROMPT },
          { role: 'user', content: `OCR text:\n${text}\n\nFields read offline:\n${JSON.stringify(offline.fields)}` },
        ],
      },
      { signal: AbortSignal.timeout(opts.timeoutMs) },
    );
    return parseScanAnswer(completion.choices?.[0]?.message?.content);
  };
}
