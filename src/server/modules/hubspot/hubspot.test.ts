/**
 * HubSpot against a fake HubSpot (a real local server the official client talks to): a token is
 * tried before it is kept, a new lead becomes a contact with a note carrying the message, the
 * source and the card link, a later lead with the same e-mail (or, without one, the same phone)
 * updates that contact, a failure is shown with HubSpot's reason and retried on the webhook
 * schedule, disconnecting stops the sync, and nobody else sees or changes a connection.
 */
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestUser } from '../../../../tests/helpers/app';
import { createTestBrokerage } from '../../../../tests/helpers/brokerage';
import { addressSequence, approvedCardFor } from '../../../../tests/helpers/cards';
import { startFakeHubspot } from '../../../../tests/helpers/fake-hubspot';
import { hubspotWorkerOf } from './index';

const hubspot = await startFakeHubspot({ tokens: ['pat-good', 'pat-team'] });
afterAll(() => hubspot.close());
// The app's clock runs with real time (rows stamped by the database agree with it) plus however
// far a test has moved it forward.
let ahead = 0;
const t = await createTestApp({ env: { HUBSPOT_API_BASE: hubspot.base }, now: () => new Date(Date.now() + ahead) });
const freshIp = addressSequence(43);
const broker = { role: 'real_estate_broker', subscriptionStatus: 'active' } as const;
const drain = () => hubspotWorkerOf(t.app.ctx)?.drain();

async function sendLead(cardId: string, visitor: Record<string, unknown>) {
  const res = await t.inject({
    method: 'POST',
    url: `/api/business-cards/${cardId}/inquiries`,
    remoteAddress: freshIp(),
    payload: { inquiryType: 'buying', consent: true, ...visitor },
  });
  expect(res.statusCode, res.body).toBe(201);
  await drain();
}

