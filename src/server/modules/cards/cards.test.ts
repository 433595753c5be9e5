import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type TestUser, createTestApp } from '../../../../tests/helpers/app';
import { auditLog, businessCards, cardEvents, properties, users } from '../../db/schema';

const t = await createTestApp();

const validCard = (over: Record<string, unknown> = {}) => ({
  name: 'Layla Aboud',
  profession: 'Off-Plan Property Specialist',
  company: 'Marina Homes Real Estate',
  roleTitle: 'off_plan_projects',
  phone: '50 123 4567',
  countryCode: '+971',
  email: 'layla@marinahomes.ae',
  gender: 'female',
  nationality: 'lebanese',
  age: 34,
  yearsOfExperience: 9,
  languages: ['english', 'arabic', 'french'],
  emirate: 'dubai',
  area: 'Dubai Marina',
  officeAddress: 'Marina Plaza, Office 1204',
  googleMapsLink: 'https://maps.google.com/?q=Marina+Plaza',
  professionalBio: 'Helping investors buy off-plan in Dubai Marina.',
  socialLinks: { linkedin: 'https://www.linkedin.com/in/layla', instagram: '', website: 'https://marinahomes.ae' },
  brnNumber: '45821',
  ornNumber: '12345',
  aiGenerated: true,
  ...over,
});

async function createCard(as: TestUser, over: Record<string, unknown> = {}) {
  const res = await t.inject({ method: 'POST', url: '/api/business-cards', payload: validCard(over), as });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; [k: string]: unknown };
}

const get = (id: string, as?: TestUser) => t.inject({ method: 'GET', url: `/api/business-cards/${id}`, as });

/** The admin's decision, on the version the admin sees now unless the payload names one. */
async function decide(id: string, payload: Record<string, unknown>) {
  const admin = await t.signInAdmin();
  const version = 'version' in payload ? {} : { version: (await get(id, admin)).json().version };
  return t.inject({
    method: 'PATCH',
    url: `/api/admin/business-cards/${id}/status`,
    payload: { ...version, ...payload },
    as: admin,
  });
}

