/**
 * Team leads and seat billing of a brokerage: the payloads of
 * /api/brokerages/{id}/leads… and /api/brokerages/{id}/seats…, shared by server and web.
 */
import { z } from 'zod';
import { INQUIRY_STATUSES } from '../enums';
import { LEAD_SOURCES, inquirySchema } from './inquiry';
import { PAYMENT_PROVIDERS, testCardSchema } from './subscription';
import { text } from './common';

/** `<microseconds since 1970>_<lead id>`: the keyset cursor of the last lead on a page. */
const LEAD_CURSOR = /^\d{1,19}_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const uuid = (message: string) => text().uuid(message);

export const TEAM_LEADS_PAGE_SIZE = 25;
export const LEAD_NOTE_MAX = 2000;
/**
 * Notes on one lead, and the notes one page of GET …/notes holds (default and most): a lead's
 * history stays readable, and one answer stays small however long a lead has been worked on.
 */
export const LEAD_NOTES = { perLead: 200, pageDefault: 50, pageMax: 100 } as const;
/** Seats bought in one payment; a brokerage with more members pays in several. */
export const SEATS_PER_PAYMENT_MAX = 100;
/** A seat (or a member's running subscription) may be renewed this many days before it ends. */
export const SEAT_RENEWAL_WINDOW_DAYS = 30;

/** GET /api/brokerages/{id}/leads and /leads.csv */
export const teamLeadsQuerySchema = z.object({
  status: z.enum(INQUIRY_STATUSES, { error: 'Status must be pending, contacted, qualified or closed' }).optional(),
  /** A member's id, or `none` for leads nobody was assigned yet. */
  assignedTo: z.union([z.literal('none'), uuid('Not a valid member')]).optional(),
  cursor: text().regex(LEAD_CURSOR, 'Not a valid cursor').optional(),
});
export type TeamLeadsQuery = z.infer<typeof teamLeadsQuerySchema>;

const personSchema = z.object({ id: z.string(), name: z.string() });

export const teamLeadSchema = inquirySchema.extend({
  source: z.enum(LEAD_SOURCES),
  /** The member whose card received the lead. */
  member: personSchema,
  assignedTo: personSchema.nullable(),
  noteCount: z.number().int(),
});
export type TeamLead = z.infer<typeof teamLeadSchema>;

export const teamLeadListSchema = z.object({
  items: z.array(teamLeadSchema),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
  /** What the caller may do: managers see and assign every lead, members their own. */
  scope: z.enum(['team', 'own']),
  /** The current members a lead can be assigned to (the assign select). */
  assignees: z.array(personSchema),
});
export type TeamLeadList = z.infer<typeof teamLeadListSchema>;

/** PATCH /api/brokerages/{id}/leads/{leadId}: assign (or unassign with null) and/or set the status. */
export const teamLeadUpdateSchema = z
  .object({
    assignedToId: uuid('Choose a member of this brokerage').nullable().optional(),
    status: z.enum(INQUIRY_STATUSES, { error: 'Status must be pending, contacted, qualified or closed' }).optional(),
  })
  .refine((v) => v.assignedToId !== undefined || v.status !== undefined, {
    message: 'Nothing to change: send assignedToId or status',
  });
export type TeamLeadUpdate = z.infer<typeof teamLeadUpdateSchema>;

export const leadNoteCreateSchema = z.object({
  body: text({ error: 'Write a note' })
    .trim()
    .min(1, 'Write a note')
    .max(LEAD_NOTE_MAX, `A note may be at most ${LEAD_NOTE_MAX} characters`),
});
export type LeadNoteCreate = z.input<typeof leadNoteCreateSchema>;

export const leadNoteSchema = z.object({
  id: z.string(),
  body: z.string(),
  author: personSchema.nullable(),
  createdAt: z.string(),
});
export type LeadNote = z.infer<typeof leadNoteSchema>;
export const leadNoteListSchema = z.object({
  notes: z.array(leadNoteSchema),
  /** Pass as `cursor` for the next (newer) notes; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type LeadNoteList = z.infer<typeof leadNoteListSchema>;

/** GET /api/brokerages/{id}/leads/{leadId}/notes: oldest first, `limit` at a time after `cursor`. */
export const leadNotesQuerySchema = z.object({
  cursor: text().regex(LEAD_CURSOR, 'Not a valid cursor').optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(LEAD_NOTES.pageMax, `limit must be at most ${LEAD_NOTES.pageMax}`)
    .default(LEAD_NOTES.pageDefault),
});
export type LeadNotesQuery = z.infer<typeof leadNotesQuerySchema>;

export const leadParams = z.object({
  id: uuid('Not a valid id'),
  leadId: uuid('Not a valid id'),
});

/** Whether a member can get a seat now, and why not. */
export const SEAT_ELIGIBILITY = ['eligible', 'renewable', 'not_broker', 'paid_individually', 'seated'] as const;
export type SeatEligibility = (typeof SEAT_ELIGIBILITY)[number];

export const seatMemberSchema = z.object({
  id: z.string(),
  name: z.string(),
  role: z.enum(['owner', 'manager', 'member']),
  eligibility: z.enum(SEAT_ELIGIBILITY),
  /** Until when the member is a paid broker (seat or own subscription), if they are. */
  paidUntil: z.string().nullable(),
});

export const seatSchema = z.object({
  id: z.string(),
  holder: personSchema,
  periodStart: z.string(),
  periodEnd: z.string(),
  /** The seat's period has not ended. */
  active: z.boolean(),
  /** The holder still belongs to the brokerage. */
  holderIsMember: z.boolean(),
});

/** GET /api/brokerages/{id}/seats */
export const seatOverviewSchema = z.object({
  priceAed: z.number().int(),
  periodDays: z.number().int(),
  renewalWindowDays: z.number().int(),
  provider: z.enum(PAYMENT_PROVIDERS),
  publishableKey: z.string().optional(),
  /** Only the owner pays for seats; managers see them. */
  canPay: z.boolean(),
  seats: z.array(seatSchema),
  members: z.array(seatMemberSchema),
});
export type SeatOverview = z.infer<typeof seatOverviewSchema>;

/** POST /api/brokerages/{id}/seats/checkout: the members to pay (or renew) a year for. */
export const seatCheckoutSchema = z.object({
  userIds: z
    .array(uuid('Not a valid member'), { error: 'Choose at least one member' })
    .min(1, 'Choose at least one member')
    .max(SEATS_PER_PAYMENT_MAX, `At most ${SEATS_PER_PAYMENT_MAX} seats per payment`)
    .refine((ids) => new Set(ids).size === ids.length, 'A member is listed twice'),
});
export type SeatCheckoutInput = z.input<typeof seatCheckoutSchema>;

export const seatIntentSchema = z.object({
  provider: z.enum(PAYMENT_PROVIDERS),
  clientSecret: z.string(),
  publishableKey: z.string().optional(),
  amountAed: z.number().int(),
  seats: z.number().int(),
});
export type SeatIntent = z.infer<typeof seatIntentSchema>;

/** POST /api/brokerages/{id}/seats/test-confirm: the test provider's card form. */
export const seatTestConfirmSchema = testCardSchema.extend({ clientSecret: text().min(10).max(200) });
export type SeatTestConfirmInput = z.input<typeof seatTestConfirmSchema>;

export const seatConfirmResultSchema = z.object({
  status: z.literal('succeeded'),
  seats: z.number().int(),
  periodEnd: z.string(),
});
