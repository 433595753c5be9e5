/**
 * A broker's card is public only while the subscription runs — on the card
 * page's API, vCard, QR and inquiries, not only in the directory — and a role change cannot dodge
 * payment.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createTestApp, type TestUser } from '../../../../tests/helpers/app';
import { createCard } from '../../../../tests/helpers/discovery';

const t = await createTestApp();
const db = t.database.db;

const lead = {
  inquirerName: 'Visitor',
  inquirerEmail: 'visitor@example.com',
  inquiryType: 'buying',
  message: 'Interested',
  consent: true,
};

/** What the public, the owner and an admin get for the card's public surfaces. */
async function surfaces(cardId: string, as?: TestUser) {
  const get = (url: string) => t.inject({ method: 'GET', url, as });
  return {
    card: (await get(`/api/business-cards/${cardId}`)).statusCode,
    vcard: (await get(`/api/business-cards/${cardId}/vcard`)).statusCode,
    qr: (await get(`/api/business-cards/${cardId}/qr-code`)).statusCode,
  };
}

const open = { card: 200, vcard: 200, qr: 200 };
const closed = { card: 404, vcard: 404, qr: 404 };

describe('a paying role’s card', () => {
  it('goes off /cards/{id}, vCard, QR and inquiries when the subscription lapses; owner and admin still see it', async () => {
    const broker = await t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' });
    const card = await createCard(db, broker.user.id);
    const admin = await t.signInAdmin();
    expect(await surfaces(card.id)).toEqual(open);

    // The subscription lapses (status still "active" but the period is over), then is cancelled.
    await db
      .update(users)
      .set({ subscriptionPeriodEnd: new Date(Date.now() - 60_000) })
      .where(eq(users.id, broker.user.id));
    expect(await surfaces(card.id)).toEqual(closed);
    await db.update(users).set({ subscriptionStatus: 'inactive' }).where(eq(users.id, broker.user.id));
    expect(await surfaces(card.id)).toEqual(closed);
    const inquiry = await t.inject({ method: 'POST', url: `/api/business-cards/${card.id}/inquiries`, payload: lead });
    expect(inquiry.statusCode).toBe(404);
    expect(await surfaces(card.id, broker)).toEqual(open);
    expect(await surfaces(card.id, admin)).toEqual(open);
    const head = t.app.headProviders.get('/cards/:id');
    expect(await head?.({ id: card.id }, {} as never)).toBeNull();
  });

  it('sends cards back to review when the role changes, so switching to a free role hides the card', async () => {
    const broker = await t.signUp({ role: 'real_estate_broker' }); // never paid
    const card = await createCard(db, broker.user.id);
    expect(await surfaces(card.id)).toEqual(closed);

    // The attack: choose the free investor role and keep the approved card.
    const res = await t.inject({
      method: 'POST',
      url: '/api/auth/update-role',
      payload: { role: 'investor' },
      as: broker,
    });
    expect(res.statusCode).toBe(200);
    expect(await surfaces(card.id)).toEqual(closed);
    const mine = await t.inject({ method: 'GET', url: `/api/business-cards/${card.id}`, as: broker });
    expect(mine.json()).toMatchObject({ status: 'pending', isPublic: false });
    const queue = await t.inject({ method: 'GET', url: '/api/admin/pending-approvals', as: await t.signInAdmin() });
    expect(JSON.stringify(queue.json())).toContain(card.id);
  });

  it('keeps a free role’s card public, and choosing the same role again changes nothing', async () => {
    const investor = await t.signUp({ role: 'investor' });
    const card = await createCard(db, investor.user.id, { profession: 'Investor' });
    expect(await surfaces(card.id)).toEqual(open);
    await t.inject({ method: 'POST', url: '/api/auth/update-role', payload: { role: 'investor' }, as: investor });
    expect(await surfaces(card.id)).toEqual(open);
  });
});
