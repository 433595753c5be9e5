/**
 * The admin approves what they saw, and edits never take an approved card or
 * listing offline. The attack: the review list showed "Clean", the owner renamed it "SPAM CALL
 * NOW" before the click, and the approval published that.
 */
import { describe, expect, it } from 'vitest';
import { createTestApp, type TestUser } from '../../../../tests/helpers/app';
import { createCard, createProperty } from '../../../../tests/helpers/discovery';

const t = await createTestApp();
const db = t.database.db;
const admin = await t.signInAdmin();

const decide = (id: string, payload: Record<string, unknown>) =>
  t.inject({ method: 'PATCH', url: `/api/admin/business-cards/${id}/status`, payload, as: admin });
const edit = (owner: TestUser, id: string, payload: Record<string, unknown>) =>
  t.inject({ method: 'PATCH', url: `/api/business-cards/${id}`, payload, as: owner });
const publicName = async (id: string) => {
  const res = await t.inject({ method: 'GET', url: `/api/business-cards/${id}` });
  return res.statusCode === 200 ? res.json().name : res.statusCode;
};
const directoryNames = async () =>
  (await t.inject({ method: 'GET', url: '/api/business-cards/public?limit=50' }))
    .json()
    .map((c: { name: string }) => c.name);
const reviewList = async () =>
  (await t.inject({ method: 'GET', url: '/api/admin/pending-approvals', as: admin })).json();

describe('card review names the version the admin saw', () => {
  it('answers 409 with the current content when the card changed after the admin looked', async () => {
    const owner = await t.signUp({ role: 'investor' });
    const created = await t.inject({
      method: 'POST',
      url: '/api/business-cards',
      payload: { name: 'Clean', profession: 'Investor' },
      as: owner,
    });
    const seen = (await reviewList()).businessCards.find((c: { id: string }) => c.id === created.json().id);
    expect(seen).toMatchObject({ name: 'Clean', version: 1 });

    expect((await edit(owner, seen.id, { name: 'SPAM CALL NOW' })).statusCode).toBe(200);
    const stale = await decide(seen.id, { status: 'approved', version: seen.version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'CARD_CHANGED', current: { name: 'SPAM CALL NOW', status: 'pending' } });
    expect(await publicName(seen.id)).toBe(404);
    const byTime = await decide(seen.id, {
      status: 'approved',
      version: stale.json().current.version,
      updatedAt: seen.updatedAt,
    });
    expect(byTime.statusCode).toBe(409);

    const fresh = stale.json().current;
    expect((await decide(seen.id, { status: 'rejected', version: fresh.version, reason: 'Spam' })).statusCode).toBe(
      200,
    );
  });
});

describe('an approval without the version the admin saw', () => {
  it('is refused (400) for a card, which stays unpublished, also after the owner changed it', async () => {
    const owner = await t.signUp({ role: 'investor' });
    const created = await t.inject({
      method: 'POST',
      url: '/api/business-cards',
      payload: { name: 'Clean Card', profession: 'Investor' },
      as: owner,
    });
    expect((await edit(owner, created.json().id, { name: 'SPAM CALL NOW' })).statusCode).toBe(200);
    const blind = await decide(created.json().id, { status: 'approved', isPublic: true });
    expect(blind.statusCode).toBe(400);
    expect(blind.json().errors.version).toMatch(/version/);
    expect(await publicName(created.json().id)).toBe(404);
  });

  it('is refused (400) for a listing, whose edit stays unpublished', async () => {
    const broker = await t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' });
    const listing = await createProperty(db, broker.user.id, { title: 'Quiet flat', permitNumber: '7112345679' });
    await t.inject({
      method: 'PATCH',
      url: `/api/properties/${listing.id}`,
      payload: { title: 'SPAM CALL NOW' },
      as: broker,
    });
    for (const payload of [undefined, {}]) {
      const blind = await t.inject({
        method: 'PATCH',
        url: `/api/admin/properties/${listing.id}/approve`,
        payload,
        as: admin,
      });
      expect(blind.statusCode).toBe(400);
    }
    const page = await t.inject({ method: 'GET', url: `/api/properties/${listing.id}` });
    expect(page.json().title).toBe('Quiet flat');
  });
});

