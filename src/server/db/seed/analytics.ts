/**
 * 90 days of card analytics for the demo's approved cards, so the Overview charts and
 * the team dashboard show something on `npm start`: a weekly rhythm, a slow rise, visitors from
 * the QR code, the directory, search and share links, and the seeded inquiries as leads. Raw
 * events, daily rollups and the lifetime counters agree. Cards that already have figures are
 * left alone, so running it again changes nothing.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { type CardAction, type CardSource, addDays, uaeDay } from '../../../core/analytics';
import type { DbOrTx } from '../client';
import { businessCards, cardDailyTotals } from '../schema';
import type { Random } from './random';

const DAYS = 90;
const DAY_MS = 24 * 60 * 60 * 1000;
const UAE_OFFSET_MS = 4 * 60 * 60 * 1000;

/** Where visitors come from, as weights. */
const SOURCE_WEIGHTS: [CardSource, number][] = [
  ['direct', 30],
  ['qr', 20],
  ['directory', 20],
  ['search', 10],
  ['whatsapp', 9],
  ['linkedin', 5],
  ['email', 3],
  ['x', 1],
  ['facebook', 1],
  ['telegram', 1],
];
/** What a visitor does after viewing, as a share of views. */
const FOLLOW_UPS: [CardAction, number][] = [
  ['contact_saved', 0.09],
  ['whatsapp', 0.06],
  ['call', 0.04],
  ['email', 0.02],
  ['share', 0.02],
];

/** A PostgreSQL array literal of values that need no quoting (enum words, ISO dates, numbers). */
const pgArray = (values: string[]) => `{${values.join(',')}}`;

function weighted<T>(rnd: Random, list: [T, number][]): T {
  const total = list.reduce((n, [, w]) => n + w, 0);
  let x = rnd.next() * total;
  for (const [v, w] of list) {
    x -= w;
    if (x < 0) return v;
  }
  return list[0][0];
}

interface Event {
  action: CardAction;
  source: CardSource;
  createdAt: Date;
}

export async function seedCardAnalytics(db: DbOrTx, rnd: Random, now = new Date()): Promise<void> {
  const cards = await db
    .select({ id: businessCards.id, userId: businessCards.userId, createdAt: businessCards.createdAt })
    .from(businessCards)
    .where(eq(businessCards.status, 'approved'));
  if (!cards.length) return;
  const done = new Set(
    (
      await db
        .selectDistinct({ cardId: cardDailyTotals.cardId })
        .from(cardDailyTotals)
        .where(
          inArray(
            cardDailyTotals.cardId,
            cards.map((c) => c.id),
          ),
        )
    ).map((r) => r.cardId),
  );
  const today = uaeDay(now);
  const todayStart = Date.parse(`${today}T00:00:00Z`) - UAE_OFFSET_MS;

  for (const card of cards.filter((c) => !done.has(c.id))) {
    const popularity = 0.5 + rnd.next() * 2.5;
    const events: Event[] = [];
    const visitorsByDay = new Map<string, number>();
    for (let back = DAYS - 1; back >= 0; back--) {
      const day = addDays(today, -back);
      const dayStart = todayStart - back * DAY_MS;
      if (dayStart + DAY_MS < card.createdAt.getTime()) continue;
      const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
      // Friday and Saturday are the UAE weekend: fewer visits; a gentle rise over the quarter.
      const rhythm = weekday === 5 || weekday === 6 ? 0.6 : 1;
      const trend = 0.7 + (0.6 * (DAYS - back)) / DAYS;
      const views = Math.round(popularity * rhythm * trend * rnd.int(2, 9));
      const until = Math.min(dayStart + DAY_MS, now.getTime()) - 1;
      const from = Math.max(dayStart, card.createdAt.getTime());
      if (until <= from) continue;
      const at = () => new Date(from + Math.floor(rnd.next() * (until - from)));
      for (let i = 0; i < views; i++) {
        const source = weighted(rnd, SOURCE_WEIGHTS);
        events.push({ action: 'view', source, createdAt: at() });
        for (const [action, share] of FOLLOW_UPS) {
          if (rnd.next() < share) events.push({ action, source, createdAt: at() });
        }
      }
      // Some visitors come back the same day.
      visitorsByDay.set(day, Math.max(views ? 1 : 0, Math.round(views * (0.7 + rnd.next() * 0.25))));
    }
    // One statement per card with three array parameters: ~500 rows as VALUES lists with four
    // parameters each took the query builder and the parser most of the demo seed's time.
    await db.execute(sql`
      insert into card_events (card_id, action, source, created_at)
      select ${card.id}, e.action, e.source, e.created_at
      from unnest(${pgArray(events.map((e) => e.action))}::text[], ${pgArray(events.map((e) => e.source))}::text[],
        ${pgArray(events.map((e) => e.createdAt.toISOString()))}::timestamptz[]) as e(action, source, created_at)`);

    // The days' totals, as the recorder keeps them, from the raw events just written.
    await db.execute(sql`
      insert into card_daily_totals (card_id, user_id, day, views, contact_saves, calls, whatsapp_clicks,
        email_clicks, shares, from_direct, from_qr, from_directory, from_search, from_whatsapp, from_linkedin,
        from_email, from_x, from_facebook, from_telegram, from_other)
      select ${card.id}, ${card.userId}, ((created_at + interval '4 hours') at time zone 'UTC')::date,
        count(*) filter (where action = 'view'), count(*) filter (where action = 'contact_saved'),
        count(*) filter (where action = 'call'), count(*) filter (where action = 'whatsapp'),
        count(*) filter (where action = 'email'), count(*) filter (where action = 'share'),
        count(*) filter (where action = 'view' and source = 'direct'),
        count(*) filter (where action = 'view' and source = 'qr'),
        count(*) filter (where action = 'view' and source = 'directory'),
        count(*) filter (where action = 'view' and source = 'search'),
        count(*) filter (where action = 'view' and source = 'whatsapp'),
        count(*) filter (where action = 'view' and source = 'linkedin'),
        count(*) filter (where action = 'view' and source = 'email'),
        count(*) filter (where action = 'view' and source = 'x'),
        count(*) filter (where action = 'view' and source = 'facebook'),
        count(*) filter (where action = 'view' and source = 'telegram'),
        count(*) filter (where action = 'view' and source = 'other')
      from card_events where card_id = ${card.id} group by 3`);
    // Some visitors came back the same day: fewer visitors than views.
    if (visitorsByDay.size)
      await db.execute(sql`
        update card_daily_totals t set visitors = least(v.n, t.views)
        from unnest(${pgArray([...visitorsByDay.keys()])}::date[], ${pgArray([...visitorsByDay.values()].map(String))}::int[])
          as v(day, n)
        where t.card_id = ${card.id} and t.day = v.day`);

    const count = (action: CardAction, source?: CardSource) =>
      events.filter((e) => e.action === action && (!source || e.source === source)).length;
    await db
      .update(businessCards)
      .set({
        viewCount: count('view'),
        vcardDownloads: count('contact_saved'),
        qrVisits: count('view', 'qr'),
        updatedAt: sql`${businessCards.updatedAt}`,
      })
      .where(eq(businessCards.id, card.id));

    // The card's inquiries so far are its leads.
    await db.execute(sql`
      insert into card_daily_totals (card_id, user_id, day, leads)
      select ${card.id}, ${card.userId}, ((created_at + interval '4 hours') at time zone 'UTC')::date, count(*)::int
      from inquiries where business_card_id = ${card.id}
      group by 3
      on conflict (card_id, day) do update set leads = excluded.leads`);
  }
}