describe('creating a card', () => {
  it('creates a pending, non-public card owned by the signed-in user, whatever userId the body claims', async () => {
    const broker = await t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' });
    const other = await t.signUp();
    const card = await createCard(broker, { userId: other.user.id });
    expect(card).toMatchObject({
      userId: broker.user.id,
      status: 'pending',
      isPublic: false,
      name: 'Layla Aboud',
      roleTitle: 'off_plan_projects',
      languages: ['english', 'arabic', 'french'],
      socialLinks: { linkedin: 'https://www.linkedin.com/in/layla', website: 'https://marinahomes.ae' },
      licenseVerified: false,
      aiGenerated: true,
      user: { id: broker.user.id, role: 'real_estate_broker', firstName: broker.user.firstName },
      stats: { views: 0, vcardDownloads: 0, qrVisits: 0 },
    });
    // An empty social link is not stored as a link.
    expect(card.socialLinks).not.toHaveProperty('instagram');
    const mine = await t.inject({ method: 'GET', url: '/api/business-cards/my', as: broker });
    expect(mine.json().map((c: { id: string }) => c.id)).toEqual([card.id]);
    const theirs = await t.inject({ method: 'GET', url: '/api/business-cards/my', as: other });
    expect(theirs.json()).toEqual([]);
  });

  it('needs a signed-in user', async () => {
    const res = await t.inject({ method: 'POST', url: '/api/business-cards', payload: validCard() });
    expect(res.statusCode).toBe(401);
    expect((await t.inject({ method: 'GET', url: '/api/business-cards/my' })).statusCode).toBe(401);
  });

  it('accepts only name and profession as required, with empty optional fields', async () => {
    const investor = await t.signUp();
    const res = await t.inject({
      method: 'POST',
      url: '/api/business-cards',
      payload: { name: 'Carlos Mendez', profession: 'Investor', email: '', emirate: '', age: null, googleMapsLink: '' },
      as: investor,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ email: null, emirate: null, age: null, googleMapsLink: null, languages: [] });
  });

  const invalid: [string, Record<string, unknown>, string, RegExp][] = [
    ['missing name', { name: '' }, 'name', /^Name is required$/],
    ['blank name', { name: '   ' }, 'name', /^Name is required$/],
    ['missing profession', { profession: undefined }, 'profession', /^Profession is required$/],
    ['bad e-mail', { email: 'not-an-email' }, 'email', /valid email/],
    ['age below 18', { age: 17 }, 'age', /between 18 and 100/],
    ['age above 100', { age: 101 }, 'age', /between 18 and 100/],
    ['fractional age', { age: 30.5 }, 'age', /whole number/],
    ['experience below 0', { yearsOfExperience: -1 }, 'yearsOfExperience', /between 0 and 50/],
    ['experience above 50', { yearsOfExperience: 51 }, 'yearsOfExperience', /between 0 and 50/],
    ['unknown emirate', { emirate: 'atlantis' }, 'emirate', /emirate/],
    ['unknown language', { languages: ['english', 'klingon'] }, 'languages.1', /language/],
    ['unknown specialization', { roleTitle: 'astronaut' }, 'roleTitle', /specialization/],
    ['unknown bank', { bankName: 'bank_of_mars' }, 'bankName', /bank/],
    ['unknown gender', { gender: 'robot' }, 'gender', /gender/],
    ['unknown project type', { propertySpecialization: ['castles'] }, 'propertySpecialization.0', /project type/],
    ['unknown budget', { investmentBudgetRange: 'infinite' }, 'investmentBudgetRange', /budget/],
    ['unknown interest', { investmentInterests: ['gambling'] }, 'investmentInterests.0', /interest/],
    [
      'too many services',
      { servicesOffered: Array.from({ length: 21 }, (_, i) => `Service ${i}`) },
      'servicesOffered',
      /At most 20/,
    ],
    ['too long service', { servicesOffered: ['x'.repeat(101)] }, 'servicesOffered.0', /at most 100/],
    ['too long name', { name: 'x'.repeat(101) }, 'name', /at most 100/],
    ['too long bio', { professionalBio: 'x'.repeat(4001) }, 'professionalBio', /at most 4000/],
    ['javascript: social link', { socialLinks: { linkedin: 'javascript:alert(1)' } }, 'socialLinks.linkedin', /http/],
    [
      'data: website',
      { socialLinks: { website: 'data:text/html,<script>alert(1)</script>' } },
      'socialLinks.website',
      /http/,
    ],
    ['javascript: maps link', { googleMapsLink: 'javascript:alert(document.cookie)' }, 'googleMapsLink', /http/],
    [
      'data: portfolio link',
      { projectPortfolioLink: 'data:text/html;base64,PHNjcmlwdD4=' },
      'projectPortfolioLink',
      /http/,
    ],
    ['javascript: image', { profileImageUrl: 'javascript:alert(1)' }, 'profileImageUrl', /Upload/],
    ['protocol-relative image', { profileImageUrl: '//evil.example/x.png' }, 'profileImageUrl', /Upload/],
    // A same-site action as an avatar, an external tracking pixel, a path escape.
    ['a same-site action as image', { profileImageUrl: '/api/logout' }, 'profileImageUrl', /Upload/],
    ['an external image', { profileImageUrl: 'https://tracker.example/pixel.png' }, 'profileImageUrl', /Upload/],
    ['an avatar path escape', { profileImageUrl: '/api/avatars/../logout.svg' }, 'profileImageUrl', /Upload/],
    [
      'an upload with a query',
      { profileImageUrl: `/api/uploads/${'a'.repeat(64)}.webp?x=1` },
      'profileImageUrl',
      /Upload/,
    ],
    ['link with a line break', { googleMapsLink: 'https://maps.google.com/\nEND:VCARD' }, 'googleMapsLink', /http/],
    ['ftp link', { socialLinks: { twitter: 'ftp://x.com/me' } }, 'socialLinks.twitter', /http/],
    ['BRN with letters', { brnNumber: '12AB' }, 'brnNumber', /BRN/],
    ['ORN too short', { ornNumber: '12' }, 'ornNumber', /ORN/],
    ['practice card with symbols', { practiceCardNumber: 'PC-12/34' }, 'practiceCardNumber', /Practice card/],
    ['bad phone', { phone: 'call me' }, 'phone', /phone/],
  ];
  it.each(invalid)('refuses %s with 400 and a field message', async (_label, over, field, message) => {
    const user = await t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' });
    const res = await t.inject({ method: 'POST', url: '/api/business-cards', payload: validCard(over), as: user });
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.errors[field], JSON.stringify(body.errors)).toMatch(message);
    const mine = await t.inject({ method: 'GET', url: '/api/business-cards/my', as: user });
    expect(mine.json()).toEqual([]);
  });

  it('limits how many cards one user can hold', async () => {
    const user = await t.signUp();
    for (let i = 0; i < 10; i++) await createCard(user, { name: `Card ${i}` });
    const res = await t.inject({ method: 'POST', url: '/api/business-cards', payload: validCard(), as: user });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('CARD_LIMIT');
  });
});