describe('an edit of an approved card', () => {
  it('keeps the approved card public while the edit waits; the admin sees the change; approval applies it', async () => {
    const owner = await t.signUp({ role: 'investor' });
    const card = await createCard(db, owner.user.id, { name: 'Approved Name', profession: 'Investor' });
    expect(await publicName(card.id)).toBe('Approved Name');

    const res = await edit(owner, card.id, { name: 'SPAM CALL NOW', company: 'Spam Co' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'approved',
      name: 'Approved Name',
      pendingRevision: { name: 'SPAM CALL NOW', company: 'Spam Co' },
    });
    // The public, the directory and the vCard keep the approved content.
    expect(await publicName(card.id)).toBe('Approved Name');
    expect(await directoryNames()).toContain('Approved Name');
    expect(await directoryNames()).not.toContain('SPAM CALL NOW');
    const publicView = await t.inject({ method: 'GET', url: `/api/business-cards/${card.id}` });
    expect(publicView.json().pendingRevision).toBeNull();
    const vcard = await t.inject({ method: 'GET', url: `/api/business-cards/${card.id}/vcard` });
    expect(vcard.body).not.toContain('SPAM');

    // The admin sees the revision beside the live content, and approves the version seen.
    const queued = (await reviewList()).businessCards.find((c: { id: string }) => c.id === card.id);
    expect(queued).toMatchObject({ name: 'Approved Name', pendingRevision: { name: 'SPAM CALL NOW' } });
    expect((await edit(owner, card.id, { name: 'Fixed Name' })).statusCode).toBe(200);
    expect((await decide(card.id, { status: 'approved', version: queued.version })).statusCode).toBe(409);
    const current = (await reviewList()).businessCards.find((c: { id: string }) => c.id === card.id);
    expect(current.pendingRevision).toEqual({ name: 'Fixed Name', company: 'Spam Co' });
    const approved = await decide(card.id, { status: 'approved', version: current.version });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ name: 'Fixed Name', company: 'Spam Co', pendingRevision: null });
    expect(await publicName(card.id)).toBe('Fixed Name');
  });

  it('drops a rejected revision and keeps the approved card public', async () => {
    const owner = await t.signUp({ role: 'investor' });
    const card = await createCard(db, owner.user.id, { name: 'Steady Name', profession: 'Investor' });
    await edit(owner, card.id, { name: 'SPAM' });
    const rejected = await decide(card.id, { status: 'rejected', reason: 'Not a name' });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({ status: 'approved', name: 'Steady Name', pendingRevision: null });
    expect(await publicName(card.id)).toBe('Steady Name');
  });

  it('changes nothing for an edit that changes nothing, or one that undoes the revision', async () => {
    const owner = await t.signUp({ role: 'investor' });
    const card = await createCard(db, owner.user.id, { name: 'Same Name', profession: 'Investor' });
    const before = (await t.inject({ method: 'GET', url: `/api/business-cards/${card.id}`, as: owner })).json();
    // The audit's PATCH {} sent an approved card back to pending and out of the directory.
    // Now it is refused as an empty edit and the card stays as it was.
    expect((await edit(owner, card.id, {})).statusCode).toBe(400);
    const after = (await t.inject({ method: 'GET', url: `/api/business-cards/${card.id}`, as: owner })).json();
    expect(after).toMatchObject({ status: 'approved', version: before.version, pendingRevision: null });
    expect(await directoryNames()).toContain('Same Name');
    const same = await edit(owner, card.id, { name: 'Same Name', profession: 'Investor' });
    expect(same.json()).toMatchObject({ status: 'approved', version: before.version, pendingRevision: null });
    await edit(owner, card.id, { name: 'Other' });
    const undone = await edit(owner, card.id, { name: 'Same Name' });
    expect(undone.json()).toMatchObject({ status: 'approved', pendingRevision: null });
    expect((await reviewList()).businessCards.map((c: { id: string }) => c.id)).not.toContain(card.id);
    expect(await publicName(card.id)).toBe('Same Name');
  });
});

