import ICAL from 'ical.js';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { inquiries, users } from '../../db/schema';
import { createTestApp, type TestUser } from '../../../../tests/helpers/app';
import { addressSequence, approvedCardFor } from '../../../../tests/helpers/cards';

const t = await createTestApp();
const freshIp = addressSequence(1);
const cardFor = (owner: TestUser, over?: Parameters<typeof approvedCardFor>[2]) => approvedCardFor(t, owner, over);

const details = (over: Record<string, unknown> = {}) => ({
  name: 'Sara Haddad',
  phone: '050 765 4321',
  email: 'Sara@Example.com',
  company: 'Haddad Holdings',
  note: 'Met at Cityscape, interested in off-plan',
  consent: true,
  ...over,
});

const share = (cardId: string, payload: object, opts: { ip?: string; as?: TestUser } = {}) =>
  t.inject({
    method: 'POST',
    url: `/api/business-cards/${cardId}/exchange`,
    payload,
    remoteAddress: opts.ip ?? freshIp(),
    as: opts.as,
  });

const storedFor = (cardId: string) =>
  t.database.db.select().from(inquiries).where(eq(inquiries.businessCardId, cardId));

const parseVCard = (text: string) => new ICAL.Component(ICAL.parse(text));

describe('sharing details back from a public card', () => {
  it('stores a lead with source exchange and e-mails the owner the visitor’s vCard', async () => {
    const owner = await t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active', firstName: 'Omar' });
    const card = await cardFor(owner);
    const res = await share(card.id, details());
    expect(res.statusCode).toBe(201);
    const rows = await storedFor(card.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      source: 'exchange',
      inquirerName: 'Sara Haddad',
      inquirerEmail: 'sara@example.com',
      inquirerPhone: '+971507654321',
      inquirerCompany: 'Haddad Holdings',
      message: 'Met at Cityscape, interested in off-plan',
      status: 'pending',
    });

    const mail = t.mailer.lastTo(owner.user.email);
    expect(mail?.subject).toBe('Sara Haddad shared their details with you');
    expect(mail?.text).toContain('Phone: +971 50 765 4321');
    expect(mail?.text).toContain('Company: Haddad Holdings');
    expect(mail?.attachments).toHaveLength(1);
    const file = mail?.attachments?.[0];
    expect(file?.contentType).toBe('text/vcard; charset=utf-8');
    expect(file?.filename).toBe('Sara_Haddad.vcf');
    const vcard = parseVCard(file?.content.toString('utf8') ?? '');
    expect(vcard.getFirstPropertyValue('fn')).toBe('Sara Haddad');
    expect(vcard.getFirstPropertyValue('n')).toEqual(['Haddad', 'Sara', '', '', '']);
    expect(vcard.getFirstPropertyValue('tel')).toBe('+971 50 765 4321');
    expect(vcard.getFirstPropertyValue('email')).toBe('sara@example.com');
    expect(vcard.getFirstPropertyValue('org')).toBe('Haddad Holdings');
    expect(vcard.getFirstPropertyValue('note')).toContain('Met at Cityscape, interested in off-plan');
    expect(vcard.getFirstPropertyValue('note')).toContain(`Shared their details via your Bitaqa card "${card.name}"`);

    // It is one of the owner's leads, marked as shared details.
    const list = (await t.inject({ method: 'GET', url: '/api/inquiries', as: owner })).json();
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({ source: 'exchange', inquirerCompany: 'Haddad Holdings' });
  });

  it('writes to the owner in their language, and takes a phone number alone', async () => {
    const owner = await t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' });
    await t.database.db.update(users).set({ preferredLanguage: 'ar' }).where(eq(users.id, owner.user.id));
    const card = await cardFor(owner);
    const res = await share(card.id, details({ name: 'ليلى', email: '', company: null, note: '' }));
    expect(res.statusCode).toBe(201);
    const [row] = await storedFor(card.id);
    expect(row).toMatchObject({ inquirerEmail: null, inquirerPhone: '+971507654321', message: null });
    const mail = t.mailer.lastTo(owner.user.email);
    expect(mail?.subject).toBe('شارك \u2068ليلى\u2069 بياناته معك');
    expect(mail?.text).toContain('بطاقة جهة الاتصال مرفقة');
    const vcard = parseVCard(mail?.attachments?.[0]?.content.toString('utf8') ?? '');
    expect(vcard.getFirstPropertyValue('fn')).toBe('ليلى');
    expect(vcard.getFirstPropertyValue('email')).toBeNull();
    // The note is in the owner's language too.
    expect(vcard.getFirstPropertyValue('note')).toContain('شارك بياناته عبر بطاقتك على Bitaqa');
    expect(mail?.attachments?.[0]?.filename).toBe('contact.vcf');
  });

  it('validates per field: consent, a name, a phone or an e-mail, formats and lengths', async () => {
    const owner = await t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' });
    const card = await cardFor(owner);
    const nothing = await share(card.id, { consent: false, website: '' });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().errors).toEqual({
      consent: 'Please agree to share your details',
      name: 'Name is required',
      phone: 'Please give a phone number or an e-mail address',
      email: 'Please give a phone number or an e-mail address',
    });
    expect((await share(card.id, details({ email: 'nope' }))).json().errors.email).toBe(
      'Please enter a valid email address',
    );
    expect((await share(card.id, details({ phone: '12' }))).json().errors.phone).toBeTruthy();
    expect((await share(card.id, details({ note: 'x'.repeat(1001) }))).json().errors.note).toBe(
      'Note must be at most 1000 characters',
    );
    expect((await share(card.id, details({ name: 'A\u202Eevil' }))).statusCode).toBe(400);
    expect((await share(card.id, { ...details(), consent: undefined })).statusCode).toBe(400);
    expect(await storedFor(card.id)).toHaveLength(0);
  });

  it('only reaches published public cards', async () => {
    const owner = await t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' });
    const pending = await cardFor(owner, { status: 'pending', isPublic: false });
    const hidden = await cardFor(owner, { isPublic: false });
    for (const c of [pending, hidden]) expect((await share(c.id, details())).statusCode).toBe(404);
    expect((await share('not-a-uuid', details())).statusCode).toBe(404);
    expect(await storedFor(pending.id)).toHaveLength(0);
  });

  it('answers a filled honeypot like a success but stores and mails nothing', async () => {
    const owner = await t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' });
    const card = await cardFor(owner);
    const res = await share(card.id, details({ website: 'http://spam.example' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Your details have been shared.');
    expect(await storedFor(card.id)).toHaveLength(0);
    expect(t.mailer.lastTo(owner.user.email)).toBeUndefined();
  });

  it('limits each address to 5 in 10 minutes, apart from inquiries', async () => {
    const owner = await t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' });
    const card = await cardFor(owner);
    const ip = freshIp();
    for (let i = 0; i < 5; i += 1)
      expect((await share(card.id, details({ name: `V ${i}` }), { ip })).statusCode).toBe(201);
    const sixth = await share(card.id, details(), { ip });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().code).toBe('RATE_LIMITED');
    expect(await storedFor(card.id)).toHaveLength(5);
    // The same address can still send an inquiry: a bucket of its own.
    const inquiry = await t.inject({
      method: 'POST',
      url: `/api/business-cards/${card.id}/inquiries`,
      remoteAddress: ip,
      payload: { inquirerName: 'V', inquirerEmail: 'v@example.com', inquiryType: 'buying', consent: true },
    });
    expect(inquiry.statusCode).toBe(201);
  });

  it('caps the e-mails one owner gets from exchanges whatever the number of sending addresses, keeping every lead', async () => {
    const owner = await t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active', firstName: 'Huda' });
    const card = await cardFor(owner);
    // Two addresses, each within its own limit of 5: ten exchanges in a few seconds.
    for (const ip of [freshIp(), freshIp()]) {
      for (let i = 0; i < 5; i += 1)
        expect((await share(card.id, details({ name: `Sender ${ip} ${i}` }), { ip })).statusCode).toBe(201);
    }
    await t.mailer.settle();
    const mails = t.mailer.sent.filter((m) => m.to === owner.user.email && /shared their details/.test(m.subject));
    expect(mails).toHaveLength(5);
    // No lead is lost: all ten are in the owner's Leads list.
    expect(await storedFor(card.id)).toHaveLength(10);
  });

  it('shares a signed-in visitor’s own approved card with one tap', async () => {
    const owner = await t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' });
    const card = await cardFor(owner);
    const visitor = await t.signUp({ role: 'banking_broker', subscriptionStatus: 'active', firstName: 'Layla' });
    const oneTap = { consent: true, useMyCard: true, note: 'Great meeting you' };

    expect((await share(card.id, oneTap)).statusCode).toBe(401);
    const noCard = await share(card.id, oneTap, { as: visitor });
    expect(noCard.statusCode).toBe(409);
    expect(noCard.json().code).toBe('NO_APPROVED_CARD');
    await cardFor(visitor, { name: 'Layla Mortgage', status: 'pending', isPublic: false });
    expect((await share(card.id, oneTap, { as: visitor })).statusCode).toBe(409);

    await cardFor(visitor, {
      name: 'Layla Nasser',
      profession: 'Mortgage Advisor',
      phone: '+971551112233',
      countryCode: '+971',
      email: 'layla@bank.example',
      company: null,
      bankName: 'emirates_nbd',
    });
    // Typed fields are ignored: the card speaks for the visitor.
    const res = await share(card.id, { ...oneTap, name: 'Someone Else' }, { as: visitor });
    expect(res.statusCode).toBe(201);
    const [row] = await storedFor(card.id);
    expect(row).toMatchObject({
      source: 'exchange',
      inquirerName: 'Layla Nasser',
      inquirerPhone: '+971551112233',
      inquirerEmail: 'layla@bank.example',
      inquirerCompany: 'Emirates NBD',
      message: 'Great meeting you',
    });
    const vcard = parseVCard(t.mailer.lastTo(owner.user.email)?.attachments?.[0]?.content.toString('utf8') ?? '');
    expect(vcard.getFirstPropertyValue('tel')).toBe('+971 55 111 2233');
  });
});

