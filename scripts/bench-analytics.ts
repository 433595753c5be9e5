/**
 * `npm run bench:analytics`: one million card events across the cards of a 50-member
 * brokerage (plus 200,000 on other cards, so the indexes have something to skip), rolled up by
 * day as the recorder does (one row per card and day), then the 90-day card chart and the 90-day team dashboard as the API
 * computes them (service calls: access check, rollup queries, summing), repeated; median and p95.
 * Also the cost of recording one event (the single statement of analytics/repository.ts).
 *
 * PGlite in memory always; PostgreSQL too when DATABASE_URL or TEST_DATABASE_URL is set (a new
 * database is created on that server and dropped afterwards). BENCH_EVENTS changes the count.
 */
import { postgresBenchDatabase } from './lib/bench-database';
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type Database, openDatabase } from '../src/server/db/client';
import { brokerageMembers, brokerages, businessCards, users } from '../src/server/db/schema';
import { createAnalyticsRecorder, createAnalyticsService } from '../src/server/modules/analytics/service';

const MEMBERS = 50;
const EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000_000);
const OTHER_EVENTS = Math.round(EVENTS / 5);
const RUNS = 40;

const ms = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6;
function stats(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))];
  return { median: at(0.5), p95: at(0.95) };
}

/** Events for `cards` spread over the last 180 days (the chart's 90 and the 90 before). */
async function insertEvents(database: Database, cards: string[], n: number) {
  // Views most of all; saves, clicks and leads as a share of them; sources weighted like the demo.
  await database.db.execute(sql`
    insert into card_events (card_id, action, source, created_at)
    select (${`{${cards.join(',')}}`}::uuid[])[1 + floor(random() * ${cards.length})::int],
      case when r < 0.80 then 'view' when r < 0.88 then 'contact_saved' when r < 0.92 then 'whatsapp'
           when r < 0.95 then 'call' when r < 0.97 then 'email' when r < 0.99 then 'share' else 'inquiry' end,
      case when s < 0.30 then 'direct' when s < 0.50 then 'qr' when s < 0.70 then 'directory'
           when s < 0.80 then 'search' when s < 0.90 then 'whatsapp' when s < 0.95 then 'linkedin' else 'email' end,
      now() - random() * interval '180 days'
    from (select random() as r, random() as s from generate_series(1, ${n})) g`);
}

async function seed(database: Database) {
  const { db } = database;
  const people = await db
    .insert(users)
    .values(
      Array.from({ length: MEMBERS + 100 }, (_, i) => ({
        email: `bench-${i}-${crypto.randomBytes(3).toString('hex')}@example.com`,
        firstName: `Broker${i}`,
        lastName: 'Bench',
        phoneNumber: '501234567',
        countryCode: '+971',
        role: 'real_estate_broker' as const,
      })),
    )
    .returning({ id: users.id });
  const members = people.slice(0, MEMBERS);
  const others = people.slice(MEMBERS);
  const [brokerage] = await db
    .insert(brokerages)
    .values({
      slug: `bench-${Date.now()}`,
      name: 'Bench Realty',
      ornNumber: `B${Date.now() % 1e8}`,
      tradeLicenceNumber: 'TL',
    })
    .returning();
  await db.insert(brokerageMembers).values(
    members.map((m, i) => ({
      brokerageId: brokerage.id,
      userId: m.id,
      role: i === 0 ? ('owner' as const) : ('member' as const),
    })),
  );
  // Most brokers have one card, every fifth a second one.
  const cardRows = [...members, ...others].flatMap((u, i) =>
    Array.from({ length: i % 5 === 0 ? 2 : 1 }, () => ({
      userId: u.id,
      name: 'Bench Card',
      profession: 'Broker',
      status: 'approved' as const,
      isPublic: true,
    })),
  );
  const cards = await db
    .insert(businessCards)
    .values(cardRows)
    .returning({ id: businessCards.id, userId: businessCards.userId });
  const memberIds = new Set(members.map((m) => m.id));
  const teamCards = cards.filter((c) => memberIds.has(c.userId));
  const otherCards = cards.filter((c) => !memberIds.has(c.userId));

  const t0 = process.hrtime.bigint();
  for (let done = 0; done < EVENTS; done += 250_000)
    await insertEvents(
      database,
      teamCards.map((c) => c.id),
      Math.min(250_000, EVENTS - done),
    );
  await insertEvents(
    database,
    otherCards.map((c) => c.id),
    OTHER_EVENTS,
  );
  // The days' totals the recorder keeps, built in one pass (visitors: four in five views were new).
  await db.execute(sql`
    insert into card_daily_totals (card_id, user_id, day, visitors, views, contact_saves, calls, whatsapp_clicks,
      email_clicks, shares, leads, from_direct, from_qr, from_directory, from_search, from_whatsapp, from_linkedin, from_email)
    select e.card_id, c.user_id, ((e.created_at + interval '4 hours') at time zone 'UTC')::date,
      (count(*) filter (where action = 'view') * 0.8)::int,
      count(*) filter (where action = 'view'), count(*) filter (where action = 'contact_saved'),
      count(*) filter (where action = 'call'), count(*) filter (where action = 'whatsapp'),
      count(*) filter (where action = 'email'), count(*) filter (where action = 'share'),
      count(*) filter (where action = 'inquiry'),
      count(*) filter (where action = 'view' and source = 'direct'), count(*) filter (where action = 'view' and source = 'qr'),
      count(*) filter (where action = 'view' and source = 'directory'),
      count(*) filter (where action = 'view' and source = 'search'),
      count(*) filter (where action = 'view' and source = 'whatsapp'),
      count(*) filter (where action = 'view' and source = 'linkedin'),
      count(*) filter (where action = 'view' and source = 'email')
    from card_events e join business_cards c on c.id = e.card_id
    group by 1, 2, 3`);
  await db.execute(sql`analyze`);
  const counted = (await db.execute(sql`select count(*)::int as n from card_daily_totals`)) as unknown as {
    rows: { n: number }[];
  };
  const rollupRows = Number(counted.rows[0].n);
  return { brokerage, owner: members[0], card: teamCards[0], seedMs: ms(t0), rollupRows };
}

