/**
 * A small DLD broker register made from the demo brokers, so licence verification is visible on
 * first start: most licences run for another year, one ends in three weeks (its owner's expiry
 * notice and the badge's date show it), and one lists another name (it waits in the admin's
 * review queue). Cards' hand-set verification is cleared first, so the register decides. The demo
 * brokerages get an office register the same way, so their ORN badge names the register too.
 */
import { Readable } from 'node:stream';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { setLicenseFromRegister } from '../../modules/cards/service';
import { importRegister } from '../../modules/registers/importer';
import { verifyAllCards, verifyBrokerages } from '../../modules/registers/verify';
import { brokerages, businessCards } from '../schema';

const day = (d: Date) => d.toISOString().slice(0, 10);
const csvCell = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

export async function seedRegisters(ctx: AppContext): Promise<void> {
  const cards = await ctx.db
    .select({ id: businessCards.id, name: businessCards.name, brn: businessCards.brnNumber })
    .from(businessCards)
    .where(and(isNotNull(businessCards.brnNumber), eq(businessCards.status, 'approved')))
    .orderBy(asc(businessCards.createdAt), asc(businessCards.id));
  if (cards.length === 0) return;
  const now = ctx.now();
  const inAYear = day(new Date(now.getTime() + 365 * 86_400_000));
  const inThreeWeeks = day(new Date(now.getTime() + 21 * 86_400_000));
  const lines = ['BROKER_NUMBER,BROKER_EN,BROKER_AR,REAL_ESTATE_NUMBER,LICENSE_START_DATE,LICENSE_END_DATE'];
  const seen = new Set<string>();
  cards.forEach((c, i) => {
    if (!c.brn || seen.has(c.brn)) return;
    seen.add(c.brn);
    const name = i === 1 ? 'KHALID OMAR HASSAN' : c.name.toUpperCase();
    const end = i === 0 ? inThreeWeeks : inAYear;
    lines.push([c.brn, csvCell(name), '', '1207', day(new Date(now.getTime() - 400 * 86_400_000)), end].join(','));
  });
  await setLicenseFromRegister(
    ctx.db,
    cards.map((c) => c.id),
    false,
  );
  await importRegister(ctx.db, 'dld_brokers', Readable.from([`${lines.join('\n')}\n`]), {
    actorId: null,
    source: 'demo register (generated from the demo brokers)',
  });
  await verifyAllCards(ctx.db, now);
  await seedOfficeRegister(ctx, inAYear);
}

/** Every demo brokerage in the office register, its licence running for another year. */
async function seedOfficeRegister(ctx: AppContext, licenseEnd: string): Promise<void> {
  const offices = await ctx.db
    .select({ orn: brokerages.ornNumber, name: brokerages.name, nameAr: brokerages.nameAr })
    .from(brokerages)
    .orderBy(asc(brokerages.createdAt));
  if (offices.length === 0) return;
  const lines = ['Office Number,Name English,Name Arabic,License End Date'];
  for (const o of offices) lines.push([o.orn, csvCell(o.name), csvCell(o.nameAr ?? ''), licenseEnd].join(','));
  // The register decides, not the hand-set mark the brokerages were seeded with.
  await ctx.db.update(brokerages).set({ ornVerified: false, ornVerifiedAt: null });
  await importRegister(ctx.db, 'dld_offices', Readable.from([`${lines.join('\n')}\n`]), {
    actorId: null,
    source: 'demo register (generated from the demo brokerages)',
  });
  await verifyBrokerages(ctx.db, ctx.now());
}
