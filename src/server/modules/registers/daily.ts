/**
 * The registers' day: fetch the regulator's files when their URLs are set (once a day, one
 * process at a time), re-check every card against the register so a licence that ended
 * yesterday loses its badge today and a renewed one gets it back, and tell owners 30 and 7
 * days before their licence ends.
 *
 * Runs every hour; each part does nothing when its day's work is done, so several processes
 * and restarts are harmless. Expiry notices are claimed by an UPDATE … RETURNING of the end date
 * they are for, in the transaction that queues the e-mail: never lost, never sent twice.
 */
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { FastifyBaseLogger } from 'fastify';
import { type JobHooks, scheduleEvery } from '../../platform/schedule';
import { and, desc, eq, gt, inArray, isNotNull, like, lte, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { businessCards, users } from '../../db/schema';
import { notifyUser } from '../../platform/mail/notify';
import { importRegister, REGISTER_KINDS, type RegisterKind } from './importer';
import { cardLicenceChecks, registerImports } from './schema';
import { dubaiToday, verifyAllCards, verifyBrokerages } from './verify';

const HOUR_MS = 3600_000;
/** A fetched register counts as today's for this long (a daily file, fetched at any hour). */
const FETCH_EVERY_MS = 20 * HOUR_MS;
const FETCH_TIMEOUT_MS = 5 * 60_000;
/** Lock class of the fetch claim (any number no other lock in the app uses). */
const FETCH_LOCK = 7_342_101;

const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

export interface RegisterDayReport {
  fetched: { kind: RegisterKind; rows: number }[];
  verification: { checked: number; verified: number; review: number } | null;
  notices: number;
}

/**
 * Claims today's fetch of one register for this process: under a transaction-scoped advisory
 * lock, a placeholder import row is written unless a fetch started within the last 20 hours.
 */
async function claimFetch(ctx: AppContext, kind: RegisterKind, url: string, now: Date): Promise<string | null> {
  return ctx.db.transaction(async (tx) => {
    const lock = await tx.execute(sql`select pg_try_advisory_xact_lock(${FETCH_LOCK}, hashtext(${kind})) as ok`);
    const { rows } = lock as unknown as { rows: { ok: boolean }[] };
    if (!rows[0]?.ok) return null;
    const [recent] = await tx
      .select({ id: registerImports.id })
      .from(registerImports)
      .where(
        and(
          eq(registerImports.kind, kind),
          like(registerImports.source, 'http%'),
          gt(registerImports.createdAt, new Date(now.getTime() - FETCH_EVERY_MS)),
        ),
      )
      .orderBy(desc(registerImports.createdAt))
      .limit(1);
    if (recent) return null;
    const [claim] = await tx
      .insert(registerImports)
      .values({ kind, actorId: null, source: url, createdAt: now })
      .returning({ id: registerImports.id });
    return claim.id;
  });
}

async function fetchRegister(ctx: AppContext, kind: RegisterKind, url: string, now: Date, log: FastifyBaseLogger) {
  const claim = await claimFetch(ctx, kind, url, now);
  if (!claim) return null;
  try {
    // Redirects are the publisher's business (a CDN), but the answer must be a file.
    const res = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
    if (!res.ok || !res.body) throw new Error(`HTTP ${res.status}`);
    const report = await importRegister(
      ctx.db,
      kind,
      Readable.fromWeb(res.body as unknown as WebReadableStream<Uint8Array>),
      { actorId: null, source: url, at: now },
    );
    // The import wrote its own record; the placeholder only kept other processes away.
    await ctx.db.delete(registerImports).where(eq(registerImports.id, claim));
    return report;
  } catch (err) {
    // The placeholder stays as today's attempt (0 rows), so a broken URL is retried tomorrow,
    // not every hour; the last good copy of the register stays in use.
    log.warn({ err, kind, url }, 'register fetch failed');
    return null;
  }
}

/** Queues the 30- and 7-day notices due today; answers how many e-mails were queued. */
export async function sendExpiryNotices(ctx: AppContext, now: Date): Promise<number> {
  const today = dubaiToday(now);
  let queued = 0;
  // The 7-day notice first: a licence first seen with a week left gets that one, not both.
  for (const days of [7, 30] as const) {
    const column = days === 7 ? cardLicenceChecks.notice7For : cardLicenceChecks.notice30For;
    queued += await ctx.db.transaction(async (tx) => {
      const claimed = await tx
        .update(cardLicenceChecks)
        .set(
          days === 7
            ? { notice7For: sql`${cardLicenceChecks.validUntil}`, notice30For: sql`${cardLicenceChecks.validUntil}` }
            : { notice30For: sql`${cardLicenceChecks.validUntil}` },
        )
        .where(
          and(
            eq(cardLicenceChecks.status, 'verified'),
            isNotNull(cardLicenceChecks.validUntil),
            sql`${cardLicenceChecks.validUntil} >= ${today}::date`,
            lte(cardLicenceChecks.validUntil, addDays(today, days)),
            or(sql`${column} is null`, sql`${column} <> ${cardLicenceChecks.validUntil}`),
          ),
        )
        .returning({ cardId: cardLicenceChecks.cardId, validUntil: cardLicenceChecks.validUntil });
      if (claimed.length === 0) return 0;
      const cards = await tx
        .select({ id: businessCards.id, brn: businessCards.brnNumber, owner: users })
        .from(businessCards)
        .innerJoin(users, eq(users.id, businessCards.userId))
        .where(
          inArray(
            businessCards.id,
            claimed.map((c) => c.cardId),
          ),
        );
      let n = 0;
      for (const c of claimed) {
        const card = cards.find((x) => x.id === c.cardId);
        if (!card || !c.validUntil) continue;
        const left = Math.round((Date.parse(c.validUntil) - Date.parse(today)) / 86_400_000);
        const sent = await notifyUser(tx, card.owner, 'cardStatus', 'licenceExpiring', {
          name: card.owner.firstName,
          brn: card.brn ?? '',
          end: c.validUntil,
          days: left,
          link: `${ctx.config.publicUrl}/cards/${card.id}`,
        });
        if (sent) n++;
      }
      return n;
    });
  }
  return queued;
}

/** One pass of the registers' day at `now`; `verifiedDay` is the Dubai day already re-checked. */
export async function runRegisterDay(
  ctx: AppContext,
  now: Date,
  log: FastifyBaseLogger,
  verifiedDay: string | null = null,
): Promise<RegisterDayReport> {
  const fetched: RegisterDayReport['fetched'] = [];
  for (const kind of REGISTER_KINDS) {
    const url = ctx.config.registerUrls[kind];
    if (!url) continue;
    const report = await fetchRegister(ctx, kind, url, now, log);
    if (report) fetched.push({ kind, rows: report.rows });
  }
  // A new broker register, or a new day (a licence ending yesterday lapses today).
  const recheck = fetched.some((f) => f.kind === 'dld_brokers') || verifiedDay !== dubaiToday(now);
  const verification = recheck ? await verifyAllCards(ctx.db, now) : null;
  if (fetched.some((f) => f.kind === 'dld_offices') || verifiedDay !== dubaiToday(now))
    await verifyBrokerages(ctx.db, now);
  const notices = await sendExpiryNotices(ctx, now);
  return { fetched, verification, notices };
}

export function scheduleRegisterDay(ctx: AppContext, log: FastifyBaseLogger, hooks: JobHooks): void {
  let verifiedDay: string | null = null;
  scheduleEvery(hooks, log, { name: 'register day', everyMs: HOUR_MS }, async () => {
    const now = ctx.now();
    const report = await runRegisterDay(ctx, now, log, verifiedDay);
    if (report.verification) verifiedDay = dubaiToday(now);
  });
}
