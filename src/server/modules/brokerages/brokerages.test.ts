/**
 * Brokerages: the walk create → admin verifies the ORN → invite two brokers → they accept
 * from the e-mailed link → their cards wear the brand, locked fields refuse changes → the
 * directory filters and searches by brokerage → a member leaves. Then who may call what, the
 * invitation token's life, and the one-brokerage rule.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../../core/limits';
import { auditLog } from '../../db/schema';
import { createTestApp, type TestUser } from '../../../../tests/helpers/app';
import { createCard } from '../../../../tests/helpers/discovery';

let offsetMs = 0;
const t = await createTestApp({ now: () => new Date(Date.now() + offsetMs) });
const db = t.database.db;

let orn = 40_000;
const nextOrn = () => {
  orn += 1;
  return String(orn);
};

const broker = (o: { firstName?: string; lastName?: string } = {}) =>
  t.signUp({ role: 'real_estate_broker', subscriptionStatus: 'active', ...o });

async function createBrokerage(owner: TestUser, over: Record<string, unknown> = {}) {
  const res = await t.inject({
    method: 'POST',
    url: '/api/brokerages',
    as: owner,
    payload: { name: 'Palm Bay Realty', ornNumber: nextOrn(), tradeLicenceNumber: 'DED-778812', ...over },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().brokerage as { id: string; slug: string; name: string; ornNumber: string };
}

/** Invites by e-mail and returns the token from the link in the e-mail the outbox sent. */
async function invite(by: TestUser, brokerageId: string, email: string, role: 'member' | 'manager' = 'member') {
  const res = await t.inject({
    method: 'POST',
    url: `/api/brokerages/${brokerageId}/invitations`,
    as: by,
    payload: { email, role },
  });
  expect(res.statusCode, res.body).toBe(201);
  const mail = t.mailer.lastTo(email);
  const token = mail?.text.match(/\/brokerages\/invitations\/([A-Za-z0-9_-]+)/)?.[1];
  expect(token).toBeTruthy();
  return { invitation: res.json() as { id: string }, token: token as string, mail };
}

const accept = (as: TestUser, token: string) =>
  t.inject({ method: 'POST', url: `/api/brokerages/invitations/${token}/accept`, as });

async function join(owner: TestUser, brokerageId: string, member: TestUser, role: 'member' | 'manager' = 'member') {
  const { token } = await invite(owner, brokerageId, member.user.email, role);
  const res = await accept(member, token);
  expect(res.statusCode, res.body).toBe(200);
}

