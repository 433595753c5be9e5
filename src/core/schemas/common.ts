import { z } from 'zod';
import { LIMITS } from '../limits';

/** An http(s) URL only: javascript:, data: and every other scheme are refused (issue 3). */
export const httpUrl = z
  .string()
  .trim()
  .max(LIMITS.urlMax)
  .refine((v) => {
    // The URL parser silently drops tabs and newlines; refuse them so what is stored is what was checked.
    if (/\s/.test(v) || Array.from(v).some((c) => c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127)) return false;
    try {
      const u = new URL(v);
      return u.protocol === 'http:' || u.protocol === 'https:';
    } catch {
      return false;
    }
  }, 'Must be a link starting with http:// or https://');

/** An optional http(s) URL where the empty string means "none". */
export const optionalHttpUrl = z
  .union([z.literal(''), httpUrl])
  .optional()
  .nullable();

export const uuidParam = z.object({ id: z.string().uuid('Not a valid id') });

export const emailField = z
  .string({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .max(254)
  .email('Please enter a valid email address');

export const pagination = z.object({
  limit: z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).default(LIMITS.pageSizeDefault),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
