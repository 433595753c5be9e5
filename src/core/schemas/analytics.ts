/**
 * Card and team analytics over time: `GET /api/analytics/cards/{id}?days=7|30|90`
 * and `GET /api/brokerages/{id}/analytics?days=`.
 */
import { z } from 'zod';
import { ANALYTICS_PERIODS, CARD_ACTIONS, CARD_SOURCES } from '../analytics';

export const analyticsQuerySchema = z.object({
  days: z.coerce
    .number({ error: 'days must be 7, 30 or 90' })
    .refine((n): n is 7 | 30 | 90 => (ANALYTICS_PERIODS as readonly number[]).includes(n), 'days must be 7, 30 or 90')
    .default(30),
});

/** The page's beacon: a contact click or a share on the public card page. */
export const cardEventSchema = z.object({
  action: z.enum(['call', 'whatsapp', 'email', 'share'], { error: 'action must be call, whatsapp, email or share' }),
  /** The page's `?src=`; anything unknown counts as a direct visit. */
  source: z.string().max(40).optional(),
});

const countsBy = <T extends readonly [string, ...string[]]>(keys: T) =>
  z.object(Object.fromEntries(keys.map((k) => [k, z.number().int()])) as Record<T[number], z.ZodNumber>);

export const analyticsTotalsSchema = z.object({
  views: z.number().int(),
  /** Unique visitors: each visitor once per card and day, added over the days. */
  visitors: z.number().int(),
  contactSaves: z.number().int(),
  /** Calls, WhatsApp, e-mail and shares. */
  actions: z.number().int(),
  /** Inquiries and contact exchanges. */
  leads: z.number().int(),
  byAction: countsBy(CARD_ACTIONS),
  /** Views by where the visitor came from. */
  bySource: countsBy(CARD_SOURCES),
});
export type AnalyticsTotals = z.infer<typeof analyticsTotalsSchema>;

export const analyticsDaySchema = z.object({
  date: z.string(),
  views: z.number().int(),
  visitors: z.number().int(),
  contactSaves: z.number().int(),
  actions: z.number().int(),
  leads: z.number().int(),
});
export type AnalyticsDay = z.infer<typeof analyticsDaySchema>;

export const cardAnalyticsSchema = z.object({
  days: z.number().int(),
  /** First and last day of the period (UAE days, YYYY-MM-DD, both included). */
  from: z.string(),
  to: z.string(),
  series: z.array(analyticsDaySchema),
  totals: analyticsTotalsSchema,
  /** The same totals over the period just before (for "+12 % vs previous 30 days"). */
  previous: analyticsTotalsSchema,
});
export type CardAnalytics = z.infer<typeof cardAnalyticsSchema>;

export const teamMemberAnalyticsSchema = z.object({
  userId: z.string(),
  name: z.string(),
  role: z.enum(['owner', 'manager', 'member']),
  views: z.number().int(),
  visitors: z.number().int(),
  contactSaves: z.number().int(),
  actions: z.number().int(),
  leads: z.number().int(),
});
export type TeamMemberAnalytics = z.infer<typeof teamMemberAnalyticsSchema>;

export const teamAnalyticsSchema = cardAnalyticsSchema.extend({
  members: z.array(teamMemberAnalyticsSchema),
  /** Members ranked by views, then contact saves, then leads (the top ten). */
  leaderboard: z.array(teamMemberAnalyticsSchema),
});
export type TeamAnalytics = z.infer<typeof teamAnalyticsSchema>;
