import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { conversations, inquiries, messages, users } from '../../db/schema';
import { createTestApp, type TestUser } from '../../../../tests/helpers/app';
import { addressSequence, approvedCardFor } from '../../../../tests/helpers/cards';

const t = await createTestApp();
const freshIp = addressSequence(0);
const cardFor = (owner: TestUser, over?: Parameters<typeof approvedCardFor>[2]) => approvedCardFor(t, owner, over);

const lead = (over: Record<string, unknown> = {}) => ({
  inquirerName: 'Visitor One',
  inquirerEmail: 'visitor@example.com',
  inquirerPhone: '+971 50 111 2222',
  inquiryType: 'buying',
  message: 'Looking for a 2-bed in Dubai Marina',
  consent: true,
  ...over,
});

const send = (cardId: string, payload: object, ip = freshIp()) =>
  t.inject({ method: 'POST', url: `/api/business-cards/${cardId}/inquiries`, payload, remoteAddress: ip });

const storedFor = (cardId: string) =>
  t.database.db.select().from(inquiries).where(eq(inquiries.businessCardId, cardId));

describe('sending an inquiry from a public card', () => {
  it('accepts a signed-out visitor, stores the lead and e-mails the owner', async () => {
    const owner = await t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' });
    const card = await cardFor(owner);
    const res = await send(card.id, lead());
    expect(res.statusCode).toBe(201);
    const rows = await storedFor(card.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ inquirerName: 'Visitor One', inquiryType: 'buying', status: 'pending' });
    const mail = t.mailer.lastTo(owner.user.email);
    expect(mail?.subject).toBe('New inquiry from Visitor One');
    expect(mail?.text).toContain('visitor@example.com');
    expect(mail?.text).toContain('Looking for a 2-bed in Dubai Marina');
  });

  it('validates the form: consent, e-mail, type, lengths', async () => {
    const owner = await t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' });
    const card = await cardFor(owner);
    const noConsent = await send(card.id, lead({ consent: false }));
    expect(noConsent.statusCode).toBe(400);
    expect(noConsent.json().errors.consent).toBe('Please agree to be contacted about your inquiry');
    const missingConsent = await send(card.id, { ...lead(), consent: undefined });
    expect(missingConsent.statusCode).toBe(400);
    expect((await send(card.id, lead({ inquirerEmail: 'not-an-email' }))).json().errors.inquirerEmail).toBe(
      'Please enter a valid email address',
    );
    expect((await send(card.id, lead({ inquiryType: 'spam' }))).statusCode).toBe(400);
    expect((await send(card.id, lead({ inquirerName: '  ' }))).json().errors.inquirerName).toBe('Name is required');
    expect((await send(card.id, lead({ message: 'x'.repeat(2001) }))).statusCode).toBe(400);
    expect(await storedFor(card.id)).toHaveLength(0);
  });

  it('only reaches approved, public cards of active owners', async () => {
    const owner = await t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' });
    const pending = await cardFor(owner, { status: 'pending', isPublic: false });
    const rejected = await cardFor(owner, { status: 'rejected' });
    const hidden = await cardFor(owner, { isPublic: false });
    for (const c of [pending, rejected, hidden]) expect((await send(c.id, lead())).statusCode).toBe(404);
    expect((await send('00000000-0000-0000-0000-000000000000', lead())).statusCode).toBe(404);
    expect((await send('not-a-uuid', lead())).statusCode).toBe(404);

    const suspended = await t.signUp({ role: 'banking_broker', subscriptionStatus: 'active' });
    const card = await cardFor(suspended);
    await t.database.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, suspended.user.id));
    expect((await send(card.id, lead())).statusCode).toBe(404);
    expect(await storedFor(card.id)).toHaveLength(0);
  });

  it('follows the owner’s card visibility: private takes no leads, connections only from people they talk to', async () => {
    const owner = await t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' });
    const card = await cardFor(owner);
    await t.database.db.update(users).set({ cardVisibility: 'private' }).where(eq(users.id, owner.user.id));
    expect((await send(card.id, lead())).statusCode).toBe(404);

    await t.database.db.update(users).set({ cardVisibility: 'connections' }).where(eq(users.id, owner.user.id));
    expect((await send(card.id, lead())).statusCode).toBe(404);
    const stranger = await t.signUp({ role: 'investor' });
    const friend = await t.signUp({ role: 'investor' });
    const [conv] = await t.database.db
      .insert(conversations)
      .values({ participant1Id: friend.user.id, participant2Id: owner.user.id })
      .returning();
    const post = (as: TestUser) =>
      t.inject({
        method: 'POST',
        url: `/api/business-cards/${card.id}/inquiries`,
        payload: lead(),
        as,
        remoteAddress: freshIp(),
      });
    expect((await post(stranger)).statusCode).toBe(404);
    // A conversation only the friend wrote in is no connection yet.
    await t.database.db.insert(messages).values({ conversationId: conv.id, senderId: friend.user.id, content: 'Hi' });
    expect((await post(friend)).statusCode).toBe(404);
    await t.database.db.insert(messages).values({ conversationId: conv.id, senderId: owner.user.id, content: 'Hello' });
    expect((await post(friend)).statusCode).toBe(201);
    expect(await storedFor(card.id)).toHaveLength(1);
  });

  it('answers a filled honeypot like a success but stores and mails nothing', async () => {
    const owner = await t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' });
    const card = await cardFor(owner);
    const res = await send(card.id, lead({ website: 'http://spam.example' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toMatch(/has been sent/);
    expect(await storedFor(card.id)).toHaveLength(0);
    expect(t.mailer.lastTo(owner.user.email)).toBeUndefined();
  });

  it('limits each address to 5 inquiries in 10 minutes', async () => {
    const owner = await t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' });
    const card = await cardFor(owner);
    const ip = freshIp();
    for (let i = 0; i < 5; i += 1)
      expect((await send(card.id, lead({ inquirerName: `Lead ${i}` }), ip)).statusCode).toBe(201);
    const sixth = await send(card.id, lead(), ip);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().code).toBe('RATE_LIMITED');
    expect(await storedFor(card.id)).toHaveLength(5);
    // Someone else is not affected.
    expect((await send(card.id, lead())).statusCode).toBe(201);
  });

  it('respects the owner turning inquiry e-mails off', async () => {
    const owner = await t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' });
    await t.database.db
      .update(users)
      .set({ notificationPrefs: { messages: true, inquiries: false, cardStatus: true, subscription: true } })
      .where(eq(users.id, owner.user.id));
    const card = await cardFor(owner);
    expect((await send(card.id, lead())).statusCode).toBe(201);
    expect(await storedFor(card.id)).toHaveLength(1);
    expect(t.mailer.lastTo(owner.user.email)).toBeUndefined();
  });
});

