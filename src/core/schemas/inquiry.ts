/** Leads from a public card: the visitor's inquiry and the owner's Leads list. */
import { z } from 'zod';
import { INQUIRY_STATUSES, INQUIRY_TYPES } from '../enums';
import { LIMITS } from '../limits';
import { withoutBidi } from './bidi';
import { optionalPhoneField } from './phone';
import { emailField, pagination, text } from './common';

export { INQUIRY_STATUSES, INQUIRY_TYPES };

/** Inquiries one address may send in INQUIRY_RATE.windowMs before 429. */
export const INQUIRY_RATE = { max: 5, windowMs: 10 * 60 * 1000 } as const;
export const INQUIRY_MESSAGE_MAX = 2000;

/** Lead sources; the database checks the same list. */
export const LEAD_SOURCES = ['inquiry', 'exchange'] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];

/** The contact form on /cards/{id}. */
export const inquiryCreateSchema = z.object({
  inquirerName: withoutBidi(
    text({ error: 'Name is required' }).trim().min(1, 'Name is required').max(LIMITS.nameMax, 'Name is too long'),
  ),
  inquirerEmail: emailField,
  inquirerPhone: optionalPhoneField,
  inquiryType: z.enum(INQUIRY_TYPES, { error: 'Please choose what your inquiry is about' }),
  message: text()
    .trim()
    .max(INQUIRY_MESSAGE_MAX, `Message must be at most ${INQUIRY_MESSAGE_MAX} characters`)
    .optional()
    .nullable(),
  consent: z.literal(true, { error: 'Please agree to be contacted about your inquiry' }),
  /** Honeypot: hidden from people, filled in by bots. A filled one is accepted and dropped. */
  website: text().max(500).optional(),
});
export type InquiryCreateInput = z.input<typeof inquiryCreateSchema>;

export const inquirySchema = z.object({
  id: z.string(),
  businessCardId: z.string(),
  cardName: z.string(),
  inquirerName: z.string(),
  /** Null only for a contact exchange that left a phone number alone. */
  inquirerEmail: z.string().nullable(),
  inquirerPhone: z.string().nullable(),
  inquirerCompany: z.string().nullable(),
  inquiryType: z.string(),
  message: z.string().nullable(),
  status: z.enum(INQUIRY_STATUSES),
  /** Where the lead came from: the contact form, or a visitor sharing their details back. */
  source: z.enum(LEAD_SOURCES),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Inquiry = z.infer<typeof inquirySchema>;

export const inquiryListQuerySchema = pagination.extend({
  status: z.enum(INQUIRY_STATUSES).optional(),
});
export type InquiryListQuery = z.input<typeof inquiryListQuerySchema>;

export const inquiryListSchema = z.object({
  items: z.array(inquirySchema),
  total: z.number().int(),
  /** Counts by status over all the owner's inquiries. */
  counts: z.object({
    pending: z.number().int(),
    contacted: z.number().int(),
    qualified: z.number().int(),
    closed: z.number().int(),
  }),
});
export type InquiryList = z.infer<typeof inquiryListSchema>;

export const inquiryStatusSchema = z.object({
  status: z.enum(INQUIRY_STATUSES, { error: 'Status must be pending, contacted, qualified or closed' }),
});