describe('reading a card', () => {
  it('hides a pending card from everyone but its owner and admins', async () => {
    const owner = await t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' });
    const stranger = await t.signUp();
    const admin = await t.signInAdmin();
    const card = await createCard(owner);
    for (const as of [undefined, stranger]) {
      const res = await get(card.id, as);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Business card not found');
    }
    const own = await get(card.id, owner);
    expect(own.statusCode).toBe(200);
    expect(own.json().stats).toEqual({ views: 0, vcardDownloads: 0, qrVisits: 0 });
    expect((await get(card.id, admin)).statusCode).toBe(200);
  });

  it("honours the owner's visibility setting: private hides the card, connections shows it to contacts only", async () => {
    const owner = await t.signUp({ role: 'real_estate_developer' });
    const contact = await t.signUp();
    const stranger = await t.signUp();
    const card = await createCard(owner, { roleTitle: undefined, brnNumber: undefined, ornNumber: undefined });
    expect((await decide(card.id, { status: 'approved', isPublic: true })).statusCode).toBe(200);
    const started = await t.inject({
      method: 'POST',
      url: '/api/conversations',
      payload: { participantId: owner.user.id },
      as: contact,
    });
    expect(started.statusCode).toBe(201);
    const setVisibility = (cardVisibility: string) =>
      t.database.db.update(users).set({ cardVisibility }).where(eq(users.id, owner.user.id));

    await setVisibility('private');
    for (const as of [undefined, stranger, contact]) expect((await get(card.id, as)).statusCode).toBe(404);
    expect((await get(card.id, owner)).statusCode).toBe(200);

    await setVisibility('connections');
    expect((await get(card.id)).statusCode).toBe(404);
    expect((await get(card.id, stranger)).statusCode).toBe(404);
    // Starting a conversation, or writing into it alone, is no connection.
    expect((await get(card.id, contact)).statusCode).toBe(404);
    const write = async (as: TestUser, content: string) =>
      expect(
        (
          await t.inject({
            method: 'POST',
            url: '/api/messages',
            payload: { conversationId: started.json().id, content },
            as,
          })
        ).statusCode,
      ).toBe(201);
    await write(contact, 'Hello, may I see your card?');
    expect((await get(card.id, contact)).statusCode).toBe(404);
    expect((await get(`${card.id}/vcard`, contact)).statusCode).toBe(404);
    // The owner's reply is the acceptance: now they are connections.
    await write(owner, 'Of course.');
    expect((await get(card.id, contact)).statusCode).toBe(200);
    expect((await get(card.id, stranger)).statusCode).toBe(404);

    await setVisibility('public');
    expect((await get(card.id)).statusCode).toBe(200);
  });

  it('answers 404 for unknown and malformed ids', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', "1' or '1'='1", '123']) {
      const res = await get(encodeURIComponent(id));
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Business card not found');
    }
  });

  it('shows an approved card to anyone without the owner-only fields', async () => {
    const owner = await t.signUp({ role: 'banking_broker', subscriptionStatus: 'active' });
    const card = await createCard(owner, { roleTitle: 'home_loans', bankName: 'emirates_nbd' });
    expect((await decide(card.id, { status: 'approved', isPublic: true })).statusCode).toBe(200);
    const res = await get(card.id);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      id: card.id,
      status: 'approved',
      isPublic: true,
      bankName: 'emirates_nbd',
      user: { role: 'banking_broker' },
    });
    expect(body.stats).toBeUndefined();
    expect(body.user).not.toHaveProperty('email');
  });

  it('lists a user’s cards for that user or an admin only', async () => {
    const owner = await t.signUp();
    const stranger = await t.signUp();
    const admin = await t.signInAdmin();
    const card = await createCard(owner);
    const url = `/api/business-cards/user/${owner.user.id}`;
    expect((await t.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await t.inject({ method: 'GET', url, as: stranger })).statusCode).toBe(403);
    const own = await t.inject({ method: 'GET', url, as: owner });
    expect(own.json().map((c: { id: string }) => c.id)).toEqual([card.id]);
    const byAdmin = await t.inject({ method: 'GET', url, as: admin });
    expect(byAdmin.json().map((c: { id: string }) => c.id)).toEqual([card.id]);
    const malformed = await t.inject({ method: 'GET', url: '/api/business-cards/user/not-a-uuid', as: admin });
    expect(malformed.statusCode).toBe(200);
    expect(malformed.json()).toEqual([]);
  });
});

