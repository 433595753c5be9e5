/** Admin control center payloads: real statistics, review, users, audit. */
import { z } from 'zod';
import { CARD_STATUSES, UI_LANGUAGES, USER_ROLES } from '../enums';
import { storedCardTranslationsSchema } from './card';
import { pagination, text } from './common';

/** Weeks of sign-ups the statistics chart shows. */
export const SIGNUP_WEEKS = 12;

export const adminStatsSchema = z.object({
  usersByRole: z.record(z.enum(USER_ROLES), z.number().int()),
  totalUsers: z.number().int(),
  cardsByStatus: z.record(z.enum(CARD_STATUSES), z.number().int()),
  listingsByStatus: z.object({ approved: z.number().int(), pending: z.number().int(), rejected: z.number().int() }),
  activeSubscriptions: z.number().int(),
  revenueThisYearAed: z.number().int(),
  messagesLast7Days: z.number().int(),
  /** Oldest first; weekStart is the Monday 00:00 UTC that starts the week. */
  signupsPerWeek: z.array(z.object({ weekStart: z.string(), count: z.number().int() })),
  generatedAt: z.string(),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

const owner = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: z.enum(USER_ROLES),
});

export const reviewQueueQuerySchema = z.object({
  limit: pagination.shape.limit,
  cardsOffset: pagination.shape.offset,
  propertiesOffset: pagination.shape.offset,
});
export type ReviewQueueQuery = z.input<typeof reviewQueueQuerySchema>;

/** One changed field of a pending revision: the live (public) value and the proposed one. */
export const revisionChangeSchema = z.object({ field: z.string(), before: z.unknown(), after: z.unknown() });

/**
 * What the admin reviews: `version` and `updatedAt` go back with the decision
 * (409 when the content changed since); `changes` is the pending revision of published content as
 * live → proposed per field, null for a new submission (the item's fields are then what is reviewed).
 */
const reviewed = {
  version: z.number().int(),
  updatedAt: z.string(),
  changes: z.array(revisionChangeSchema).nullable(),
};

export const reviewCardSchema = z.object({
  id: z.string(),
  name: z.string(),
  profession: z.string(),
  company: z.string().nullable(),
  brnNumber: z.string().nullable(),
  ornNumber: z.string().nullable(),
  practiceCardNumber: z.string().nullable(),
  licenseVerified: z.boolean(),
  profileImageUrl: z.string().nullable(),
  /** The language of name, profession and company; the card's text in the other one beside it. */
  primaryLanguage: z.enum(UI_LANGUAGES),
  translations: storedCardTranslationsSchema,
  status: z.enum(CARD_STATUSES),
  createdAt: z.string(),
  ...reviewed,
  owner,
});
export const reviewPropertySchema = z.object({
  id: z.string(),
  title: z.string(),
  price: z.number().int(),
  propertyType: z.string(),
  status: z.string(),
  city: z.string().nullable(),
  permitNumber: z.string().nullable(),
  isApproved: z.boolean(),
  createdAt: z.string(),
  ...reviewed,
  owner,
});
export const reviewQueueSchema = z.object({
  cards: z.object({ items: z.array(reviewCardSchema), total: z.number().int() }),
  properties: z.object({ items: z.array(reviewPropertySchema), total: z.number().int() }),
});
export type ReviewQueue = z.infer<typeof reviewQueueSchema>;
export type ReviewCard = z.infer<typeof reviewCardSchema>;
export type ReviewProperty = z.infer<typeof reviewPropertySchema>;

export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(USER_ROLES),
  isEmailVerified: z.boolean(),
  subscriptionStatus: z.string(),
  subscriptionPeriodEnd: z.string().nullable(),
  suspendedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUsersQuerySchema = pagination.extend({
  search: text().trim().max(100).optional(),
  role: z.enum(USER_ROLES).optional(),
  suspended: z.enum(['true', 'false']).optional(),
});
export type AdminUsersQuery = z.input<typeof adminUsersQuerySchema>;

export const adminUserListSchema = z.object({ items: z.array(adminUserSchema), total: z.number().int() });
export type AdminUserList = z.infer<typeof adminUserListSchema>;

export const suspendUserSchema = z.object({ suspended: z.boolean({ error: 'suspended must be true or false' }) });

export const auditEntrySchema = z.object({
  id: z.string(),
  actor: z
    .object({ id: z.string(), firstName: z.string(), lastName: z.string(), username: z.string().nullable() })
    .nullable(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  /** The API key the change came through (public API), else null. */
  apiKeyId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditLogQuerySchema = pagination.extend({
  entityType: text().trim().max(32).optional(),
  entityId: text().trim().max(100).optional(),
});
export type AuditLogQuery = z.input<typeof auditLogQuerySchema>;

export const auditLogSchema = z.object({ items: z.array(auditEntrySchema), hasMore: z.boolean() });
export type AuditLogPage = z.infer<typeof auditLogSchema>;
