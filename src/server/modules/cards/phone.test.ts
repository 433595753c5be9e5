/**
 * Phone numbers through the API: typed nationally or internationally, stored in E.164,
 * refused with a clear message when too long or invalid, shown formatted in the vCard.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../tests/helpers/app';
import { businessCards, users } from '../../db/schema';

const t = await createTestApp();

const card = (phone: string) => ({ name: 'Layla Aboud', profession: 'Broker', phone, countryCode: '+971' });

describe('phone numbers on cards, sign-up and inquiries', () => {
  it('stores a card number typed nationally or internationally in E.164, with its own country code', async () => {
    const u = await t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' });
    for (const [typed, stored, cc] of [
      ['050 123 4567', '+971501234567', '+971'],
      ['+971501234567', '+971501234567', '+971'],
      ['+44 20 7946 0958', '+442079460958', '+44'],
    ]) {
      const res = await t.inject({ method: 'POST', url: '/api/business-cards', payload: card(typed), as: u });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ phone: stored, countryCode: cc });
    }
  });

  it('refuses a number that is too long, or not a valid number, with a field message', async () => {
    const u = await t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' });
    const long = await t.inject({
      method: 'POST',
      url: '/api/business-cards',
      payload: card('+971 5012345678901234'),
      as: u,
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors.phone).toBe('This phone number is too long');
    const invalid = await t.inject({
      method: 'POST',
      url: '/api/business-cards',
      payload: card('+971 12 345 6789'),
      as: u,
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors.phone).toMatch(/valid phone number/);
  });

  it('writes the vCard with the international number', async () => {
    const u = await t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' });
    const res = await t.inject({ method: 'POST', url: '/api/business-cards', payload: card('050 123 4567'), as: u });
    const id = res.json().id as string;
    await t.database.db
      .update(businessCards)
      .set({ status: 'approved', isPublic: true })
      .where(eq(businessCards.id, id));
    const vcf = await t.inject({ method: 'GET', url: `/api/business-cards/${id}/vcard`, as: u });
    expect(vcf.statusCode).toBe(200);
    expect(vcf.body).toMatch(/TEL[^:\n]*:\+971 50 123 4567/);
  });

  it('signs up with the national number and the chosen code, and stores E.164', async () => {
    const email = `phone.${Date.now()}@example.com`;
    const payload = {
      firstName: 'Sara',
      lastName: 'Khan',
      email,
      countryCode: '+44',
      phoneNumber: '020 7946 0958',
      password: 'Quiet-harbour-lantern-15',
      confirmPassword: 'Quiet-harbour-lantern-15',
    };
    const res = await t.inject({ method: 'POST', url: '/api/auth/register', payload, remoteAddress: '203.0.113.40' });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ phone: '+442079460958', countryCode: '+44', phoneNumber: '2079460958' });
    const tooLong = await t.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { ...payload, email: `x${email}`, countryCode: '+971', phoneNumber: '50 123 4567 8901 2345' },
      remoteAddress: '203.0.113.41',
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors.phoneNumber).toBe('This phone number is too long');
  });
});