describe('editing and deleting', () => {
  it('lets only the owner edit, and validates the edit', async () => {
    const owner = await t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' });
    const stranger = await t.signUp();
    const admin = await t.signInAdmin();
    const card = await createCard(owner);
    const url = `/api/business-cards/${card.id}`;
    expect((await t.inject({ method: 'PATCH', url, payload: { name: 'X' } })).statusCode).toBe(401);
    expect((await t.inject({ method: 'PATCH', url, payload: { name: 'X' }, as: stranger })).statusCode).toBe(403);
    expect((await t.inject({ method: 'PATCH', url, payload: { name: 'X' }, as: admin })).statusCode).toBe(403);
    const missing = await t.inject({
      method: 'PATCH',
      url: '/api/business-cards/not-a-card',
      payload: { name: 'X' },
      as: owner,
    });
    expect(missing.statusCode).toBe(404);
    const bad = await t.inject({
      method: 'PATCH',
      url,
      payload: { socialLinks: { linkedin: 'javascript:alert(1)' } },
      as: owner,
    });
    expect(bad.statusCode).toBe(400);
    const blank = await t.inject({ method: 'PATCH', url, payload: { name: '' }, as: owner });
    expect(blank.json().errors.name).toBe('Name is required');

    const ok = await t.inject({
      method: 'PATCH',
      url,
      payload: { company: 'Bay Realty', phone: '', languages: ['arabic', 'arabic'] },
      as: owner,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      company: 'Bay Realty',
      phone: null,
      languages: ['arabic'],
      name: 'Layla Aboud',
      status: 'pending',
    });
  });

  it('lets only the owner delete', async () => {
    const owner = await t.signUp();
    const stranger = await t.signUp();
    const card = await createCard(owner);
    const url = `/api/business-cards/${card.id}`;
    expect((await t.inject({ method: 'DELETE', url })).statusCode).toBe(401);
    expect((await t.inject({ method: 'DELETE', url, as: stranger })).statusCode).toBe(403);
    expect((await get(card.id, owner)).statusCode).toBe(200);
    expect((await t.inject({ method: 'DELETE', url, as: owner })).statusCode).toBe(204);
    expect((await get(card.id, owner)).statusCode).toBe(404);
    expect((await t.inject({ method: 'DELETE', url, as: owner })).statusCode).toBe(404);
  });
});