async function syncs(as: TestUser, query = '') {
  const res = await t.inject({ method: 'GET', url: `/api/integrations/hubspot/syncs${query}`, as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items as Record<string, unknown>[];
}

const contactsNamed = (email: string) => [...hubspot.contacts.values()].filter((c) => c.properties.email === email);

describe('HubSpot connection', () => {
  it('keeps a token only when HubSpot accepts it, and shows the account', async () => {
    const me = await t.signUp(broker);
    const before = await t.inject({ method: 'GET', url: '/api/integrations/hubspot', as: me });
    expect(before.json()).toMatchObject({ connected: false, scope: 'me' });
    const empty = await t.inject({ method: 'PUT', url: '/api/integrations/hubspot', as: me, payload: { token: ' ' } });
    expect(empty.statusCode).toBe(400);
    const bad = await t.inject({
      method: 'PUT',
      url: '/api/integrations/hubspot',
      as: me,
      payload: { token: 'pat-wrong' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/HubSpot refused this token \(HTTP 401\): Authentication credentials not found/);
    expect(bad.json().errors.token).toBeTruthy();
    expect((await t.inject({ method: 'GET', url: '/api/integrations/hubspot', as: me })).json().connected).toBe(false);

    const good = await t.inject({
      method: 'PUT',
      url: '/api/integrations/hubspot',
      as: me,
      payload: { token: 'pat-good' },
    });
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json()).toMatchObject({ connected: true, portalId: '4242', uiDomain: 'app-eu1.hubspot.com' });
    expect(JSON.stringify(good.json())).not.toContain('pat-good');
    const test = await t.inject({ method: 'POST', url: '/api/integrations/hubspot/test', as: me });
    expect(test.json()).toEqual({ ok: true, portalId: '4242', error: null });

    // The token is sealed at rest, never kept as given.
    const { hubspotConnections } = await import('./schema');
    const rows = await t.database.db.select().from(hubspotConnections);
    expect(rows.some((r) => r.tokenSealed.includes('pat-good'))).toBe(false);

    // HubSpot later refuses the kept token (revoked in HubSpot): the test says so.
    hubspot.tokens.delete('pat-good');
    const revoked = await t.inject({ method: 'POST', url: '/api/integrations/hubspot/test', as: me });
    expect(revoked.json()).toMatchObject({ ok: false, error: expect.stringMatching(/Authentication/) });
    hubspot.tokens.add('pat-good');
    // Connecting again replaces the token: still one connection.
    const again = await t.inject({
      method: 'PUT',
      url: '/api/integrations/hubspot',
      as: me,
      payload: { token: 'pat-good' },
    });
    expect(again.statusCode).toBe(200);
    const mine = await t.database.db.select().from(hubspotConnections).where(eq(hubspotConnections.userId, me.user.id));
    expect(mine).toHaveLength(1);
    expect(mine[0]?.tokenSealed).not.toBe(rows.find((r) => r.userId === me.user.id)?.tokenSealed);
    expect((await t.inject({ method: 'DELETE', url: '/api/integrations/hubspot', as: me })).statusCode).toBe(204);
  });

  it('another user neither sees nor changes my connection', async () => {
    const me = await t.signUp(broker);
    const stranger = await t.signUp(broker);
    await t.inject({ method: 'PUT', url: '/api/integrations/hubspot', as: me, payload: { token: 'pat-good' } });
    expect((await t.inject({ method: 'GET', url: '/api/integrations/hubspot', as: stranger })).json().connected).toBe(
      false,
    );
    for (const [method, url] of [
      ['DELETE', '/api/integrations/hubspot'],
      ['POST', '/api/integrations/hubspot/test'],
      ['GET', '/api/integrations/hubspot/syncs'],
      ['GET', '/api/integrations/hubspot?scope=brokerage'],
    ] as const)
      expect((await t.inject({ method, url, as: stranger })).statusCode, `${method} ${url}`).toBe(404);
    expect((await t.inject({ method: 'GET', url: '/api/integrations/hubspot', as: me })).json().connected).toBe(true);
    expect((await t.inject({ method: 'GET', url: '/api/integrations/hubspot' })).statusCode).toBe(401);
  });

  it('creates a contact for a new lead with a note, then updates it by e-mail and by phone', async () => {
    const me = await t.signUp(broker);
    await t.inject({ method: 'PUT', url: '/api/integrations/hubspot', as: me, payload: { token: 'pat-good' } });
    const card = await approvedCardFor(t, me, { name: 'Marina Homes' });
    await sendLead(card.id, {
      inquirerName: 'Layla Haddad',
      inquirerEmail: 'layla@example.com',
      inquirerPhone: '+971501234567',
      message: 'Is the villa <still> free?',
    });
    const [made] = contactsNamed('layla@example.com');
    expect(made?.properties).toMatchObject({ firstname: 'Layla', lastname: 'Haddad', phone: '+971501234567' });
    const note = hubspot.notes.find((n) => n.contactIds.includes(made?.id ?? ''));
    expect(note?.properties.hs_note_body).toContain('Is the villa &lt;still&gt; free?');
    expect(note?.properties.hs_note_body).toContain('Source: Bitaqa inquiry');
    expect(note?.properties.hs_note_body).toContain(`/cards/${card.id}">Marina Homes</a>`);
    let list = await syncs(me);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      itemKind: 'lead',
      label: 'Layla Haddad',
      state: 'synced',
      hubspotContactId: made?.id,
      url: `https://app-eu1.hubspot.com/contacts/4242/record/0-1/${made?.id}`,
      error: null,
    });

    // Same e-mail (another case), new name and phone: the same contact is updated, and the new
    // message is a second note.
    await sendLead(card.id, {
      inquirerName: 'Layla Al Haddad',
      inquirerEmail: 'LAYLA@example.com',
      inquirerPhone: '+971507654321',
      message: 'Any news?',
    });
    expect(contactsNamed('layla@example.com')).toHaveLength(1);
    expect(made?.properties).toMatchObject({ lastname: 'Al Haddad', phone: '+971507654321' });
    expect(hubspot.notes.filter((n) => n.contactIds.includes(made?.id ?? ''))).toHaveLength(2);

    // Another e-mail, same phone: matched by phone; the e-mail HubSpot holds stays.
    const contactsBefore = hubspot.contacts.size;
    await sendLead(card.id, {
      inquirerName: 'Layla H.',
      inquirerEmail: 'layla.work@example.com',
      inquirerPhone: '+971507654321',
      message: 'Call me',
    });
    expect(hubspot.contacts.size).toBe(contactsBefore);
    expect(made?.properties).toMatchObject({ lastname: 'H.', email: 'layla@example.com' });
    list = await syncs(me);
    expect(list).toHaveLength(3);
    expect(list.every((s) => s.state === 'synced' && s.hubspotContactId === made?.id)).toBe(true);
    const status = (await t.inject({ method: 'GET', url: '/api/integrations/hubspot', as: me })).json();
    expect(status).toMatchObject({ lastSyncStatus: 'synced', failedItems: 0, consecutiveFailures: 0 });
    expect(status.lastSyncAt).toBeTruthy();
  });

  it('sends contact-book contacts too', async () => {
    const me = await t.signUp(broker);
    await t.inject({ method: 'PUT', url: '/api/integrations/hubspot', as: me, payload: { token: 'pat-good' } });
    const made = await t.inject({
      method: 'POST',
      url: '/api/contacts',
      as: me,
      payload: { name: 'Omar Said', title: 'Investor', emails: ['omar@example.com'], notes: 'Met at Cityscape' },
    });
    expect(made.statusCode, made.body).toBe(201);
    await drain();
    const [c] = contactsNamed('omar@example.com');
    expect(c?.properties).toMatchObject({ firstname: 'Omar', lastname: 'Said', jobtitle: 'Investor' });
    expect(hubspot.notes.find((n) => n.contactIds.includes(c?.id ?? ''))?.properties.hs_note_body).toContain(
      'Met at Cityscape',
    );
    expect((await syncs(me))[0]).toMatchObject({ itemKind: 'contact', state: 'synced', label: 'Omar Said' });
  });

  it('records a failure with HubSpot’s reason and retries it on the webhook schedule', async () => {
    const me = await t.signUp(broker);
    await t.inject({ method: 'PUT', url: '/api/integrations/hubspot', as: me, payload: { token: 'pat-good' } });
    const card = await approvedCardFor(t, me);
    hubspot.failNext('POST', '/crm/v3/objects/contacts', 500, 'HubSpot is having a bad day');
    await sendLead(card.id, { inquirerName: 'Sara Ali', inquirerEmail: 'sara@example.com', message: 'Hello' });
    expect(contactsNamed('sara@example.com')).toHaveLength(0);
    let [item] = await syncs(me);
    expect(item).toMatchObject({ state: 'failed', error: 'HubSpot is having a bad day', attempts: 1 });
    expect(new Date(String(item?.nextAttemptAt)).getTime() - new Date(String(item?.updatedAt)).getTime()).toBe(30_000);
    const status = (await t.inject({ method: 'GET', url: '/api/integrations/hubspot', as: me })).json();
    expect(status).toMatchObject({
      lastSyncStatus: 'failed',
      lastError: 'HubSpot is having a bad day',
      failedItems: 1,
    });
    expect((await syncs(me, '?state=failed')).length).toBe(1);

    // Not due yet: nothing is tried again.
    await drain();
    expect(contactsNamed('sara@example.com')).toHaveLength(0);
    ahead += 31_000;
    await drain();
    expect(contactsNamed('sara@example.com')).toHaveLength(1);
    [item] = await syncs(me);
    expect(item).toMatchObject({ state: 'synced', error: null, attempts: 2, nextAttemptAt: null });
    // The note was written once, on the attempt that reached the contact.
    const id = contactsNamed('sara@example.com')[0]?.id ?? '';
    expect(hubspot.notes.filter((n) => n.contactIds.includes(id))).toHaveLength(1);
  });

  it('stops syncing once disconnected', async () => {
    const me = await t.signUp(broker);
    await t.inject({ method: 'PUT', url: '/api/integrations/hubspot', as: me, payload: { token: 'pat-good' } });
    const card = await approvedCardFor(t, me);
    expect((await t.inject({ method: 'DELETE', url: '/api/integrations/hubspot', as: me })).statusCode).toBe(204);
    expect((await t.inject({ method: 'DELETE', url: '/api/integrations/hubspot', as: me })).statusCode).toBe(404);
    const calls = hubspot.calls.length;
    await sendLead(card.id, { inquirerName: 'Late Visitor', inquirerEmail: 'late@example.com', message: 'Hi' });
    expect(hubspot.calls.length).toBe(calls);
    expect(contactsNamed('late@example.com')).toHaveLength(0);
  });

  it('lets a brokerage owner connect the brokerage, whose team leads then go to its HubSpot', async () => {
    const owner = await t.signUp(broker);
    const member = await t.signUp(broker);
    const b = await createTestBrokerage(t, { owner, members: [member] });
    const byMember = await t.inject({
      method: 'PUT',
      url: '/api/integrations/hubspot',
      as: member,
      payload: { token: 'pat-team', brokerageId: b.id },
    });
    expect(byMember.statusCode).toBe(404);
    const byOwner = await t.inject({
      method: 'PUT',
      url: '/api/integrations/hubspot',
      as: owner,
      payload: { token: 'pat-team', brokerageId: b.id },
    });
    expect(byOwner.json()).toMatchObject({ connected: true, scope: 'brokerage' });
    expect((await t.inject({ method: 'GET', url: '/api/integrations/hubspot', as: owner })).json().connected).toBe(
      false,
    );
    const card = await approvedCardFor(t, member);
    await sendLead(card.id, { inquirerName: 'Team Visitor', inquirerEmail: 'team@example.com', message: 'Hi team' });
    expect(contactsNamed('team@example.com')).toHaveLength(1);
    expect((await syncs(owner, '?scope=brokerage'))[0]).toMatchObject({ state: 'synced', label: 'Team Visitor' });
    expect(
      (await t.inject({ method: 'GET', url: '/api/integrations/hubspot/syncs?scope=brokerage', as: member }))
        .statusCode,
    ).toBe(404);
  });
});