describe('the brokerage walk', () => {
  it('create → verify → invite two → accept → branded, locked cards → directory → a member leaves', async () => {
    const owner = await broker({ firstName: 'Ahmed', lastName: 'Owner' });
    const ornNumber = nextOrn();
    const brokerage = await createBrokerage(owner, {
      name: 'Zephyr Crest Properties',
      nameAr: 'زفير كريست للعقارات',
      ornNumber,
      primaryColor: '#0F4C81',
      officeAddress: 'Office 1204, Bay Square, Business Bay',
    });
    expect(brokerage.slug).toBe('zephyr-crest-properties');
    const mine = await t.inject({ method: 'GET', url: '/api/brokerages/my', as: owner });
    expect(mine.json()).toMatchObject({ role: 'owner', brokerage: { ornVerified: false, primaryColor: '#0f4c81' } });

    // The admin checks the ORN; the audit log says who.
    const admin = await t.signInAdmin();
    const verified = await t.inject({
      method: 'PATCH',
      url: `/api/admin/brokerages/${brokerage.id}/orn`,
      as: admin,
      payload: { verified: true },
    });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().ornVerified).toBe(true);
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, brokerage.id), eq(auditLog.action, 'brokerage.orn_verify')));
    expect(entry.actorId).toBe(admin.user.id);

    const lock = await t.inject({
      method: 'PATCH',
      url: `/api/brokerages/${brokerage.id}`,
      as: owner,
      payload: { lockedFields: ['company', 'ornNumber', 'colors'] },
    });
    expect(lock.statusCode, lock.body).toBe(200);

    // Two brokers with approved cards are invited and accept from the e-mailed link.
    const layla = await broker({ firstName: 'Layla' });
    const omar = await broker({ firstName: 'Omar' });
    const laylaCard = await createCard(db, layla.user.id, { name: 'Layla Haddad', company: 'Old Agency LLC' });
    const omarCard = await createCard(db, omar.user.id, { name: 'Omar Saleh', languages: ['arabic'] });
    const first = await invite(owner, brokerage.id, layla.user.email);
    expect(first.mail?.subject).toBe('Ahmed Owner invites you to join Zephyr Crest Properties on Bitaqa');
    const preview = await t.inject({ method: 'GET', url: `/api/brokerages/invitations/${first.token}` });
    expect(preview.json()).toMatchObject({
      email: layla.user.email,
      role: 'member',
      brokerage: { name: 'Zephyr Crest Properties', verified: true },
    });
    expect((await accept(layla, first.token)).json()).toMatchObject({ role: 'member' });
    await join(owner, brokerage.id, omar);

    const members = await t.inject({ method: 'GET', url: `/api/brokerages/${brokerage.id}/members`, as: layla });
    expect(members.json().map((m: { role: string; firstName: string }) => `${m.role}:${m.firstName}`)).toEqual([
      'owner:Ahmed',
      'member:Layla',
      'member:Omar',
    ]);

    // Layla's card, as a stranger gets it, wears the brand and the locked values.
    const card = (await t.inject({ method: 'GET', url: `/api/business-cards/${laylaCard.id}` })).json();
    expect(card.company).toBe('Zephyr Crest Properties');
    expect(card.ornNumber).toBe(ornNumber);
    expect(card.brokerage).toMatchObject({
      slug: 'zephyr-crest-properties',
      name: 'Zephyr Crest Properties',
      nameAr: 'زفير كريست للعقارات',
      primaryColor: '#0f4c81',
      ornNumber,
      verified: true,
      lockedFields: ['company', 'ornNumber', 'colors'],
    });

    // …and so does her public card page, drawn by the server.
    const cardPage = await t.app.pageRenderers.get('/cards/:id')?.(
      { id: laylaCard.id },
      { query: {}, cookies: {}, headers: {} } as never,
      { setCookie: () => undefined, code: () => undefined, header: () => undefined } as never,
      { styles: [], appScript: null, entry: () => null, pageScripts: () => [] } as never,
    );
    expect(cardPage).toContain('Member of Zephyr Crest Properties');
    expect(cardPage).toContain('href="/brokerages/zephyr-crest-properties"');
    expect(cardPage).toContain('background-image:linear-gradient(to bottom right, #0f4c81, #0f4c81)');

    // The editor refuses a change of a locked field at that field, and takes the rest.
    const refused = await t.inject({
      method: 'PATCH',
      url: `/api/business-cards/${laylaCard.id}`,
      as: layla,
      payload: { company: 'My Own Agency' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.company).toBe('Company is set by Zephyr Crest Properties and cannot be changed.');
    const allowed = await t.inject({
      method: 'PATCH',
      url: `/api/business-cards/${laylaCard.id}`,
      as: layla,
      payload: { company: 'Zephyr Crest Properties', officeAddress: 'Tower 2, JLT' },
    });
    expect(allowed.statusCode, allowed.body).toBe(200);
    // The other language of the card is locked too: its company is the brokerage's Arabic name.
    const arabicRefused = await t.inject({
      method: 'PATCH',
      url: `/api/business-cards/${laylaCard.id}`,
      as: layla,
      payload: { translations: { ar: { name: 'ليلى حداد', company: 'وكالتي الخاصة' } } },
    });
    expect(arabicRefused.statusCode).toBe(400);
    expect(arabicRefused.json().errors['translations.ar.company']).toMatch(/set by Zephyr Crest Properties/);
    const arabicKept = await t.inject({
      method: 'PATCH',
      url: `/api/business-cards/${laylaCard.id}`,
      as: layla,
      payload: { translations: { ar: { name: 'ليلى حداد', company: 'زفير كريست للعقارات' } } },
    });
    expect(arabicKept.statusCode, arabicKept.body).toBe(200);
    // The published card's edit waits for review; it keeps her own (no) Arabic company, and the
    // card shows the brokerage's Arabic name whatever is stored.
    expect(arabicKept.json().pendingRevision.translations).toEqual({ ar: { name: 'ليلى حداد' } });
    expect(arabicKept.json().translations.ar).toEqual({ company: 'زفير كريست للعقارات' });
    const created = await t.inject({
      method: 'POST',
      url: '/api/business-cards',
      as: omar,
      payload: { name: 'Omar Saleh', profession: 'Broker', ornNumber: '99999' },
    });
    expect(created.statusCode).toBe(400);
    expect(created.json().errors.ornNumber).toMatch(/set by Zephyr Crest Properties/);

    // The directory: filter by the brokerage, and its name finds its brokers.
    const listed = await t.inject({
      method: 'GET',
      url: '/api/business-cards/public?brokerage=zephyr-crest-properties',
    });
    expect(
      listed
        .json()
        .map((c: { id: string }) => c.id)
        .sort(),
    ).toEqual([laylaCard.id, omarCard.id].sort());
    // The locked company shows in the directory too.
    expect(listed.json().find((c: { id: string }) => c.id === laylaCard.id).company).toBe('Zephyr Crest Properties');
    const byName = await t.inject({ method: 'GET', url: '/api/business-cards/public?search=zephyr%20crest' });
    expect(
      byName
        .json()
        .map((c: { id: string }) => c.id)
        .sort(),
    ).toEqual([laylaCard.id, omarCard.id].sort());
    const arabicOnly = await t.inject({
      method: 'GET',
      url: '/api/business-cards/public?brokerage=zephyr-crest-properties&language=arabic',
    });
    expect(arabicOnly.json().map((c: { id: string }) => c.id)).toEqual([omarCard.id]);

    // The public brokerage lists its listed brokers (the owner has no card, so is not listed).
    const page = await t.inject({ method: 'GET', url: '/api/brokerages/zephyr-crest-properties' });
    expect(page.statusCode).toBe(200);
    expect(page.json().brokerage).toMatchObject({ name: 'Zephyr Crest Properties', ornVerified: true });
    expect(page.json().brokerage.tradeLicenceNumber).toBeUndefined();
    expect(
      page
        .json()
        .members.map((m: { id: string }) => m.id)
        .sort(),
    ).toEqual([laylaCard.id, omarCard.id].sort());

    // Omar leaves: his card is his own again and he is off the brokerage's list.
    const left = await t.inject({ method: 'POST', url: `/api/brokerages/${brokerage.id}/leave`, as: omar });
    expect(left.statusCode).toBe(204);
    expect((await t.inject({ method: 'GET', url: '/api/brokerages/my', as: omar })).json()).toBeNull();
    const omarNow = (await t.inject({ method: 'GET', url: `/api/business-cards/${omarCard.id}` })).json();
    expect(omarNow.brokerage).toBeNull();
    const after = await t.inject({ method: 'GET', url: '/api/brokerages/zephyr-crest-properties' });
    expect(after.json().members.map((m: { id: string }) => m.id)).toEqual([laylaCard.id]);

    // Editing the ORN clears its verification.
    const reorn = await t.inject({
      method: 'PATCH',
      url: `/api/brokerages/${brokerage.id}`,
      as: owner,
      payload: { ornNumber: nextOrn() },
    });
    expect(reorn.json().ornVerified).toBe(false);
  });
});