describe('admin review', () => {
  it('is for admins only', async () => {
    const broker = await t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' });
    const card = await createCard(broker);
    const queue = '/api/admin/pending-approvals';
    expect((await t.inject({ method: 'GET', url: queue })).statusCode).toBe(401);
    expect((await t.inject({ method: 'GET', url: queue, as: broker })).statusCode).toBe(403);
    const status = `/api/admin/business-cards/${card.id}/status`;
    expect(
      (await t.inject({ method: 'PATCH', url: status, payload: { status: 'approved', version: 1 } })).statusCode,
    ).toBe(401);
    const self = await t.inject({
      method: 'PATCH',
      url: status,
      payload: { status: 'approved', version: 1 },
      as: broker,
    });
    expect(self.statusCode).toBe(403);
    expect((await get(card.id)).statusCode).toBe(404);
  });

  it('lists pending cards with the owner’s image and pending properties', async () => {
    const broker = await t.signUp({ role: 'real_estate_broker', firstName: 'Omar', lastName: 'Khalid' });
    const card = await createCard(broker, { name: 'Omar Khalid', profession: 'Leasing Consultant' });
    await t.database.db.insert(properties).values({
      userId: broker.user.id,
      title: 'Two-bed in JBR',
      propertyType: 'apartment',
      status: 'for_sale',
      price: 2_450_000,
    });
    const admin = await t.signInAdmin();
    const res = await t.inject({ method: 'GET', url: '/api/admin/pending-approvals?limit=60', as: admin });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const entry = body.businessCards.find((c: { id: string }) => c.id === card.id);
    expect(entry).toMatchObject({
      name: 'Omar Khalid',
      profession: 'Leasing Consultant',
      user: { id: broker.user.id, profileImageUrl: null },
    });
    expect(body.totals.businessCards).toBeGreaterThanOrEqual(1);
    expect(body.properties).toContainEqual(
      expect.objectContaining({
        title: 'Two-bed in JBR',
        price: 2_450_000,
        owner: expect.objectContaining({ firstName: 'Omar', lastName: 'Khalid' }),
      }),
    );
    expect(body.totals.properties).toBeGreaterThanOrEqual(1);
  });

  it("writes the decision e-mail in the owner's saved language: Arabic, right to left", async () => {
    const owner = await t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' });
    const saved = await t.inject({
      method: 'PATCH',
      url: '/api/auth/preferences',
      as: owner,
      payload: { preferredLanguage: 'ar' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const card = await createCard(owner);
    // The admin works in English; the owner still reads Arabic.
    const admin = await t.signInAdmin();
    const res = await t.inject({
      method: 'PATCH',
      url: `/api/admin/business-cards/${card.id}/status`,
      as: admin,
      headers: { 'accept-language': 'en' },
      payload: { status: 'approved', version: card.version, isPublic: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    const mail = t.mailer.lastTo(owner.user.email);
    expect(mail?.subject).toBe('تمت الموافقة على بطاقة أعمالك في Bitaqa');
    expect(mail?.text).toContain('تمت الموافقة على بطاقة الأعمال');
    expect(mail?.text).toContain(`http://bitaqa.test/cards/${card.id}`);
    expect(mail?.html).toMatch(/<html lang="ar" dir="rtl">/);
    expect(mail?.html).toContain(`<a href="http://bitaqa.test/cards/${card.id}" dir="ltr">`);
  });

  it('approves: the card goes public, the owner is e-mailed and the decision audited', async () => {
    const owner = await t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' });
    const card = await createCard(owner);
    const res = await decide(card.id, { status: 'approved', isPublic: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'approved', isPublic: true, rejectionReason: null });
    expect((await get(card.id)).statusCode).toBe(200);
    const mail = t.mailer.lastTo(owner.user.email);
    expect(mail?.subject).toMatch(/approved/i);
    expect(mail?.text).toContain(`http://bitaqa.test/cards/${card.id}`);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, card.id), eq(auditLog.action, 'card.approve')));
    expect(audit).toHaveLength(1);
    expect(audit[0].before).toMatchObject({ status: 'pending', isPublic: false });
    expect(audit[0].after).toMatchObject({ status: 'approved', isPublic: true });
    // No longer in the queue.
    const admin = await t.signInAdmin();
    const queue = await t.inject({ method: 'GET', url: '/api/admin/pending-approvals?limit=60', as: admin });
    expect(queue.json().businessCards.map((c: { id: string }) => c.id)).not.toContain(card.id);
  });

  it('rejects with a reason the owner sees; everyone else gets Card Not Found; a resubmission goes back to pending', async () => {
    const owner = await t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' });
    const stranger = await t.signUp();
    const card = await createCard(owner);
    const reason = 'Please use your real RERA BRN.';
    const res = await decide(card.id, { status: 'rejected', reason });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'rejected', isPublic: false, rejectionReason: reason });
    const mine = await t.inject({ method: 'GET', url: '/api/business-cards/my', as: owner });
    expect(mine.json()[0]).toMatchObject({ id: card.id, status: 'rejected', rejectionReason: reason });
    expect((await get(card.id)).statusCode).toBe(404);
    expect((await get(card.id, stranger)).statusCode).toBe(404);
    expect(t.mailer.lastTo(owner.user.email)?.text).toContain(reason);
    expect(t.mailer.lastTo(owner.user.email)?.text).toContain(`/edit-card/${card.id}`);

    const edit = await t.inject({
      method: 'PATCH',
      url: `/api/business-cards/${card.id}`,
      payload: { brnNumber: '77881' },
      as: owner,
    });
    expect(edit.json()).toMatchObject({
      status: 'pending',
      isPublic: false,
      rejectionReason: null,
      brnNumber: '77881',
    });
    const admin = await t.signInAdmin();
    const queue = await t.inject({ method: 'GET', url: '/api/admin/pending-approvals?limit=60', as: admin });
    expect(queue.json().businessCards.map((c: { id: string }) => c.id)).toContain(card.id);
  });

  it('keeps an edited approved card public with the edit waiting for review', async () => {
    const owner = await t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' });
    const card = await createCard(owner);
    await decide(card.id, { status: 'approved' });
    expect((await get(card.id)).json().isPublic).toBe(true);
    const edit = await t.inject({
      method: 'PATCH',
      url: `/api/business-cards/${card.id}`,
      payload: { profession: 'Senior Consultant' },
      as: owner,
    });
    expect(edit.json()).toMatchObject({
      status: 'approved',
      isPublic: true,
      pendingRevision: { profession: 'Senior Consultant' },
    });
    expect((await get(card.id)).json().profession).not.toBe('Senior Consultant');
    await decide(card.id, { status: 'approved' });
    expect((await get(card.id)).json().profession).toBe('Senior Consultant');
  });

  it('refuses a status other than approved or rejected, and unknown cards', async () => {
    const owner = await t.signUp();
    const card = await createCard(owner);
    expect((await decide(card.id, { status: 'pending' })).statusCode).toBe(400);
    expect((await decide(card.id, { status: 'published' })).statusCode).toBe(400);
    expect((await decide(card.id, { status: 'approved', version: undefined })).statusCode).toBe(400);
    const unknown = { status: 'approved', version: 1 };
    expect((await decide('00000000-0000-4000-8000-000000000000', unknown)).statusCode).toBe(404);
    expect((await decide('nope', unknown)).statusCode).toBe(404);
  });

  it('verifies a licence; a changed number needs a new check; a card without numbers cannot be verified', async () => {
    const owner = await t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' });
    const card = await createCard(owner);
    const admin = await t.signInAdmin();
    const url = `/api/admin/business-cards/${card.id}/license`;
    expect((await t.inject({ method: 'PATCH', url, payload: { verified: true }, as: owner })).statusCode).toBe(403);
    const ok = await t.inject({ method: 'PATCH', url, payload: { verified: true }, as: admin });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().licenseVerified).toBe(true);
    await decide(card.id, { status: 'approved' });
    expect((await get(card.id)).json().licenseVerified).toBe(true);

    const edit = await t.inject({
      method: 'PATCH',
      url: `/api/business-cards/${card.id}`,
      payload: { brnNumber: '99999' },
      as: owner,
    });
    // The changed number waits for review with the rest of the edit; approving it needs a new check.
    expect(edit.json()).toMatchObject({ licenseVerified: true, pendingRevision: { brnNumber: '99999' } });
    await decide(card.id, { status: 'approved' });
    expect((await get(card.id)).json()).toMatchObject({ brnNumber: '99999', licenseVerified: false });

    const bare = await createCard(owner, { brnNumber: '', ornNumber: null });
    const refused = await t.inject({
      method: 'PATCH',
      url: `/api/admin/business-cards/${bare.id}/license`,
      payload: { verified: true },
      as: admin,
    });
    expect(refused.statusCode).toBe(400);
  });
});