describe('Save contact of a lead', () => {
  it('gives the owner the lead as a vCard, and nobody else', async () => {
    const owner = await t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' });
    const card = await cardFor(owner);
    await share(card.id, details());
    const [lead] = await storedFor(card.id);
    const url = `/api/inquiries/${lead.id}/vcard`;

    const res = await t.inject({ method: 'GET', url, as: owner });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/vcard; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="Sara_Haddad\.vcf"/);
    const vcard = parseVCard(res.body);
    expect(vcard.getFirstPropertyValue('fn')).toBe('Sara Haddad');
    expect(vcard.getFirstPropertyValue('email')).toBe('sara@example.com');

    const stranger = await t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' });
    expect((await t.inject({ method: 'GET', url, as: stranger })).statusCode).toBe(404);
    expect((await t.inject({ method: 'GET', url: url, as: await t.signInAdmin() })).statusCode).toBe(404);
    expect((await t.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await t.inject({ method: 'GET', url: '/api/inquiries/nope/vcard', as: owner })).statusCode).toBe(400);
  });

  it('refuses a lead without a way to reach it in the database itself', async () => {
    const owner = await t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' });
    const card = await cardFor(owner);
    const insert = (values: Partial<typeof inquiries.$inferInsert>) =>
      t.database.db.insert(inquiries).values({
        businessCardId: card.id,
        inquirerName: 'X',
        inquiryType: 'other',
        ...values,
      });
    await expect(insert({ source: 'exchange' })).rejects.toThrow();
    await expect(insert({ source: 'inquiry', inquirerPhone: '+971501234567' })).rejects.toThrow();
    await expect(insert({ source: 'gossip', inquirerEmail: 'x@example.com' })).rejects.toThrow();
    await insert({ source: 'exchange', inquirerPhone: '+971501234567' });
    expect(await storedFor(card.id)).toHaveLength(1);
  });
});
