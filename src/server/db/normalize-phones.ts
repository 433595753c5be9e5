/**
 * Brings numbers stored before phones were parsed to E.164 (users,
 * cards, inquiries, services). Runs after the SQL migrations at every start; it only looks at
 * numbers not yet in E.164, and keeps as typed those that do not parse, so it is idempotent and
 * cheap once done.
 */
import { eq, sql } from 'drizzle-orm';
import { phoneCallingCode, toE164 } from '../../core/phone';
import type { DbOrTx } from './client';
import { businessCards, businessServices, inquiries, users } from './schema';

const NOT_E164 = (column: unknown) => sql`${column} IS NOT NULL AND ${column} !~ '^\\+[1-9][0-9]{6,14}$'`;

export interface PhoneNormalization {
  users: number;
  cards: number;
  inquiries: number;
  services: number;
}

export async function normalizeStoredPhones(db: DbOrTx): Promise<PhoneNormalization> {
  const done: PhoneNormalization = { users: 0, cards: 0, inquiries: 0, services: 0 };

  const userRows = await db
    .select({ id: users.id, phone: users.phone, countryCode: users.countryCode })
    .from(users)
    .where(NOT_E164(users.phone));
  for (const u of userRows) {
    const e164 = toE164(u.phone, u.countryCode);
    if (!e164) continue;
    await db.update(users).set({ phone: e164 }).where(eq(users.id, u.id));
    done.users++;
  }

  const cardRows = await db
    .select({ id: businessCards.id, phone: businessCards.phone, countryCode: businessCards.countryCode })
    .from(businessCards)
    .where(NOT_E164(businessCards.phone));
  for (const c of cardRows) {
    const e164 = toE164(c.phone, c.countryCode);
    if (!e164) continue;
    await db
      .update(businessCards)
      .set({ phone: e164, countryCode: phoneCallingCode(e164) ?? c.countryCode })
      .where(eq(businessCards.id, c.id));
    done.cards++;
  }

  const inquiryRows = await db
    .select({ id: inquiries.id, phone: inquiries.inquirerPhone })
    .from(inquiries)
    .where(NOT_E164(inquiries.inquirerPhone));
  for (const i of inquiryRows) {
    const e164 = toE164(i.phone);
    if (!e164) continue;
    await db.update(inquiries).set({ inquirerPhone: e164 }).where(eq(inquiries.id, i.id));
    done.inquiries++;
  }

  const serviceRows = await db
    .select({ id: businessServices.id, contactInfo: businessServices.contactInfo })
    .from(businessServices)
    .where(NOT_E164(sql`${businessServices.contactInfo}->>'phone'`));
  for (const s of serviceRows) {
    const e164 = toE164(s.contactInfo?.phone);
    if (!e164) continue;
    await db
      .update(businessServices)
      .set({ contactInfo: { ...s.contactInfo, phone: e164 } })
      .where(eq(businessServices.id, s.id));
    done.services++;
  }
  return done;
}
