/**
 * Card analytics over time (docs/decisions/015-card-analytics.md): recording events
 * once each with an action and a source, unique visitors per day from a daily-rotating salted
 * hash, and the charts of a card and of a brokerage's team, read from daily rollups.
 */
import crypto from 'node:crypto';
import {
  type AnalyticsPeriod,
  CARD_ACTIONS,
  CARD_SOURCES,
  type CardAction,
  CLICK_ACTIONS,
  type CardSource,
  addDays,
  daysBetween,
  uaeDay,
} from '../../../core/analytics';
import type {
  AnalyticsDay,
  AnalyticsTotals,
  CardAnalytics,
  TeamAnalytics,
  TeamMemberAnalytics,
} from '../../../core/schemas/analytics';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { notFound } from '../../errors';
import { managedBrokerage, managesMember, membersOf } from '../brokerages/service';
import { findUsersByIds } from '../users';
import * as repository from './repository';
import type { DayFigures, Figures } from './repository';

/** Repeats by the same visitor within this window are one event (a refresh is not a new view). */
const REPEAT_WINDOW_MS = 30 * 60 * 1000;
const LEADERBOARD_SIZE = 10;
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Counts one visitor's repeated opens once per window, in this process's memory (bounded). */
class RecentEvents {
  private readonly seen = new Map<string, number>();
  firstTime(key: string, now: number): boolean {
    const last = this.seen.get(key);
    if (last !== undefined && now - last >= 0 && now - last < REPEAT_WINDOW_MS) return false;
    if (this.seen.size >= 20_000) {
      for (const [k, t] of this.seen) if (now - t >= REPEAT_WINDOW_MS) this.seen.delete(k);
      if (this.seen.size >= 20_000) this.seen.clear();
    }
    this.seen.set(key, now);
    return true;
  }
}

export interface VisitEvent {
  cardId: string;
  /** The card's owner: never counted, and the rollup is filed under them. */
  ownerId: string;
  /** The signed-in visitor, if any. */
  viewerId: string | null;
  action: CardAction;
  source: CardSource;
  /** Who is visiting, unsalted (user id, else a hash of address and browser); never stored. */
  visitorKey: () => string;
}

/**
 * The recorder of card events. One per module instance: its repeat filter and the day's salt
 * are kept in memory, the salt itself comes from the database so every process agrees.
 */
export function createAnalyticsRecorder(ctx: Pick<AppContext, 'db' | 'now'>) {
  const recent = new RecentEvents();
  const salts = new Map<string, Promise<string>>();

  function saltOf(day: string): Promise<string> {
    let salt = salts.get(day);
    if (!salt) {
      salts.clear();
      salt = repository.daySalt(ctx.db, day, crypto.randomBytes(24).toString('base64url'));
      salt.catch(() => salts.delete(day));
      salts.set(day, salt);
    }
    return salt;
  }

  return {
    /**
     * Counts one event from a visitor; false when it was not counted (the owner, or a repeat
     * within 30 minutes). The caller has checked that the card is public.
     */
    async record(e: VisitEvent): Promise<boolean> {
      if (e.viewerId && e.viewerId === e.ownerId) return false;
      const at = ctx.now();
      const key = e.visitorKey();
      if (!recent.firstTime(`${e.cardId}:${e.action}:${e.source}:${key}`, at.getTime())) return false;
      const day = uaeDay(at);
      const visitorHash =
        e.action === 'view'
          ? crypto
              .createHmac('sha256', await saltOf(day))
              .update(key)
              .digest('base64url')
              .slice(0, 22)
          : null;
      await repository.insertEvent(ctx.db, {
        cardId: e.cardId,
        ownerId: e.ownerId,
        action: e.action,
        source: e.source,
        at,
        day,
        visitorHash,
      });
      return true;
    },
  };
}

export type AnalyticsRecorder = ReturnType<typeof createAnalyticsRecorder>;

/** A lead (inquiry or contact exchange) on a card, in the transaction that stores the lead. */
export function recordLead(tx: DbOrTx, cardId: string, ownerId: string, at: Date): Promise<void> {
  return repository.insertEvent(tx, {
    cardId,
    ownerId,
    action: 'inquiry',
    source: 'direct',
    at,
    day: uaeDay(at),
    visitorHash: null,
  });
}

const zeroBy = <K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;

function emptyTotals(): AnalyticsTotals {
  return {
    views: 0,
    visitors: 0,
    contactSaves: 0,
    actions: 0,
    leads: 0,
    byAction: zeroBy(CARD_ACTIONS),
    bySource: zeroBy(CARD_SOURCES),
  };
}

