/**
 * The profile Overview, real figures rather than random views and connections:
 * the user's card figures, their connections, and recent activity from real events. Each source
 * is one indexed query, limited before it is merged.
 */
import { and, count, desc, eq, inArray, ne, or, sql, sum } from 'drizzle-orm';
import { PAID_ROLES } from '../../../core/enums';
import type { Activity, ActivityType, ProfileOverview } from '../../../core/schemas/account';
import { subscriptionIsActive } from '../../../core/schemas/subscription';
import type { DbOrTx } from '../../db/client';
import {
  auditLog,
  businessCards,
  cardEvents,
  conversations,
  inquiries,
  messages,
  users,
  type User,
} from '../../db/schema';
import { inquiryCountsOf } from '../inquiries/service';
import { countConnections } from '../messaging/connections';

export const RECENT_ACTIVITY_LIMIT = 10;
/** Views and saved contacts reach the activity list (a QR visit is a view from the QR code). */
const LISTED_ACTIONS = ['view', 'contact_saved'];
const activityType = (action: string, source: string): ActivityType =>
  action === 'contact_saved' ? 'card_vcard' : source === 'qr' ? 'card_qr' : 'card_view';

async function cardFigures(db: DbOrTx, userId: string) {
  const rows = await db
    .select({
      status: businessCards.status,
      n: count(),
      views: sum(businessCards.viewCount).mapWith(Number),
      vcards: sum(businessCards.vcardDownloads).mapWith(Number),
      qr: sum(businessCards.qrVisits).mapWith(Number),
    })
    .from(businessCards)
    .where(eq(businessCards.userId, userId))
    .groupBy(businessCards.status);
  const cards = { total: 0, approved: 0, pending: 0, rejected: 0 };
  const views = { cardViews: 0, vcardDownloads: 0, qrVisits: 0, total: 0 };
  for (const r of rows) {
    cards[r.status] = r.n;
    cards.total += r.n;
    views.cardViews += r.views ?? 0;
    views.vcardDownloads += r.vcards ?? 0;
    views.qrVisits += r.qr ?? 0;
  }
  views.total = views.cardViews + views.vcardDownloads + views.qrVisits;
  return { cards, views };
}