describe('analytics', () => {
  async function approvedCard() {
    const owner = await t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' });
    const card = await createCard(owner);
    await decide(card.id, { status: 'approved' });
    return { owner, card };
  }
  const view = (id: string, payload: object, headers: Record<string, string> = {}, as?: TestUser) =>
    t.inject({ method: 'POST', url: `/api/business-cards/${id}/view`, payload, headers, as });

  it('counts visitors’ views and QR visits once per visitor, never the owner’s', async () => {
    const { owner, card } = await approvedCard();
    expect((await view(card.id, {}, { 'user-agent': 'phone-a' })).json()).toEqual({ counted: true });
    expect((await view(card.id, {}, { 'user-agent': 'phone-a' })).json()).toEqual({ counted: false });
    expect((await view(card.id, { src: 'qr' }, { 'user-agent': 'phone-b' })).json()).toEqual({ counted: true });
    expect((await view(card.id, {}, {}, owner)).json()).toEqual({ counted: false });
    const stats = (await get(card.id, owner)).json().stats;
    expect(stats).toEqual({ views: 2, vcardDownloads: 0, qrVisits: 1 });
    const events = await t.database.db.select().from(cardEvents).where(eq(cardEvents.cardId, card.id));
    // A QR visit is one event, a view from the QR code.
    expect(events.map((e) => `${e.action}/${e.source}`).sort()).toEqual(['view/direct', 'view/qr']);
    // Counting a view does not make the card look recently edited.
    const [row] = await t.database.db.select().from(businessCards).where(eq(businessCards.id, card.id));
    expect(row.updatedAt.toISOString()).toBe((await get(card.id, owner)).json().updatedAt);
  });

  it('does not count views of cards that are not public', async () => {
    const owner = await t.signUp();
    const card = await createCard(owner);
    expect((await view(card.id, {})).statusCode).toBe(404);
    expect((await view(card.id, {}, {}, owner)).json()).toEqual({ counted: false });
    // An unknown ?src= is a direct visit, never a validation error that breaks the page.
    expect((await view(card.id, { src: 'evil' })).statusCode).toBe(404);
  });

  it('counts vCard downloads by others', async () => {
    const { owner, card } = await approvedCard();
    await t.inject({ method: 'GET', url: `/api/business-cards/${card.id}/vcard`, headers: { 'user-agent': 'x' } });
    await t.inject({ method: 'GET', url: `/api/business-cards/${card.id}/vcard`, as: owner });
    expect((await get(card.id, owner)).json().stats.vcardDownloads).toBe(1);
  });
});