async function bench(label: string, database: Database) {
  const seeded = await seed(database);
  const ctx = { db: database.db, now: () => new Date() };
  const service = createAnalyticsService(ctx);
  const chart: number[] = [];
  const team: number[] = [];
  let check = 0;
  for (let i = 0; i < RUNS + 5; i++) {
    let t0 = process.hrtime.bigint();
    const c = await service.forCard(seeded.owner.id, { id: seeded.card.id, userId: seeded.owner.id }, 90);
    if (i >= 5) chart.push(ms(t0));
    t0 = process.hrtime.bigint();
    const t = await service.forTeam(seeded.owner.id, seeded.brokerage.id, 90);
    if (i >= 5) team.push(ms(t0));
    check = t.totals.views + t.previous.views + c.totals.views;
  }
  // Recording: one statement per event (new visitors, so every upsert also adds a visitor).
  const recorder = createAnalyticsRecorder(ctx);
  const record: number[] = [];
  for (let i = 0; i < 300; i++) {
    const t0 = process.hrtime.bigint();
    await recorder.record({
      cardId: seeded.card.id,
      ownerId: seeded.owner.id,
      viewerId: null,
      action: 'view',
      source: 'qr',
      visitorKey: () => `bench-${i}`,
    });
    if (i >= 20) record.push(ms(t0));
  }
  return { label, seeded, chart: stats(chart), team: stats(team), record: stats(record), check };
}

const postgresTarget = () => postgresBenchDatabase('analytics');

const results = [];
{
  const database = await openDatabase({ kind: 'pglite' });
  try {
    results.push(await bench('PGlite (in memory)', database));
  } finally {
    await database.close();
  }
}
const server = await postgresTarget();
if (server) {
  try {
    results.push(await bench('PostgreSQL', server.database));
  } finally {
    await server.drop();
  }
}

const f = (n: number) => n.toFixed(1).padStart(7);
console.log(
  `\nCard analytics: ${EVENTS.toLocaleString('en')} events on the cards of a ${MEMBERS}-member brokerage ` +
    `(+${OTHER_EVENTS.toLocaleString('en')} on other cards), ${RUNS} runs each, times in ms\n`,
);
console.log(
  'database             | rollup rows | seed s | 90-day card chart  | 90-day team dashboard | record one event',
);
console.log(
  '                     |             |        | median      p95    | median      p95       | median      p95',
);
for (const r of results) {
  console.log(
    `${r.label.padEnd(20)} | ${String(r.seeded.rollupRows).padStart(11)} | ${(r.seeded.seedMs / 1000).toFixed(0).padStart(6)} |` +
      ` ${f(r.chart.median)} ${f(r.chart.p95)}    | ${f(r.team.median)} ${f(r.team.p95)}       | ${f(r.record.median)} ${f(r.record.p95)}`,
  );
}
console.log(
  `\nload average: ${(await import('node:os'))
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`,
);