describe('listings', () => {
  const approve = (id: string, payload?: Record<string, unknown>) =>
    t.inject({ method: 'PATCH', url: `/api/admin/properties/${id}/approve`, payload, as: admin });
  const publicTitle = async (id: string) => {
    const res = await t.inject({ method: 'GET', url: `/api/properties/${id}` });
    return res.statusCode === 200 ? res.json().title : res.statusCode;
  };

  it('keeps an approved listing listed while its edit waits; approval of a stale version answers 409', async () => {
    const broker = await t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' });
    const listing = await createProperty(db, broker.user.id, { title: 'Marina flat', permitNumber: '7112345678' });
    const res = await t.inject({
      method: 'PATCH',
      url: `/api/properties/${listing.id}`,
      payload: { title: 'SPAM CALL NOW', price: 1_200_000 },
      as: broker,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      isApproved: true,
      title: 'Marina flat',
      pendingRevision: { title: 'SPAM CALL NOW', price: 1_200_000 },
    });
    expect(await publicTitle(listing.id)).toBe('Marina flat');
    const list = (await t.inject({ method: 'GET', url: '/api/properties?limit=50' })).json();
    expect(list.map((p: { title: string }) => p.title)).toContain('Marina flat');

    const pending = (await t.inject({ method: 'GET', url: '/api/admin/properties/pending', as: admin })).json();
    const seen = pending.items.find((p: { id: string }) => p.id === listing.id);
    expect(seen.pendingRevision).toMatchObject({ title: 'SPAM CALL NOW' });
    await t.inject({
      method: 'PATCH',
      url: `/api/properties/${listing.id}`,
      payload: { title: 'Marina flat, sea view' },
      as: broker,
    });
    const stale = await approve(listing.id, { version: seen.version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 'PROPERTY_CHANGED',
      current: { pendingRevision: { title: 'Marina flat, sea view' } },
    });
    const ok = await approve(listing.id, { version: stale.json().current.version });
    expect(ok.statusCode).toBe(200);
    expect(await publicTitle(listing.id)).toBe('Marina flat, sea view');
  });
});

describe('the review queue shows a revision as live → proposed', () => {
  const queue = async () =>
    (await t.inject({ method: 'GET', url: '/api/admin/review-queue?limit=50', as: admin })).json();

  it('answers each changed field of a card revision with its live and proposed value, and the version to decide on', async () => {
    const owner = await t.signUp({ role: 'investor' });
    const card = await createCard(db, owner.user.id, {
      name: 'Old Name',
      profession: 'Investor',
      company: 'Old Co',
      languages: ['english'],
    });
    await edit(owner, card.id, { name: 'New Name', company: '', languages: ['english', 'arabic'] });
    const fresh = await t.inject({
      method: 'POST',
      url: '/api/business-cards',
      payload: { name: 'Brand New', profession: 'Investor' },
      as: owner,
    });

    const items = (await queue()).cards.items;
    const revision = items.find((c: { id: string }) => c.id === card.id);
    expect(revision).toMatchObject({ name: 'Old Name', status: 'approved', version: expect.any(Number) });
    expect(revision.changes).toEqual([
      { field: 'name', before: 'Old Name', after: 'New Name' },
      { field: 'company', before: 'Old Co', after: null },
      { field: 'languages', before: ['english'], after: ['english', 'arabic'] },
    ]);
    const submission = items.find((c: { id: string }) => c.id === fresh.json().id);
    expect(submission).toMatchObject({ name: 'Brand New', status: 'pending', changes: null });

    // The owner edits again after the admin looked: the queue's version no longer decides.
    await edit(owner, card.id, { name: 'Newer Name' });
    expect((await decide(card.id, { status: 'approved', version: revision.version })).statusCode).toBe(409);
    const again = (await queue()).cards.items.find((c: { id: string }) => c.id === card.id);
    expect(again.changes[0]).toEqual({ field: 'name', before: 'Old Name', after: 'Newer Name' });
    const ok = await decide(card.id, { status: 'approved', version: again.version, updatedAt: again.updatedAt });
    expect(ok.statusCode).toBe(200);
    expect(await publicName(card.id)).toBe('Newer Name');
    expect((await queue()).cards.items.map((c: { id: string }) => c.id)).not.toContain(card.id);
  });

  it('answers a listing revision as live → proposed, and a new listing without changes', async () => {
    const broker = await t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' });
    const live = await createProperty(db, broker.user.id, { title: 'Old title', permitNumber: '7112345679' });
    const fresh = await createProperty(db, broker.user.id, { title: 'Waiting', isApproved: false });
    await t.inject({
      method: 'PATCH',
      url: `/api/properties/${live.id}`,
      payload: { title: 'New title', price: 2_000_000 },
      as: broker,
    });
    const items = (await queue()).properties.items;
    const revision = items.find((p: { id: string }) => p.id === live.id);
    expect(revision).toMatchObject({ title: 'Old title', isApproved: true, version: expect.any(Number) });
    expect(revision.changes).toEqual([
      { field: 'title', before: 'Old title', after: 'New title' },
      { field: 'price', before: live.price, after: 2_000_000 },
    ]);
    expect(items.find((p: { id: string }) => p.id === fresh.id)).toMatchObject({ isApproved: false, changes: null });
  });
});

