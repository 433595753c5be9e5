/**
 * A listing's contact box follows its owner's card visibility.
 * The attack: a broker whose card is private still had their e-mail and phone handed out by
 * GET /api/properties/{id} (`contact`) to anyone.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { conversations, messages, users } from '../../db/schema';
import { createTestApp, type TestUser } from '../../../../tests/helpers/app';
import { createCard, createOwner, createProperty } from '../../../../tests/helpers/discovery';

const t = await createTestApp();
const db = t.database.db;
const EMAIL = 'private.broker@example.com';
const PHONE = '+971 55 111 2222';
const PROFILE_PHONE = '529998877';

describe('GET /api/properties/{id} contact', () => {
  it('never shows a private or connections-only owner’s e-mail and phone to others', async () => {
    const owner = await createOwner(db, { role: 'real_estate_broker', phoneNumber: PROFILE_PHONE });
    const card = await createCard(db, owner.id, { email: EMAIL, phone: PHONE });
    const listing = await createProperty(db, owner.id, { title: 'Palm villa' });
    const stranger = await t.signUp();
    const friend = await t.signUp();
    const admin = await t.signInAdmin();
    const get = (as?: TestUser) => t.inject({ method: 'GET', url: `/api/properties/${listing.id}`, as });
    const setVisibility = (cardVisibility: string) =>
      db.update(users).set({ cardVisibility }).where(eq(users.id, owner.id));
    const leaks = (body: string) => [EMAIL, '111 2222', PROFILE_PHONE, card.id].some((s) => body.includes(s));

    // Public: everyone gets the card's details, as before.
    const open = await get();
    expect(open.json().contact).toEqual({ phone: PHONE, email: EMAIL, cardId: card.id });

    await setVisibility('private');
    for (const as of [undefined, stranger, friend]) {
      const res = await get(as);
      expect(res.statusCode).toBe(200); // the listing itself stays public
      expect(res.json().contact).toEqual({ phone: null, email: null, cardId: null });
      expect(leaks(res.body)).toBe(false);
    }
    expect((await get(admin)).json().contact.email).toBe(EMAIL);

    await setVisibility('connections');
    const [conv] = await db
      .insert(conversations)
      .values({ participant1Id: friend.user.id, participant2Id: owner.id })
      .returning();
    await db.insert(messages).values({ conversationId: conv.id, senderId: friend.user.id, content: 'Hi' });
    // Writing to the owner is not a connection: still nothing.
    for (const as of [undefined, stranger, friend]) expect(leaks((await get(as)).body)).toBe(false);
    // The owner answered: now the friend is a connection and sees how to reach them.
    await db.insert(messages).values({ conversationId: conv.id, senderId: owner.id, content: 'Hello' });
    expect((await get(friend)).json().contact).toEqual({ phone: PHONE, email: EMAIL, cardId: card.id });
    expect(leaks((await get(stranger)).body)).toBe(false);
  });
});
