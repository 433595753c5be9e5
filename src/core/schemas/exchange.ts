/**
 * Contact exchange: a visitor of a public card shares their own details back. The
 * owner gets them as a lead (source "exchange"), with the same consent, honeypot and rate limit
 * as an inquiry.
 */
import { z } from 'zod';
import { LIMITS } from '../limits';
import { withoutBidi } from './bidi';
import { emailField, text } from './common';
import { optionalPhoneField } from './phone';

export const EXCHANGE_NOTE_MAX = 1000;
export const EXCHANGE_COMPANY_MAX = 100;
export const EXCHANGE_REACH_MESSAGE = 'Please give a phone number or an e-mail address';

const optionalEmail = z
  .union([z.literal(''), emailField])
  .optional()
  .nullable();

/**
 * The "Share your details" form. With `useMyCard` a signed-in visitor shares their own approved
 * card instead of typing: name, phone, e-mail and company then come from that card.
 */
export const exchangeCreateSchema = z
  .object({
    name: withoutBidi(text().trim().max(LIMITS.nameMax, 'Name is too long')).optional(),
    phone: optionalPhoneField,
    email: optionalEmail,
    company: withoutBidi(
      text().trim().max(EXCHANGE_COMPANY_MAX, `Company must be at most ${EXCHANGE_COMPANY_MAX} characters`),
    )
      .optional()
      .nullable(),
    note: text()
      .trim()
      .max(EXCHANGE_NOTE_MAX, `Note must be at most ${EXCHANGE_NOTE_MAX} characters`)
      .optional()
      .nullable(),
    consent: z.literal(true, { error: 'Please agree to share your details' }),
    /** Honeypot: hidden from people, filled in by bots. A filled one is accepted and dropped. */
    website: text().max(500).optional(),
    useMyCard: z.boolean().optional(),
  })
  .superRefine(
    (v, ctx) => {
      if (v.useMyCard) return;
      if (!v.name) ctx.addIssue({ code: 'custom', path: ['name'], message: 'Name is required' });
      if (!v.phone && !v.email) {
        ctx.addIssue({ code: 'custom', path: ['phone'], message: EXCHANGE_REACH_MESSAGE });
        ctx.addIssue({ code: 'custom', path: ['email'], message: EXCHANGE_REACH_MESSAGE });
      }
    },
    // Also when another field is wrong, so the form shows every missing field at once; but only on
    // an object; a body of null, a list or a number has no fields to look at (a 400 already says so).
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null && !Array.isArray(payload.value) },
  );
export type ExchangeCreateInput = z.input<typeof exchangeCreateSchema>;
export type ExchangeCreateParsed = z.output<typeof exchangeCreateSchema>;