describe('creating a brokerage', () => {
  it('is for real estate brokers, once per person, one ORN each; bad input answers 400 at the field', async () => {
    const investor = await t.signUp({ role: 'investor' });
    const denied = await t.inject({
      method: 'POST',
      url: '/api/brokerages',
      as: investor,
      payload: { name: 'X Realty', ornNumber: nextOrn(), tradeLicenceNumber: 'DED-1' },
    });
    expect(denied.statusCode).toBe(403);

    const owner = await broker();
    const b = await createBrokerage(owner, { name: 'Palm Bay Realty' });
    const again = await t.inject({
      method: 'POST',
      url: '/api/brokerages',
      as: owner,
      payload: { name: 'Second', ornNumber: nextOrn(), tradeLicenceNumber: 'DED-2222' },
    });
    expect(again.statusCode).toBe(409);
    const other = await broker();
    const sameOrn = await t.inject({
      method: 'POST',
      url: '/api/brokerages',
      as: other,
      payload: { name: 'Palm Bay Realty', ornNumber: b.ornNumber, tradeLicenceNumber: 'DED-3333' },
    });
    expect(sameOrn.statusCode).toBe(409);
    expect(sameOrn.json().code).toBe('ORN_TAKEN');

    // Same name: the slug gets a suffix.
    const twin = await createBrokerage(other, { name: 'Palm Bay Realty' });
    expect(twin.slug).toMatch(/^palm-bay-realty-\d+$/);

    const bad = await t.inject({
      method: 'POST',
      url: '/api/brokerages',
      as: await broker(),
      payload: {
        name: 'Y',
        ornNumber: 'abc',
        tradeLicenceNumber: 'DED-4',
        primaryColor: 'red',
        logoUrl: 'https://x.test/a.png',
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['logoUrl', 'name', 'ornNumber', 'primaryColor']);
    expect((await t.inject({ method: 'GET', url: '/api/brokerages/no-such-brokerage' })).statusCode).toBe(404);
  });
});

describe('who may call what (access control)', () => {
  it('answers each brokerage route by role: signed out, outsider, admin, member, manager, owner', async () => {
    const owner = await broker();
    const b = await createBrokerage(owner);
    const admin = await t.signInAdmin();
    // Verified, so the many invitations of this table are not capped like a new brokerage's.
    const verified = await t.inject({
      method: 'PATCH',
      url: `/api/admin/brokerages/${b.id}/orn`,
      as: admin,
      payload: { verified: true },
    });
    expect(verified.statusCode, verified.body).toBe(200);
    const manager = await broker();
    const member = await broker();
    await join(owner, b.id, manager, 'manager');
    await join(owner, b.id, member);
    const outsider = await broker();
    const target = await broker(); // a member each removal test re-adds
    const who = { out: undefined, outsider, admin, member, manager, owner } as const;

    const call = async (
      as: TestUser | undefined,
      method: 'GET' | 'PATCH' | 'POST' | 'DELETE',
      url: string,
      payload?: object,
    ) => (await t.inject({ method, url, as, payload })).statusCode;

    const table: {
      route: string;
      run: (as: TestUser | undefined) => Promise<number>;
      expect: Record<keyof typeof who, number>;
    }[] = [
      {
        route: 'PATCH /brokerages/{id}',
        run: (as) => call(as, 'PATCH', `/api/brokerages/${b.id}`, { officeAddress: 'Somewhere' }),
        expect: { out: 401, outsider: 403, admin: 403, member: 403, manager: 200, owner: 200 },
      },
      {
        route: 'GET /brokerages/{id}/members',
        run: (as) => call(as, 'GET', `/api/brokerages/${b.id}/members`),
        expect: { out: 401, outsider: 403, admin: 403, member: 200, manager: 200, owner: 200 },
      },
      {
        route: 'GET /brokerages/{id}/invitations',
        run: (as) => call(as, 'GET', `/api/brokerages/${b.id}/invitations`),
        expect: { out: 401, outsider: 403, admin: 403, member: 403, manager: 200, owner: 200 },
      },
      {
        route: 'POST /brokerages/{id}/invitations (member role)',
        run: (as) => call(as, 'POST', `/api/brokerages/${b.id}/invitations`, { email: 'new.broker@example.com' }),
        expect: { out: 401, outsider: 403, admin: 403, member: 403, manager: 201, owner: 201 },
      },
      {
        route: 'POST /brokerages/{id}/invitations (manager role)',
        run: (as) =>
          call(as, 'POST', `/api/brokerages/${b.id}/invitations`, {
            email: 'new.manager@example.com',
            role: 'manager',
          }),
        expect: { out: 401, outsider: 403, admin: 403, member: 403, manager: 403, owner: 201 },
      },
      {
        route: 'PATCH /brokerages/{id}/members/{userId}',
        run: (as) => call(as, 'PATCH', `/api/brokerages/${b.id}/members/${member.user.id}`, { role: 'member' }),
        expect: { out: 401, outsider: 403, admin: 403, member: 403, manager: 403, owner: 200 },
      },
      {
        route: 'DELETE /brokerages/{id}/members/{userId} (a member)',
        run: async (as) => {
          if (!(await isMember(target))) await join(owner, b.id, target);
          return call(as, 'DELETE', `/api/brokerages/${b.id}/members/${target.user.id}`);
        },
        expect: { out: 401, outsider: 403, admin: 403, member: 403, manager: 204, owner: 204 },
      },
      {
        route: 'DELETE /brokerages/{id}/members/{userId} (the manager)',
        run: (as) => call(as, 'DELETE', `/api/brokerages/${b.id}/members/${manager.user.id}`),
        // The owner's removal of the manager is tested below, so the table keeps its manager.
        expect: { out: 401, outsider: 403, admin: 403, member: 403, manager: 409, owner: 0 },
      },
      {
        route: 'PATCH /admin/brokerages/{id}/orn',
        run: (as) => call(as, 'PATCH', `/api/admin/brokerages/${b.id}/orn`, { verified: true }),
        expect: { out: 401, outsider: 403, admin: 200, member: 403, manager: 403, owner: 403 },
      },
      {
        route: 'GET /admin/brokerages',
        run: (as) => call(as, 'GET', '/api/admin/brokerages'),
        expect: { out: 401, outsider: 403, admin: 200, member: 403, manager: 403, owner: 403 },
      },
      {
        route: 'GET /brokerages/{slug} (public)',
        run: (as) => call(as, 'GET', `/api/brokerages/${b.slug}`),
        expect: { out: 200, outsider: 200, admin: 200, member: 200, manager: 200, owner: 200 },
      },
      {
        route: 'DELETE /brokerages/{id}',
        run: (as) => call(as, 'DELETE', `/api/brokerages/${b.id}`),
        // The owner's deletion is its own test below.
        expect: { out: 401, outsider: 403, admin: 403, member: 403, manager: 403, owner: 0 },
      },
    ];
    async function isMember(u: TestUser) {
      return (await t.inject({ method: 'GET', url: '/api/brokerages/my', as: u })).json() !== null;
    }

    const got: Record<string, Record<string, number>> = {};
    const want: Record<string, Record<string, number>> = {};
    for (const row of table) {
      got[row.route] = {};
      want[row.route] = {};
      for (const [name, as] of Object.entries(who)) {
        const expected = row.expect[name as keyof typeof who];
        if (expected === 0) continue;
        want[row.route][name] = expected;
        got[row.route][name] = await row.run(as);
      }
    }
    expect(got).toEqual(want);

    // A manager cannot remove the owner; the owner removes the manager; the owner deletes.
    expect(await call(manager, 'DELETE', `/api/brokerages/${b.id}/members/${owner.user.id}`)).toBe(403);
    expect(await call(owner, 'DELETE', `/api/brokerages/${b.id}/members/${manager.user.id}`)).toBe(204);
    expect(await call(owner, 'DELETE', `/api/brokerages/${b.id}`)).toBe(204);
    expect((await t.inject({ method: 'GET', url: '/api/brokerages/my', as: member })).json()).toBeNull();
  });

  it('keeps an owner: the last owner can neither step down nor leave; naming another owner first works', async () => {
    const owner = await broker();
    const b = await createBrokerage(owner);
    const second = await broker();
    await join(owner, b.id, second, 'manager');
    const demote = await t.inject({
      method: 'PATCH',
      url: `/api/brokerages/${b.id}/members/${owner.user.id}`,
      as: owner,
      payload: { role: 'member' },
    });
    expect(demote.statusCode).toBe(409);
    expect((await t.inject({ method: 'POST', url: `/api/brokerages/${b.id}/leave`, as: owner })).statusCode).toBe(409);
    const promote = await t.inject({
      method: 'PATCH',
      url: `/api/brokerages/${b.id}/members/${second.user.id}`,
      as: owner,
      payload: { role: 'owner' },
    });
    expect(promote.statusCode).toBe(200);
    expect((await t.inject({ method: 'POST', url: `/api/brokerages/${b.id}/leave`, as: owner })).statusCode).toBe(204);
    const audit = await db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.entityId, b.id));
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining([
        'brokerage.create',
        'brokerage.invite',
        'brokerage.member_join',
        'brokerage.member_role',
        'brokerage.member_leave',
      ]),
    );
  });
});

