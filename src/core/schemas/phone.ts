/**
 * Phone fields of every form: what a person types, checked with libphonenumber-js and
 * handed on in E.164, so the browser and the server store exactly the same number.
 */
import { z } from 'zod';
import { PHONE_MESSAGES, parsePhone } from '../phone';
import { text } from './common';

/** Checks a typed number; the empty string stays empty ("none") for the optional fields. */
const toE164Field = (value: string, ctx: z.RefinementCtx) => {
  if (value === '') return '';
  const r = parsePhone(value);
  if (r.ok) return r.e164;
  ctx.addIssue({ code: 'custom', message: r.message });
  return z.NEVER;
};

/** A required phone number, national (UAE) or international; the output is E.164. */
export const phoneField = text({ error: 'Phone number is required' })
  .trim()
  .min(1, 'Phone number is required')
  .transform(toE164Field);

/**
 * An optional phone number where the empty string means "none". One field rather than a union
 * with '', so a refused number answers its own message ("too long"), not "Invalid input".
 */
export const optionalPhoneField = text().trim().transform(toE164Field).optional().nullable();

export { PHONE_MESSAGES };
