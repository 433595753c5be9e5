/** Broker subscription payloads. */
import { z } from 'zod';
import { text } from './common';

/** Values of users.subscriptionStatus: `active` is the paid value, anything else is not. */
export const SUBSCRIPTION_STATUSES = ['active', 'inactive'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const PAYMENT_PROVIDERS = ['stripe', 'test'] as const;
export type PaymentProviderKind = (typeof PAYMENT_PROVIDERS)[number];

/** POST /api/get-or-create-subscription → the secret the browser confirms the payment with. */
export const subscriptionIntentSchema = z.object({
  clientSecret: z.string(),
  provider: z.enum(PAYMENT_PROVIDERS),
  /** Stripe.js needs it; absent for the test provider. */
  publishableKey: z.string().optional(),
  amountAed: z.number().int(),
});
export type SubscriptionIntent = z.infer<typeof subscriptionIntentSchema>;

/** GET /api/subscription */
export const subscriptionInfoSchema = z.object({
  status: z.string(),
  active: z.boolean(),
  /** ISO time the paid period ends (or ended). */
  periodEnd: z.string().nullable(),
  /** Whether the user's role pays the yearly fee. */
  required: z.boolean(),
  provider: z.enum(PAYMENT_PROVIDERS),
  publishableKey: z.string().optional(),
  priceAed: z.number().int(),
  periodDays: z.number().int(),
  /** The brokerage whose seat pays for the user's current period, when a brokerage pays. */
  seatBrokerage: z.string().nullable().optional(),
});
export type SubscriptionInfo = z.infer<typeof subscriptionInfoSchema>;

const digits = (v: string) => v.replace(/[\s-]/g, '');

/** Luhn checksum of a card number (digits only). */
export function luhnValid(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i += 1) {
    let d = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return number.length > 0 && sum % 10 === 0;
}

/** "MM/YY" (or MM/YYYY) in the current month or later. */
export function expiryValid(expiry: string, now = new Date()): boolean {
  const m = expiry.trim().match(/^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/);
  if (!m) return false;
  const month = Number(m[1]);
  const year = m[2].length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  if (month < 1 || month > 12) return false;
  return year * 12 + month >= now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
}

/**
 * The built-in test provider's card form: validated like a real card form, with the
 * provider-style messages a newcomer would see from Stripe.
 */
export const testCardSchema = z.object({
  cardNumber: text({ error: 'Your card number is incomplete.' })
    .transform(digits)
    .pipe(
      text()
        .regex(/^\d{12,19}$/, 'Your card number is incomplete.')
        .refine(luhnValid, 'Your card number is invalid.'),
    ),
  expiry: text({ error: "Your card's expiration date is incomplete." })
    .trim()
    .regex(/^\d{1,2}\s*\/\s*(\d{2}|\d{4})$/, "Your card's expiration date is incomplete.")
    .refine((v) => expiryValid(v), "Your card's expiration date is in the past."),
  cvc: text({ error: "Your card's security code is incomplete." })
    .trim()
    .regex(/^\d{3,4}$/, "Your card's security code is incomplete."),
});
export type TestCardInput = z.input<typeof testCardSchema>;

export const testConfirmSchema = testCardSchema.extend({
  clientSecret: text().min(10).max(200),
});
export type TestConfirmInput = z.input<typeof testConfirmSchema>;

export const testConfirmResultSchema = z.object({
  status: z.literal('succeeded'),
  subscriptionStatus: z.string(),
  periodEnd: z.string().nullable(),
});

/** Paid and not past the period end (active until the period end, then it lapses). */
export function subscriptionIsActive(
  u: { subscriptionStatus: string | null; subscriptionPeriodEnd: Date | string | null },
  now: Date = new Date(),
): boolean {
  if (u.subscriptionStatus !== 'active') return false;
  if (!u.subscriptionPeriodEnd) return true;
  return new Date(u.subscriptionPeriodEnd).getTime() > now.getTime();
}

/** One tax invoice in the user's list; amounts in fils (1 AED = 100 fils). */
export const invoiceSummarySchema = z.object({
  id: z.string(),
  number: z.string(),
  /** The invoice date, YYYY-MM-DD (UAE calendar day). */
  issueDate: z.string(),
  description: z.string(),
  descriptionAr: z.string(),
  currency: z.string(),
  netFils: z.number().int(),
  vatFils: z.number().int(),
  totalFils: z.number().int(),
  /** Where the PDF is downloaded. */
  pdfUrl: z.string(),
});
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;

/** GET /api/subscription/invoices: the signed-in user's invoices, newest first. */
export const invoiceListSchema = z.object({ invoices: z.array(invoiceSummarySchema) });
export type InvoiceList = z.infer<typeof invoiceListSchema>;

/** GET /api/subscription/invoices/:id/pdf?lang= (default: the user's saved language). */
export const invoicePdfQuerySchema = z.object({
  lang: z.enum(['en', 'ar'], { error: 'Choose en or ar.' }).optional(),
});
