/** Numbers stored before phones were parsed are brought to E.164; the rest stay as typed. */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestDatabase } from '../../../tests/helpers/test-db';
import { normalizeStoredPhones } from './normalize-phones';
import { businessCards, businessServices, inquiries, users } from './schema';

describe('normalizing stored phone numbers', () => {
  it('stores parseable numbers in E.164, keeps the others as typed, and is idempotent', async () => {
    const database = await createTestDatabase();
    const { db } = database;
    try {
      const base = { passwordHash: null, firstName: 'Old', lastName: 'Row', phoneNumber: '501234567' };
      const [a, b, c] = await db
        .insert(users)
        .values([
          { ...base, email: 'a@example.com', countryCode: '+971', phone: '+971 050 123 4567' },
          { ...base, email: 'b@example.com', countryCode: '+44', phone: '+44 20 7946 0958' },
          { ...base, email: 'c@example.com', countryCode: '+971', phone: 'ask reception' },
        ])
        .returning();
      const [uaeCard, ukCard, junkCard] = await db
        .insert(businessCards)
        .values([
          { userId: a.id, name: 'A', profession: 'Broker', phone: '050 123 4567', countryCode: '+971' },
          { userId: b.id, name: 'B', profession: 'Broker', phone: '020 7946 0958', countryCode: '+44' },
          { userId: c.id, name: 'C', profession: 'Broker', phone: '12', countryCode: '+971' },
        ])
        .returning();
      const [lead] = await db
        .insert(inquiries)
        .values({
          businessCardId: uaeCard.id,
          inquirerName: 'Lead',
          inquirerEmail: 'lead@example.com',
          inquirerPhone: '00971 55 765 4321',
          inquiryType: 'general',
        })
        .returning();
      const [service] = await db
        .insert(businessServices)
        .values({
          name: 'Visa desk',
          serviceType: 'company',
          category: 'visa',
          contactInfo: { phone: '04 501 5000', email: 'desk@example.com' },
        })
        .returning();

      expect(await normalizeStoredPhones(db)).toEqual({ users: 2, cards: 2, inquiries: 1, services: 1 });

      const phoneOf = async (id: string) => (await db.select().from(users).where(eq(users.id, id)))[0].phone;
      expect(await phoneOf(a.id)).toBe('+971501234567');
      expect(await phoneOf(b.id)).toBe('+442079460958');
      expect(await phoneOf(c.id)).toBe('ask reception');
      const card = async (id: string) => (await db.select().from(businessCards).where(eq(businessCards.id, id)))[0];
      expect(await card(uaeCard.id)).toMatchObject({ phone: '+971501234567', countryCode: '+971' });
      expect(await card(ukCard.id)).toMatchObject({ phone: '+442079460958', countryCode: '+44' });
      expect(await card(junkCard.id)).toMatchObject({ phone: '12', countryCode: '+971' });
      expect((await db.select().from(inquiries).where(eq(inquiries.id, lead.id)))[0].inquirerPhone).toBe(
        '+971557654321',
      );
      expect(
        (await db.select().from(businessServices).where(eq(businessServices.id, service.id)))[0].contactInfo,
      ).toEqual({ phone: '+97145015000', email: 'desk@example.com' });

      // A second start changes nothing.
      expect(await normalizeStoredPhones(db)).toEqual({ users: 0, cards: 0, inquiries: 0, services: 0 });
    } finally {
      await database.close();
    }
  });
});