describe('the owner learns what happened to an edit', () => {
  it('keeps the reason of a rejected card revision for the owner only, until their next edit', async () => {
    const owner = await t.signUp({ role: 'investor' });
    const card = await createCard(db, owner.user.id, { name: 'Kept Name', profession: 'Investor' });
    await edit(owner, card.id, { name: 'Bad Name' });
    await decide(card.id, { status: 'rejected', reason: 'Use your real name' });
    const mine = (await t.inject({ method: 'GET', url: `/api/business-cards/${card.id}`, as: owner })).json();
    expect(mine).toMatchObject({ status: 'approved', pendingRevision: null, rejectionReason: 'Use your real name' });
    const stranger = (await t.inject({ method: 'GET', url: `/api/business-cards/${card.id}` })).json();
    expect(stranger.rejectionReason).toBeNull();
    const next = await edit(owner, card.id, { name: 'Better Name' });
    expect(next.json()).toMatchObject({ pendingRevision: { name: 'Better Name' }, rejectionReason: null });
  });

  it('keeps the reason of a rejected listing revision for the owner, the listing staying listed', async () => {
    const broker = await t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' });
    const listing = await createProperty(db, broker.user.id, { title: 'Listed flat', permitNumber: '7112345670' });
    const patch = (payload: Record<string, unknown>) =>
      t.inject({ method: 'PATCH', url: `/api/properties/${listing.id}`, payload, as: broker });
    await patch({ title: 'CALL NOW' });
    const rejected = await t.inject({
      method: 'PATCH',
      url: `/api/admin/properties/${listing.id}/reject`,
      payload: { reason: 'Not a title' },
      as: admin,
    });
    expect(rejected.statusCode).toBe(200);
    const mine = (await t.inject({ method: 'GET', url: `/api/properties/${listing.id}`, as: broker })).json();
    expect(mine).toMatchObject({
      title: 'Listed flat',
      approvalStatus: 'approved',
      pendingRevision: null,
      rejectionReason: 'Not a title',
    });
    const publicView = await t.inject({ method: 'GET', url: `/api/properties/${listing.id}` });
    expect(publicView.json()).toMatchObject({ title: 'Listed flat', rejectionReason: null });
    const mail = t.mailer.sent.find((m) => m.to === broker.user.email && m.text.includes('Not a title'));
    expect(mail?.subject).toBe('Your changes to your Bitaqa listing were not approved');
    expect((await patch({ title: 'Listed flat, renovated' })).json()).toMatchObject({
      rejectionReason: null,
      pendingRevision: { title: 'Listed flat, renovated' },
    });
  });
});