describe('invitation links', () => {
  it('are single use, expire after 7 days, can be revoked or declined, and only open for the invited address', async () => {
    const owner = await broker();
    const b = await createBrokerage(owner);
    const invited = await broker();

    // Someone else signed in with the link: refused, and the link still works for the invitee.
    const used = await invite(owner, b.id, invited.user.email);
    const stranger = await broker();
    expect((await accept(stranger, used.token)).statusCode).toBe(403);
    expect((await accept(invited, used.token)).statusCode).toBe(200);
    const reuse = await accept(invited, used.token);
    expect([reuse.statusCode, reuse.json().code]).toEqual([410, 'INVITATION_USED']);

    const late = await broker();
    const expired = await invite(owner, b.id, late.user.email);
    offsetMs = LIMITS.brokerageInvitationTtlMs + 60_000;
    try {
      const res = await accept(late, expired.token);
      expect([res.statusCode, res.json().code]).toEqual([410, 'INVITATION_EXPIRED']);
      expect((await t.inject({ method: 'GET', url: `/api/brokerages/invitations/${expired.token}` })).statusCode).toBe(
        410,
      );
    } finally {
      offsetMs = 0;
    }

    const revoked = await invite(owner, b.id, late.user.email);
    const open = await t.inject({ method: 'GET', url: `/api/brokerages/${b.id}/invitations`, as: owner });
    expect(open.json().map((i: { email: string }) => i.email)).toEqual([late.user.email]);
    const del = await t.inject({
      method: 'DELETE',
      url: `/api/brokerages/${b.id}/invitations/${revoked.invitation.id}`,
      as: owner,
    });
    expect(del.statusCode).toBe(204);
    expect((await accept(late, revoked.token)).json().code).toBe('INVITATION_REVOKED');

    const declined = await invite(owner, b.id, late.user.email);
    const no = await t.inject({
      method: 'POST',
      url: `/api/brokerages/invitations/${declined.token}/decline`,
      as: late,
    });
    expect(no.statusCode).toBe(204);
    expect((await accept(late, declined.token)).statusCode).toBe(410);

    expect((await accept(late, 'x'.repeat(43))).statusCode).toBe(404);
    expect((await accept(late, 'bad token!')).statusCode).toBe(400);
    const signedOut = await t.inject({ method: 'POST', url: `/api/brokerages/invitations/${declined.token}/accept` });
    expect(signedOut.statusCode).toBe(401);
  });

  it('cannot make someone a member of two brokerages', async () => {
    const a = await broker();
    const ba = await createBrokerage(a);
    const c = await broker();
    const bc = await createBrokerage(c);
    const person = await broker();
    await join(a, ba.id, person);
    const second = await invite(c, bc.id, person.user.email);
    const res = await accept(person, second.token);
    expect([res.statusCode, res.json().code]).toEqual([409, 'ALREADY_IN_BROKERAGE']);
    const dup = await t.inject({
      method: 'POST',
      url: `/api/brokerages/${ba.id}/invitations`,
      as: a,
      payload: { email: person.user.email },
    });
    expect(dup.statusCode).toBe(409);
  });
});

