/**
 * The public API (/api/v1): paging, the lead and caller answers, and the one error shape. The
 * contacts, cards, listings and webhooks answers are the app's own schemas; the OpenAPI document
 * is generated from all of these, so what is documented is what is validated.
 */
import { z } from 'zod';
import { API_SCOPES } from './api-keys';
import { text } from './common';
import { INQUIRY_STATUSES, LEAD_SOURCES } from './inquiry';

export const V1_PAGE = { default: 50, max: 100 } as const;

/**
 * Keyset pages in the order of the last change (oldest first, then id): a client that keeps the
 * last `next_cursor` — or the newest `updatedAt` it saw, as `updated_since` — reads only what
 * changed since, and a record changed while paging moves to the end instead of being skipped.
 */
export const v1PageQuery = z.object({
  cursor: text().max(500).optional().describe('The `next_cursor` of the previous page; opaque.'),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(V1_PAGE.max)
    .default(V1_PAGE.default)
    .describe(`Items per page (1–${V1_PAGE.max}).`),
  updated_since: z.iso
    .datetime({ offset: true, message: 'Use an ISO 8601 date-time, like 2026-01-31T09:00:00Z' })
    .optional()
    .describe('Only records created or changed at or after this time (ISO 8601).'),
});
export type V1PageQuery = z.output<typeof v1PageQuery>;

export function v1Page<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    /** Null on the last page. */
    next_cursor: z.string().nullable(),
  });
}

export const v1LeadSchema = z.object({
  id: z.string(),
  businessCardId: z.string(),
  cardName: z.string(),
  inquirerName: z.string(),
  inquirerEmail: z.string().nullable(),
  inquirerPhone: z.string().nullable(),
  inquirerCompany: z.string().nullable(),
  inquiryType: z.string(),
  message: z.string().nullable(),
  status: z.enum(INQUIRY_STATUSES),
  source: z.enum(LEAD_SOURCES),
  /** The brokerage whose team the lead reached, if any. */
  brokerageId: z.string().nullable(),
  /** The member a manager assigned the lead to. */
  assignedToId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type V1Lead = z.infer<typeof v1LeadSchema>;

export const v1MeSchema = z.object({
  user: z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), email: z.string() }),
  key: z.object({
    id: z.string(),
    scopes: z.array(z.enum(API_SCOPES)),
    /** Set for a brokerage key. */
    brokerageId: z.string().nullable(),
  }),
});

/**
 * Every error of the API: a stable machine-readable `code`, a human `message`, and for invalid
 * input `errors` naming each field with its message. Some errors add facts (`retryAfter`, `scope`).
 */
export const v1ErrorSchema = z.looseObject({
  code: z.string(),
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
});

/** Sent with a POST to make it safe to retry: the same key and body answer the first answer again. */
export const idempotencyHeaders = z.looseObject({
  'idempotency-key': text()
    .min(1)
    .max(255)
    .optional()
    .describe(
      'Any unique string (a UUID is fine). Retrying with the same key and body replays the first answer; the same key with another body is refused with 422. Kept for 24 hours.',
    ),
});

export const v1IdParams = z.object({ id: text().uuid('Not a valid id') });