describe('the owner’s Leads', () => {
  async function ownerWithLeads() {
    const owner = await t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' });
    const a = await cardFor(owner, { name: 'Card A' });
    const b = await cardFor(owner, { name: 'Card B' });
    const base = Date.now() - 60_000;
    const rows = await t.database.db
      .insert(inquiries)
      .values([
        {
          businessCardId: a.id,
          inquirerName: 'Oldest',
          inquirerEmail: 'o@example.com',
          inquiryType: 'renting',
          createdAt: new Date(base),
        },
        {
          businessCardId: b.id,
          inquirerName: 'Middle',
          inquirerEmail: 'm@example.com',
          inquiryType: 'selling',
          createdAt: new Date(base + 1000),
        },
        {
          businessCardId: a.id,
          inquirerName: 'محمد العلي',
          inquirerEmail: 'n@example.com',
          inquirerPhone: '+971 50 999 8888',
          inquiryType: 'financing',
          message: 'مرحبا, I need "a quote"\nfor a villa',
          createdAt: new Date(base + 2000),
        },
      ])
      .returning();
    return { owner, rows };
  }

  it('lists the owner’s inquiries across their cards, newest first, paged, and nobody else’s', async () => {
    const { owner } = await ownerWithLeads();
    const res = await t.inject({ method: 'GET', url: '/api/inquiries', as: owner });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(3);
    expect(body.items.map((i: { inquirerName: string }) => i.inquirerName)).toEqual(['محمد العلي', 'Middle', 'Oldest']);
    expect(body.items[1].cardName).toBe('Card B');
    const page = await t.inject({ method: 'GET', url: '/api/inquiries?limit=1&offset=1', as: owner });
    expect(page.json().items.map((i: { inquirerName: string }) => i.inquirerName)).toEqual(['Middle']);

    const other = await t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' });
    expect((await t.inject({ method: 'GET', url: '/api/inquiries', as: other })).json()).toMatchObject({
      items: [],
      total: 0,
    });
    const admin = await t.signInAdmin();
    expect((await t.inject({ method: 'GET', url: '/api/inquiries', as: admin })).json().total).toBe(0);
    expect((await t.inject({ method: 'GET', url: '/api/inquiries' })).statusCode).toBe(401);
  });

  it('moves an inquiry through pending → contacted → closed, for the owner only', async () => {
    const { owner, rows } = await ownerWithLeads();
    const id = rows[0].id;
    const other = await t.signUp({ role: 'banking_broker', subscriptionStatus: 'active' });
    const admin = await t.signInAdmin();
    const patch = (as: TestUser | undefined, payload: object, url = `/api/inquiries/${id}`) =>
      t.inject({ method: 'PATCH', url, as, payload });

    expect((await patch(undefined, { status: 'contacted' })).statusCode).toBe(401);
    expect((await patch(other, { status: 'contacted' })).statusCode).toBe(404);
    expect((await patch(admin, { status: 'contacted' })).statusCode).toBe(404);
    expect((await patch(owner, { status: 'answered' })).statusCode).toBe(400);
    expect((await patch(owner, { status: 'contacted' }, '/api/inquiries/nope')).statusCode).toBe(400);
    expect((await storedFor(rows[0].businessCardId)).find((r) => r.id === id)?.status).toBe('pending');

    const contacted = await patch(owner, { status: 'contacted' });
    expect(contacted.statusCode).toBe(200);
    expect(contacted.json().status).toBe('contacted');
    expect((await patch(owner, { status: 'closed' })).json().status).toBe('closed');
    const filtered = await t.inject({ method: 'GET', url: '/api/inquiries?status=closed', as: owner });
    expect(filtered.json()).toMatchObject({ total: 1, counts: { pending: 2, contacted: 0, closed: 1 } });
  });

  it('exports a CSV that Excel opens: BOM, CRLF, quoting, Arabic intact', async () => {
    const { owner } = await ownerWithLeads();
    const res = await t.inject({ method: 'GET', url: '/api/inquiries/export.csv', as: owner });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="bitaqa-leads-\d{4}-\d{2}-\d{2}\.csv"/);
    const raw = res.rawPayload;
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = raw.toString('utf8').slice(1);
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('Date,Card,Name,Email,Phone,Type,Status,Message');
    expect(text).toContain('محمد العلي');
    // Comma, quotes and the line break stay inside one quoted cell; the phone cannot run as a formula.
    expect(text).toContain(",'+971 50 999 8888,");
    expect(text).toContain('"مرحبا, I need ""a quote""\nfor a villa"');
    expect(lines.at(-1)).toBe('');
    expect(text.match(/\r\n/g)).toHaveLength(4);

    const other = await t.signUp({ role: 'investor' });
    const empty = await t.inject({ method: 'GET', url: '/api/inquiries/export.csv', as: other });
    expect(empty.body.slice(1)).toBe('Date,Card,Name,Email,Phone,Type,Status,Message\r\n');
    expect((await t.inject({ method: 'GET', url: '/api/inquiries/export.csv' })).statusCode).toBe(401);
  });
});