/** The rollup's field of each action and of each source of views. */
const ACTION_FIELD: Record<CardAction, keyof Figures> = {
  view: 'views',
  contact_saved: 'contactSaves',
  call: 'calls',
  whatsapp: 'whatsappClicks',
  email: 'emailClicks',
  share: 'shares',
  inquiry: 'leads',
};
const SOURCE_FIELD: Record<CardSource, keyof Figures> = {
  direct: 'fromDirect',
  qr: 'fromQr',
  nfc: 'fromNfc',
  background: 'fromBackground',
  directory: 'fromDirectory',
  search: 'fromSearch',
  whatsapp: 'fromWhatsapp',
  linkedin: 'fromLinkedin',
  email: 'fromEmail',
  x: 'fromX',
  facebook: 'fromFacebook',
  telegram: 'fromTelegram',
  other: 'fromOther',
};

/** Adds a day's (or a member's) figures to a chart day, a member row or a total. */
function addTo(target: Omit<AnalyticsDay, 'date'>, f: Figures): void {
  target.visitors += f.visitors;
  target.views += f.views;
  target.contactSaves += f.contactSaves;
  target.leads += f.leads;
  for (const a of CLICK_ACTIONS) target.actions += f[ACTION_FIELD[a]];
}

/** Series and totals of a period, and the totals of the one before, from the days' figures. */
export function summarize(rows: DayFigures[], days: AnalyticsPeriod, today: string): CardAnalytics {
  const from = addDays(today, -(days - 1));
  const previousFrom = addDays(from, -days);
  const series = new Map<string, AnalyticsDay>(
    daysBetween(from, today).map((date) => [
      date,
      { date, views: 0, visitors: 0, contactSaves: 0, actions: 0, leads: 0 },
    ]),
  );
  const totals = emptyTotals();
  const previous = emptyTotals();
  for (const r of rows) {
    const current = r.day >= from;
    if (!current && r.day < previousFrom) continue;
    const t = current ? totals : previous;
    addTo(t, r);
    for (const a of CARD_ACTIONS) t.byAction[a] += r[ACTION_FIELD[a]];
    for (const s of CARD_SOURCES) t.bySource[s] += r[SOURCE_FIELD[s]];
    const day = current ? series.get(r.day) : undefined;
    if (day) addTo(day, r);
  }
  return { days, from, to: today, series: [...series.values()], totals, previous };
}

/**
 * Who may see a card's figures: its owner, and the owner or a manager of the brokerage the card's
 * owner belongs to. Everyone else (admins included: figures are the broker's business, not
 * moderation) gets the same 404 as for a card that does not exist.
 */
export async function assertMaySeeStatsOf(db: DbOrTx, viewerId: string, ownerId: string): Promise<void> {
  if (viewerId === ownerId) return;
  if (await managesMember(db, viewerId, ownerId)) return;
  throw notFound('Business card not found', 'CARD_NOT_FOUND');
}

export function createAnalyticsService(ctx: Pick<AppContext, 'db' | 'now'>) {
  const { db } = ctx;

  return {
    /** GET /api/analytics/cards/:id — the caller has found the card and its owner. */
    async forCard(viewerId: string, card: { id: string; userId: string }, days: AnalyticsPeriod) {
      await assertMaySeeStatsOf(db, viewerId, card.userId);
      const today = uaeDay(ctx.now());
      const rows = await repository.cardDays(db, card.id, addDays(today, -(2 * days - 1)), today);
      return summarize(rows, days, today);
    },

    /** GET /api/brokerages/:id/analytics — owner and managers only (403/404 otherwise). */
    async forTeam(viewerId: string, brokerageId: string, days: AnalyticsPeriod): Promise<TeamAnalytics> {
      if (!UUID_RE.test(brokerageId)) throw notFound('Brokerage not found', 'BROKERAGE_NOT_FOUND');
      await managedBrokerage(db, viewerId, brokerageId);
      const members = await membersOf(db, brokerageId);
      const ids = members.map((m) => m.userId);
      const today = uaeDay(ctx.now());
      const from = addDays(today, -(days - 1));
      const [rows, perOwner, people] = await Promise.all([
        repository.ownersDays(db, ids, addDays(today, -(2 * days - 1)), today),
        repository.perOwner(db, ids, from, today),
        findUsersByIds(db, ids),
      ]);
      const names = new Map(people.map((u) => [u.id, u.deletedAt ? 'Deleted user' : `${u.firstName} ${u.lastName}`]));
      const byMember = new Map<string, TeamMemberAnalytics>(
        members.map((m) => [
          m.userId,
          {
            userId: m.userId,
            name: names.get(m.userId) ?? '',
            role: m.role,
            views: 0,
            visitors: 0,
            contactSaves: 0,
            actions: 0,
            leads: 0,
          },
        ]),
      );
      for (const r of perOwner) {
        const m = byMember.get(r.userId);
        if (m) addTo(m, r);
      }
      const list = [...byMember.values()];
      const leaderboard = [...list]
        .sort(
          (a, b) =>
            b.views - a.views || b.contactSaves - a.contactSaves || b.leads - a.leads || a.name.localeCompare(b.name),
        )
        .slice(0, LEADERBOARD_SIZE);
      return { ...summarize(rows, days, today), members: list, leaderboard };
    },
  };
}
