/**
 * Brokerage payloads: the create / settings form, invitations, members and the public
 * brokerage. The same schemas validate the browser forms and the server's requests; membership
 * and permission rules live in the server's brokerages module.
 */
import { z } from 'zod';
import { EMIRATES, LANGUAGES } from '../enums';
import { withoutBidi } from './bidi';
import { imageUrl, LICENSE_PATTERNS, OFFICE_ADDRESS_MAX } from './card';
import { emailField, text } from './common';
import { cardBrokerageSchema, LOCKABLE_FIELDS } from './brokerage-brand';
import { directoryCardSchema, optionalQueryEnum, SPECIALIZATIONS } from './directory';
import { propertySchema } from './properties';

export const BROKERAGE_ROLES = ['owner', 'manager', 'member'] as const;
export type BrokerageRole = (typeof BROKERAGE_ROLES)[number];
/** Roles an invitation may grant: ownership moves by a role change, never by e-mail. */
export const INVITABLE_ROLES = ['manager', 'member'] as const;

export const BROKERAGE_NAME_MAX = 200;
export const TRADE_LICENCE_RE = /^[A-Za-z0-9/-]{3,40}$/;
export const HEX_COLOR_RE = /^#[0-9a-f]{6}$/;

const hexColor = (label: string) =>
  z
    .union([z.literal(''), text().trim().toLowerCase().regex(HEX_COLOR_RE, `${label} must be a colour like #1a2b3c`)])
    .optional()
    .nullable();

const optionalText = (max: number, label: string) =>
  text().trim().max(max, `${label} must be at most ${max} characters`).optional().nullable();

/** The create form; PATCH takes any part of it. */
export const brokerageInputSchema = z.object({
  name: withoutBidi(
    text({ error: 'Name is required' })
      .trim()
      .min(2, 'Name is required')
      .max(BROKERAGE_NAME_MAX, `Name must be at most ${BROKERAGE_NAME_MAX} characters`),
  ),
  nameAr: optionalText(BROKERAGE_NAME_MAX, 'Arabic name'),
  ornNumber: text({ error: 'ORN is required' }).trim().regex(LICENSE_PATTERNS.orn, 'ORN must be 3 to 10 digits'),
  tradeLicenceNumber: text({ error: 'Trade licence number is required' })
    .trim()
    .regex(TRADE_LICENCE_RE, 'Trade licence number must be 3 to 40 letters, digits, / or -'),
  logoUrl: imageUrl,
  primaryColor: hexColor('Primary colour'),
  secondaryColor: hexColor('Secondary colour'),
  officeAddress: optionalText(OFFICE_ADDRESS_MAX, 'Office address'),
  emirate: z.enum(EMIRATES, { error: 'Please choose a valid emirate' }).optional(),
  lockedFields: z
    .array(z.enum(LOCKABLE_FIELDS, { error: 'Unknown field to lock' }))
    .max(LOCKABLE_FIELDS.length)
    .optional(),
});
export type BrokerageInput = z.input<typeof brokerageInputSchema>;
export type BrokerageInputParsed = z.output<typeof brokerageInputSchema>;
export const brokerageUpdateSchema = brokerageInputSchema.partial();

/** A brokerage as its members and the public see it. */
export const brokerageSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  nameAr: z.string().nullable(),
  ornNumber: z.string(),
  tradeLicenceNumber: z.string(),
  logoUrl: z.string().nullable(),
  primaryColor: z.string().nullable(),
  secondaryColor: z.string().nullable(),
  officeAddress: z.string().nullable(),
  emirate: z.enum(EMIRATES),
  ornVerified: z.boolean(),
  lockedFields: z.array(z.enum(LOCKABLE_FIELDS)),
  createdAt: z.string(),
});
export type BrokerageView = z.infer<typeof brokerageSchema>;

/** GET /api/brokerages/my: null when the user belongs to no brokerage. */
export const myBrokerageSchema = z
  .object({ brokerage: brokerageSchema, role: z.enum(BROKERAGE_ROLES), joinedAt: z.string() })
  .nullable();
export type MyBrokerage = z.infer<typeof myBrokerageSchema>;

export const memberSchema = z.object({
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: z.enum(BROKERAGE_ROLES),
  joinedAt: z.string(),
  /** The member's newest approved card, if any. */
  cardId: z.string().nullable(),
});
export type Member = z.infer<typeof memberSchema>;

export const memberRoleUpdateSchema = z.object({
  role: z.enum(BROKERAGE_ROLES, { error: 'Role must be owner, manager or member' }),
});

export const invitationInputSchema = z.object({
  email: emailField,
  role: z.enum(INVITABLE_ROLES, { error: 'Role must be manager or member' }).default('member'),
});
export type InvitationInput = z.input<typeof invitationInputSchema>;

export const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(INVITABLE_ROLES),
  expiresAt: z.string(),
  createdAt: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;

/** What the invitation page shows before the invitee answers. */
export const invitationPreviewSchema = z.object({
  email: z.string(),
  role: z.enum(INVITABLE_ROLES),
  expiresAt: z.string(),
  brokerage: cardBrokerageSchema.omit({ lockedFields: true, officeAddress: true }),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

export const invitationTokenParams = z.object({
  token: text()
    .trim()
    .regex(/^[A-Za-z0-9_-]{20,100}$/, 'Not a valid invitation link'),
});

export const slugParams = z.object({
  slug: text()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9-]{1,80}$/, 'Not a valid brokerage address'),
});

export const ornVerifySchema = z.object({ verified: z.boolean({ error: 'verified must be true or false' }) });

/** GET /api/brokerages/{slug}: the public brokerage with its listed brokers. */
export const publicBrokerageSchema = z.object({
  brokerage: brokerageSchema.omit({ lockedFields: true, tradeLicenceNumber: true }).extend({
    /**
     * The office register's confirmation of a verified ORN: the licence's end and the day of the
     * check. Null when the mark is an admin's manual check, or there is none.
     */
    ornRegister: z.object({ validUntil: z.string().nullable(), checkedAt: z.string() }).nullable(),
  }),
  /** Listed brokers (the directory's listing rule), filtered by the query. */
  members: z.array(directoryCardSchema),
  /** The members' approved listings, newest first. */
  listings: z.array(propertySchema),
});

/** GET /api/brokerages/{slug} query: the page's member filters. */
export const publicBrokerageQuerySchema = z.object({
  language: optionalQueryEnum(LANGUAGES, 'language'),
  specialization: optionalQueryEnum(SPECIALIZATIONS, 'specialization'),
});
export type PublicBrokerageQuery = z.output<typeof publicBrokerageQuerySchema>;
export type PublicBrokerage = z.infer<typeof publicBrokerageSchema>;

/** Admin centre list: brokerages waiting for (or holding) an ORN check. */
export const adminBrokerageSchema = brokerageSchema.extend({ memberCount: z.number() });
export type AdminBrokerage = z.infer<typeof adminBrokerageSchema>;

/** Slug from the English name: lower-case latin letters and digits joined by dashes. */
export function brokerageSlug(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '');
  return base || 'brokerage';
}
