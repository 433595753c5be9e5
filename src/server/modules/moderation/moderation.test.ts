/**
 * The review queue has one owner: the three admin reads agree on what waits for review
 * and in which order (oldest submission or edit first), and none shows the work of a deleted or
 * suspended owner.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createTestApp } from '../../../../tests/helpers/app';
import { createCard, createOwner, createProperty } from '../../../../tests/helpers/discovery';

const t = await createTestApp();
const db = t.database.db;
const admin = await t.signInAdmin();

// Far in the past, so these items come before anything another test of this file adds.
const at = (minute: number) => new Date(Date.UTC(2020, 0, 1) + minute * 60_000);

type Named = { name?: string; title?: string };
const names = (items: Named[], prefix: string) =>
  items.map((i) => i.name ?? i.title ?? '').filter((n) => n.startsWith(prefix));

async function queue() {
  const get = async (url: string) => (await t.inject({ method: 'GET', url, as: admin })).json();
  return {
    approvals: await get('/api/admin/pending-approvals?limit=50'),
    listings: await get('/api/admin/properties/pending?limit=50'),
    review: await get('/api/admin/review-queue?limit=50'),
  };
}

describe('the review queue', () => {
  it('lists waiting cards and listings oldest first by their last submission, the same in every read', async () => {
    const owner = await createOwner(db);
    // Created in one order, submitted (or edited) in another: the edit time decides.
    await createCard(db, owner.id, {
      name: 'Q-card B',
      status: 'pending',
      isPublic: false,
      createdAt: at(1),
      updatedAt: at(30),
    });
    await createCard(db, owner.id, {
      name: 'Q-card A',
      status: 'pending',
      isPublic: false,
      createdAt: at(2),
      updatedAt: at(10),
    });
    // A published card with an edit waiting is in the queue; a published one without is not.
    await createCard(db, owner.id, {
      name: 'Q-card C',
      pendingRevision: { profession: 'Senior Broker' },
      createdAt: at(0),
      updatedAt: at(20),
    });
    await createCard(db, owner.id, { name: 'Q-card live', createdAt: at(0), updatedAt: at(5) });
    await createCard(db, owner.id, {
      name: 'Q-card rejected',
      status: 'rejected',
      isPublic: false,
      rejectionReason: 'No',
      updatedAt: at(6),
    });
    await createProperty(db, owner.id, { title: 'Q-home B', isApproved: false, createdAt: at(1), updatedAt: at(40) });
    await createProperty(db, owner.id, { title: 'Q-home A', isApproved: false, createdAt: at(3), updatedAt: at(15) });
    await createProperty(db, owner.id, {
      title: 'Q-home rejected',
      isApproved: false,
      rejectionReason: 'Blurry',
      updatedAt: at(7),
    });
    await createProperty(db, owner.id, { title: 'Q-home live', updatedAt: at(8) });

    const { approvals, listings, review } = await queue();
    const cards = ['Q-card A', 'Q-card C', 'Q-card B'];
    const homes = ['Q-home A', 'Q-home B'];
    expect(names(approvals.businessCards, 'Q-card')).toEqual(cards);
    expect(names(review.cards.items, 'Q-card')).toEqual(cards);
    expect(names(approvals.properties, 'Q-home')).toEqual(homes);
    expect(names(listings.items, 'Q-home')).toEqual(homes);
    expect(names(review.properties.items, 'Q-home')).toEqual(homes);
    expect(approvals.totals).toEqual({ businessCards: review.cards.total, properties: review.properties.total });
    expect(listings.total).toBe(review.properties.total);
    // The revision is shown as live → proposed.
    const revised = review.cards.items.find((c: Named) => c.name === 'Q-card C');
    expect(revised.changes).toEqual([{ field: 'profession', before: 'Real Estate Broker', after: 'Senior Broker' }]);
    expect(revised.licenseVerified).toBe(false);
  });

  it('leaves out the cards and listings of deleted and suspended owners, and brings them back on restore', async () => {
    const deleted = await createOwner(db, { deletedAt: new Date() });
    const suspended = await createOwner(db);
    await createCard(db, deleted.id, { name: 'Gone card', status: 'pending', isPublic: false });
    await createProperty(db, deleted.id, { title: 'Gone home', isApproved: false });
    await createCard(db, suspended.id, { name: 'Held card', status: 'pending', isPublic: false });
    await createProperty(db, suspended.id, { title: 'Held home', isApproved: false });
    await db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, suspended.id));

    const before = await queue();
    for (const prefix of ['Gone', 'Held']) {
      expect(names(before.approvals.businessCards, prefix)).toEqual([]);
      expect(names(before.approvals.properties, prefix)).toEqual([]);
      expect(names(before.listings.items, prefix)).toEqual([]);
      expect(names(before.review.cards.items, prefix)).toEqual([]);
      expect(names(before.review.properties.items, prefix)).toEqual([]);
    }

    const restore = await t.inject({
      method: 'PATCH',
      url: `/api/admin/users/${suspended.id}/suspend`,
      payload: { suspended: false },
      as: admin,
    });
    expect(restore.statusCode).toBe(200);
    const after = await queue();
    expect(names(after.review.cards.items, 'Held')).toEqual(['Held card']);
    expect(names(after.review.properties.items, 'Held')).toEqual(['Held home']);
    expect(names(after.approvals.businessCards, 'Held')).toEqual(['Held card']);
    expect(names(after.listings.items, 'Held')).toEqual(['Held home']);
    expect(names(after.review.cards.items, 'Gone')).toEqual([]);
  });

  it('is for admins only', async () => {
    const broker = await t.signUp({ role: 'real_estate_broker' });
    for (const url of ['/api/admin/pending-approvals', '/api/admin/properties/pending', '/api/admin/review-queue']) {
      expect((await t.inject({ method: 'GET', url })).statusCode, url).toBe(401);
      expect((await t.inject({ method: 'GET', url, as: broker })).statusCode, url).toBe(403);
    }
  });
});