async function recentActivity(db: DbOrTx, userId: string): Promise<Activity[]> {
  const n = RECENT_ACTIVITY_LIMIT;
  const myCards = await db
    .select({ id: businessCards.id, name: businessCards.name })
    .from(businessCards)
    .where(eq(businessCards.userId, userId));
  const cardName = new Map(myCards.map((c) => [c.id, c.name]));
  const cardIds = myCards.map((c) => c.id);

  // Newest events per card through card_events_card_idx, then the newest overall.
  const latestEvents = db
    .select({
      id: cardEvents.id,
      action: cardEvents.action,
      source: cardEvents.source,
      createdAt: cardEvents.createdAt,
    })
    .from(cardEvents)
    .where(and(eq(cardEvents.cardId, businessCards.id), inArray(cardEvents.action, LISTED_ACTIONS)))
    .orderBy(desc(cardEvents.createdAt))
    .limit(n)
    .as('e');

  const recentConversations = db
    .select({ id: conversations.id })
    .from(conversations)
    .where(or(eq(conversations.participant1Id, userId), eq(conversations.participant2Id, userId)))
    .orderBy(sql`${conversations.lastMessageAt} desc nulls last`)
    .limit(n);

  const [events, leads, received, statusChanges] = await Promise.all([
    cardIds.length
      ? db
          .select({
            id: latestEvents.id,
            action: latestEvents.action,
            source: latestEvents.source,
            at: latestEvents.createdAt,
            cardId: businessCards.id,
          })
          .from(businessCards)
          .crossJoinLateral(latestEvents)
          .where(eq(businessCards.userId, userId))
          .orderBy(desc(latestEvents.createdAt))
          .limit(n)
      : [],
    cardIds.length
      ? db
          .select({
            id: inquiries.id,
            at: inquiries.createdAt,
            cardId: inquiries.businessCardId,
            name: inquiries.inquirerName,
            type: inquiries.inquiryType,
            source: inquiries.source,
          })
          .from(inquiries)
          .where(inArray(inquiries.businessCardId, cardIds))
          .orderBy(desc(inquiries.createdAt))
          .limit(n)
      : [],
    db
      .select({
        id: messages.id,
        at: messages.createdAt,
        firstName: users.firstName,
        lastName: users.lastName,
        deletedAt: users.deletedAt,
      })
      .from(messages)
      .innerJoin(users, eq(users.id, messages.senderId))
      .where(and(inArray(messages.conversationId, recentConversations), ne(messages.senderId, userId)))
      .orderBy(desc(messages.createdAt))
      .limit(n),
    cardIds.length
      ? db
          .select({ id: auditLog.id, at: auditLog.createdAt, cardId: auditLog.entityId, action: auditLog.action })
          .from(auditLog)
          .where(
            and(
              eq(auditLog.entityType, 'business_card'),
              inArray(auditLog.entityId, cardIds),
              inArray(auditLog.action, ['card.approve', 'card.reject']),
            ),
          )
          .orderBy(desc(auditLog.createdAt))
          .limit(n)
      : [],
  ]);

  const all: Activity[] = [
    ...events.map((e) => ({
      id: `event:${e.id}`,
      type: activityType(e.action, e.source),
      at: e.at.toISOString(),
      cardId: e.cardId,
      cardName: cardName.get(e.cardId) ?? null,
      actorName: null,
      detail: null,
    })),
    ...leads.map((l) => ({
      id: `inquiry:${l.id}`,
      type: 'inquiry' as const,
      at: l.at.toISOString(),
      cardId: l.cardId,
      cardName: cardName.get(l.cardId) ?? null,
      actorName: l.name,
      // An exchange has no inquiry type: the visitor shared their details.
      detail: l.source === 'exchange' ? 'exchange' : l.type,
    })),
    ...received.map((m) => ({
      id: `message:${m.id}`,
      type: 'message' as const,
      at: m.at.toISOString(),
      cardId: null,
      cardName: null,
      actorName: m.deletedAt ? 'Deleted user' : `${m.firstName} ${m.lastName}`,
      detail: null,
    })),
    ...statusChanges.map((s) => ({
      id: `audit:${s.id}`,
      type: 'card_status' as const,
      at: s.at.toISOString(),
      cardId: s.cardId,
      cardName: s.cardId ? (cardName.get(s.cardId) ?? null) : null,
      actorName: null,
      detail: s.action === 'card.approve' ? 'approved' : 'rejected',
    })),
  ];
  return all.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0)).slice(0, n);
}

export async function profileOverview(db: DbOrTx, user: User): Promise<ProfileOverview> {
  const [{ cards, views }, connections, inquiryCounts, activity] = await Promise.all([
    cardFigures(db, user.id),
    countConnections(db, user.id),
    inquiryCountsOf(db, user.id),
    recentActivity(db, user.id),
  ]);
  const required = PAID_ROLES.includes(user.role);
  const active = subscriptionIsActive(user);
  return {
    role: user.role,
    roleChosen: user.roleChosen,
    subscription: {
      status: user.subscriptionStatus ?? 'inactive',
      active,
      required,
      periodEnd: user.subscriptionPeriodEnd?.toISOString() ?? null,
      expired:
        required && !active && !!user.subscriptionPeriodEnd && user.subscriptionPeriodEnd.getTime() <= Date.now(),
    },
    cards,
    views,
    connections,
    inquiries: {
      total: Object.values(inquiryCounts).reduce((a, b) => a + b, 0),
      pending: inquiryCounts.pending,
    },
    recentActivity: activity,
  };
}