describe('the public brokerage page (server-rendered)', () => {
  const assets = { styles: [], appScript: null, entry: () => null, pageScripts: () => [] } as never;
  const render = async (slug: string, query: Record<string, string> = {}, lang?: string) =>
    t.app.pageRenderers.get('/brokerages/:slug')?.(
      { slug },
      { query, cookies: lang ? { 'bitaqa.lang': lang } : {} } as never,
      { setCookie: () => undefined, code: () => undefined } as never,
      assets,
    );

  it('shows the details, the verified ORN and the listed brokers, in English and Arabic; filters by language', async () => {
    const owner = await broker();
    const b = await createBrokerage(owner, { name: 'Crescent Keys Realty', nameAr: 'كريسنت كيز العقارية' });
    const admin = await t.signInAdmin();
    await t.inject({
      method: 'PATCH',
      url: `/api/admin/brokerages/${b.id}/orn`,
      as: admin,
      payload: { verified: true },
    });
    const member = await broker();
    await createCard(db, member.user.id, { name: 'Hessa Al Ameri', languages: ['arabic'] });
    await createCard(db, owner.user.id, { name: 'Owner Broker', languages: ['english'] });
    await join(owner, b.id, member);

    const html = (await render(b.slug)) ?? '';
    expect(html).toContain('<html lang="en" dir="ltr">');
    expect(html).toMatch(/<h1 [^>]*>Crescent Keys Realty<\/h1>/);
    expect(html).toContain('data-testid="orn-verified"');
    expect(html).toContain('Hessa Al Ameri');
    expect(html).toContain('Owner Broker');
    const arabic = (await render(b.slug, {}, 'ar')) ?? '';
    expect(arabic).toContain('<html lang="ar" dir="rtl">');
    expect(arabic).toContain('كريسنت كيز العقارية');
    expect(arabic).toContain('رقم ORN موثّق');
    const filtered = (await render(b.slug, { language: 'arabic' })) ?? '';
    expect(filtered).toContain('Hessa Al Ameri');
    expect(filtered).not.toContain('Owner Broker');
    expect(await render('no-such-brokerage')).toBeNull();
  });
});
