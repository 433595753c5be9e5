import { z } from 'zod';
import { LIMITS } from '../limits';
import { BIDI_MESSAGE } from './bidi';

/**
 * NUL and the other C0 control characters (and DEL), except tab, line feed and carriage return.
 * PostgreSQL refuses NUL in text, and none of them belong in anything a person types.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL_CHARS = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]*$/;

/**
 * The string every request text field starts from (bad input never answers 500): refuses
 * control characters with a 400 at the schema. Chain .trim(), .max() etc. as on text().
 */
/**
 * The bidi embeddings and overrides (U+202A–202E): they make "Ahmed\u202Egnp.exe" display as
 * something else, in a company, an address or a listing title as much as in a name. Arabic and
 * Latin mix correctly without them. Names refuse the marks and isolates too (see bidi.ts).
 */
const NO_BIDI_OVERRIDES = /^[^\u202A-\u202E]*$/;

export function text(params?: Parameters<typeof z.string>[0]) {
  return z
    .string(params)
    .regex(CONTROL_CHARS, 'Must not contain control characters')
    .regex(NO_BIDI_OVERRIDES, BIDI_MESSAGE);
}

/** An http(s) URL only: javascript:, data: and every other scheme are refused. */
export const httpUrl = text()
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

export const uuidParam = z.object({ id: text().uuid('Not a valid id') });

export const emailField = text({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .max(254)
  .email('Please enter a valid email address');

export const pagination = z.object({
  limit: z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).default(LIMITS.pageSizeDefault),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

/**
 * A public list read by keyset (the directory, the listings): `after` is the X-Next-Cursor of the
 * page before, and replaces the offset.
 */
export const keysetPagination = pagination.extend({
  after: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .max(1000, 'Invalid cursor: ask for the first page again')
      .regex(/^[A-Za-z0-9_-]+$/, 'Invalid cursor: ask for the first page again')
      .optional(),
  ),
});

/**
 * A PATCH body must change something: `{}` answers 400 instead of reaching the
 * database as an empty UPDATE. Applied where the route declares its body, so the shared schema
 * stays extendable for forms.
 */
export function atLeastOneField<T extends z.ZodType<Record<string, unknown>>>(schema: T) {
  return schema.refine((v) => Object.values(v).some((x) => x !== undefined), {
    message: 'Send at least one field to change',
  });
}

/** A canonical place id ("dubai-marina", GET /api/places) or "other"; which ids exist is checked by choosePlace (places.ts). */
export const placeIdField = text()
  .trim()
  .max(48, 'Choose an area from the list')
  .regex(/^[a-z0-9-]*$/, 'Choose an area from the list')
  .nullable()
  .optional();

/**
 * An approval names the version the admin saw: without it, whatever the owner saved a moment
 * ago would go live unseen.
 */
export const APPROVAL_NEEDS_VERSION = 'Give the version of the content you reviewed';
export const reviewedVersionRequired = z
  .number({ error: APPROVAL_NEEDS_VERSION })
  .int(APPROVAL_NEEDS_VERSION)
  .min(1, APPROVAL_NEEDS_VERSION);