describe('downloads and link previews', () => {
  it('serves the vCard of a public card and hides a pending one', async () => {
    const owner = await t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' });
    const card = await createCard(owner);
    const pending = await t.inject({ method: 'GET', url: `/api/business-cards/${card.id}/vcard` });
    expect(pending.statusCode).toBe(404);
    expect((await t.inject({ method: 'GET', url: `/api/business-cards/${card.id}/qr-code` })).statusCode).toBe(404);
    await decide(card.id, { status: 'approved' });
    const res = await t.inject({ method: 'GET', url: `/api/business-cards/${card.id}/vcard` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/vcard; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Layla_Aboud_card.vcf"; filename*=UTF-8''Layla_Aboud_card.vcf`,
    );
    expect(res.body).toMatch(/^BEGIN:VCARD\r\nVERSION:3\.0\r\n/);
    expect(res.body).toContain(`URL;TYPE=WORK:http://bitaqa.test/cards/${card.id}`);
  });

  it('escapes everything in the Open Graph tags of a public card', async () => {
    const owner = await t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active' });
    const card = await createCard(owner, {
      name: 'Sara "<script>alert(1)</script>"',
      description: 'Best & brightest <img src=x onerror=alert(1)>',
      profileImageUrl: '/api/avatars/Sara.svg',
    });
    const head = t.app.headProviders.get('/cards/:id');
    if (!head) throw new Error('no head provider for /cards/:id');
    const request = {} as Parameters<typeof head>[1];
    expect(await head({ id: card.id }, request)).toBeNull();
    await decide(card.id, { status: 'approved' });
    const html = await head({ id: card.id }, request);
    expect(html).toContain(
      '<meta property="og:title" content="Sara &quot;&lt;script&gt;alert(1)&lt;/script&gt;&quot; — Off-Plan Property Specialist, Marina Homes Real Estate">',
    );
    expect(html).toContain('content="Best &amp; brightest &lt;img src=x onerror=alert(1)&gt;"');
    expect(html).toMatch(
      new RegExp(
        `<meta property="og:image" content="http://bitaqa.test/api/business-cards/${card.id}/preview.png\\?v=\\w+">`,
      ),
    );
    expect(html).toContain('<meta property="og:image:width" content="1200">');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).not.toMatch(/<script|<img/);
    expect(await head({ id: 'not-a-uuid' }, request)).toBeNull();
  });

  it('draws a generated avatar with escaped initials', async () => {
    const res = await t.inject({ method: 'GET', url: `/api/avatars/${encodeURIComponent('أحمد المنصوري')}.svg` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(res.body).toContain('>أا</text>');
    const evil = await t.inject({ method: 'GET', url: `/api/avatars/${encodeURIComponent('<b> x')}.svg` });
    expect(evil.body).toContain('&lt;X</text>');
    expect((await t.inject({ method: 'GET', url: '/api/avatars/name.png' })).statusCode).toBe(404);
  });
});
