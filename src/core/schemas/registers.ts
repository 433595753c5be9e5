/** The regulator's registers in the admin's hands: import reports, past imports, the review queue. */
import { z } from 'zod';

export const REGISTER_KINDS = ['dld_brokers', 'dld_offices'] as const;
export type RegisterKind = (typeof REGISTER_KINDS)[number];

/** Why a register check did not confirm a licence number (the review queue's reasons). */
export const REVIEW_REASONS = ['unknown_number', 'name_mismatch', 'expired'] as const;

export const unreadableRowSchema = z.object({
  line: z.number().int(),
  /** Absent on imports recorded before reasons had codes: the English reason stands alone. */
  code: z.enum(['no_number', 'bad_number', 'bad_date']).optional(),
  value: z.string().optional(),
  reason: z.string(),
});

const importCounts = {
  id: z.string(),
  kind: z.enum(REGISTER_KINDS),
  rows: z.number().int(),
  added: z.number().int(),
  changed: z.number().int(),
  removed: z.number().int(),
  unreadable: z.number().int(),
  unreadableRows: z.array(unreadableRowSchema),
};

const verificationSchema = z.object({
  checked: z.number().int(),
  verified: z.number().int(),
  review: z.number().int(),
});

/** POST /api/admin/registers/import: what the file changed, its unreadable lines, and the checks it drove. */
export const registerImportReportSchema = z.object({ ...importCounts, verification: verificationSchema.nullable() });
export type RegisterImportReport = z.infer<typeof registerImportReportSchema>;

/** GET /api/admin/registers/imports: the latest imports, newest first. */
export const registerImportSchema = z.object({
  ...importCounts,
  source: z.string(),
  actorId: z.string().nullable(),
  createdAt: z.string(),
});
export type RegisterImport = z.infer<typeof registerImportSchema>;

/** One licence number the register did not confirm, beside what the register says about it. */
export const registerReviewItemSchema = z.object({
  kind: z.enum(['card', 'brokerage']),
  id: z.string(),
  status: z.enum(REVIEW_REASONS),
  checkedAt: z.string(),
  /** The card's or brokerage's name, and as written in its other language where there is one. */
  name: z.string(),
  otherName: z.string().nullable(),
  /** BRN for a card, ORN for a brokerage. */
  number: z.string(),
  /** Where the admin opens it: the card page or the brokerage's public page. */
  href: z.string(),
  register: z
    .object({
      nameEn: z.string().nullable(),
      nameAr: z.string().nullable(),
      licenseEnd: z.string().nullable(),
      officeNumber: z.string().nullable(),
    })
    .nullable(),
});
export type RegisterReviewItem = z.infer<typeof registerReviewItemSchema>;

export const registerReviewSchema = z.object({ items: z.array(registerReviewItemSchema), total: z.number().int() });
export type RegisterReview = z.infer<typeof registerReviewSchema>;
