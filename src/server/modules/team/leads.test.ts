import { describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import { LEAD_NOTES } from '../../../core/schemas/team';
import { auditLog, brokerageMembers, inquiries, leadNotes } from '../../db/schema';
import { createTestApp, type TestUser } from '../../../../tests/helpers/app';
import { createTestBrokerage, leaveBrokerage, type TestBrokerage } from '../../../../tests/helpers/brokerage';
import { addressSequence, approvedCardFor } from '../../../../tests/helpers/cards';

const t = await createTestApp();
const freshIp = addressSequence(7);
const broker = { role: 'real_estate_broker', subscriptionStatus: 'active' } as const;

const send = (cardId: string, over: Record<string, unknown> = {}) =>
  t.inject({
    method: 'POST',
    url: `/api/business-cards/${cardId}/inquiries`,
    remoteAddress: freshIp(),
    payload: {
      inquirerName: 'Visitor One',
      inquirerEmail: 'visitor@example.com',
      inquiryType: 'buying',
      message: 'Looking for a villa',
      consent: true,
      ...over,
    },
  });

const leadsOf = (b: TestBrokerage, as?: TestUser, query = '') =>
  t.inject({ method: 'GET', url: `/api/brokerages/${b.id}/leads${query}`, as });
const patch = (b: TestBrokerage, leadId: string, as: TestUser | undefined, payload: object) =>
  t.inject({ method: 'PATCH', url: `/api/brokerages/${b.id}/leads/${leadId}`, as, payload });
const note = (b: TestBrokerage, leadId: string, as: TestUser | undefined, body: string) =>
  t.inject({ method: 'POST', url: `/api/brokerages/${b.id}/leads/${leadId}/notes`, as, payload: { body } });

/** A brokerage with an owner, a manager and two members, each with a public card. */
async function team() {
  const owner = await t.signUp({ ...broker, firstName: 'Omar', lastName: 'Owner' });
  const manager = await t.signUp({ ...broker, firstName: 'Mona', lastName: 'Manager' });
  const member = await t.signUp({ ...broker, firstName: 'Sara', lastName: 'Member' });
  const member2 = await t.signUp({ ...broker, firstName: 'Ali', lastName: 'Member' });
  const b = await createTestBrokerage(t, { owner, managers: [manager], members: [member, member2] });
  const card = await approvedCardFor(t, member, { name: 'Sara Card' });
  const card2 = await approvedCardFor(t, member2, { name: 'Ali Card' });
  return { owner, manager, member, member2, b, card, card2 };
}

async function leadIdOn(cardId: string, name: string) {
  expect((await send(cardId, { inquirerName: name })).statusCode).toBe(201);
  const [row] = await t.database.db
    .select()
    .from(inquiries)
    .where(and(eq(inquiries.businessCardId, cardId), eq(inquiries.inquirerName, name)));
  return row;
}

describe('team leads', () => {
  it("a visitor's inquiry to a member's card reaches the owner's and the manager's team leads", async () => {
    const { owner, manager, member, b, card } = await team();
    const lead = await leadIdOn(card.id, 'Visitor Team');
    expect(lead.brokerageId).toBe(b.id);

    for (const who of [owner, manager]) {
      const res = await leadsOf(b, who);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.scope).toBe('team');
      expect(body.items).toHaveLength(1);
      expect(body.items[0]).toMatchObject({
        id: lead.id,
        inquirerName: 'Visitor Team',
        cardName: 'Sara Card',
        status: 'pending',
        member: { id: member.user.id, name: 'Sara Member' },
        assignedTo: null,
      });
      expect(body.assignees.map((a: { name: string }) => a.name)).toEqual(
        expect.arrayContaining(['Omar Owner', 'Mona Manager', 'Sara Member', 'Ali Member']),
      );
    }
    // The member's personal Leads view keeps working.
    const own = await t.inject({ method: 'GET', url: '/api/inquiries', as: member });
    expect(own.json().items.map((i: { id: string }) => i.id)).toEqual([lead.id]);
  });

  it("a lead to a non-member's card never appears, and an exchange is recorded for the team too", async () => {
    const { owner, b, card2 } = await team();
    const outsider = await t.signUp(broker);
    const outsiderCard = await approvedCardFor(t, outsider);
    const stray = await leadIdOn(outsiderCard.id, 'Not Ours');
    expect(stray.brokerageId).toBeNull();
    const shared = await t.inject({
      method: 'POST',
      url: `/api/business-cards/${card2.id}/exchange`,
      remoteAddress: freshIp(),
      payload: { name: 'Shared Back', phone: '+971501234567', consent: true },
    });
    expect(shared.statusCode).toBe(201);
    const names = (await leadsOf(b, owner)).json().items.map((i: { inquirerName: string }) => i.inquirerName);
    expect(names).toEqual(['Shared Back']);
  });

  it('lists the same leads the team analytics counts: an inquiry and an exchange from before the member joined', async () => {
    const owner = await t.signUp({ ...broker, firstName: 'Nadia', lastName: 'Owner' });
    const card = await approvedCardFor(t, owner, { name: 'Nadia Card' });
    expect((await send(card.id, { inquirerName: 'Early Inquiry' })).statusCode).toBe(201);
    const shared = await t.inject({
      method: 'POST',
      url: `/api/business-cards/${card.id}/exchange`,
      remoteAddress: freshIp(),
      payload: { name: 'Early Exchange', phone: '+971501234567', consent: true },
    });
    expect(shared.statusCode, shared.body).toBe(201);
    // The brokerage comes after the leads.
    const b = await createTestBrokerage(t, { owner });

    const analytics = await t.inject({ method: 'GET', url: `/api/brokerages/${b.id}/analytics?days=7`, as: owner });
    expect(analytics.statusCode, analytics.body).toBe(200);
    const counted = analytics.json().totals.leads;
    const listed = (await leadsOf(b, owner)).json().items;
    expect(counted).toBe(2);
    expect(listed).toHaveLength(counted);
    expect(listed.map((l: { source: string }) => l.source).sort()).toEqual(['exchange', 'inquiry']);

    // Leaving takes the member's leads along, as the analytics stops counting them.
    const other = await t.signUp({ ...broker, firstName: 'Second', lastName: 'Owner' });
    await t.database.db.insert(brokerageMembers).values({ brokerageId: b.id, userId: other.user.id, role: 'owner' });
    await leaveBrokerage(t, b, owner);
    const after = await t.inject({ method: 'GET', url: `/api/brokerages/${b.id}/analytics?days=7`, as: other });
    expect(after.json().totals.leads).toBe(0);
    expect((await leadsOf(b, other)).json().items).toHaveLength(0);
  });

  it('assigns a lead to a member, who then sees it, sets its status and adds notes', async () => {
    const { owner, manager, member, member2, b, card } = await team();
    const lead = await leadIdOn(card.id, 'Assign Me');
    // Ali sees only his own card's leads and what is assigned to him: nothing yet.
    const before = await leadsOf(b, member2);
    expect(before.json()).toMatchObject({ scope: 'own', items: [], assignees: [] });

    const assigned = await patch(b, lead.id, manager, { assignedToId: member2.user.id });
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json().assignedTo).toEqual({ id: member2.user.id, name: 'Ali Member' });
    const mail = t.mailer.lastTo(member2.user.email);
    expect(mail?.subject).toBe('A lead was assigned to you: Assign Me');

    expect((await leadsOf(b, member2)).json().items.map((i: { id: string }) => i.id)).toEqual([lead.id]);
    expect((await leadsOf(b, member2, `?assignedTo=${member2.user.id}`)).json().items).toHaveLength(1);
    expect((await leadsOf(b, owner, '?assignedTo=none')).json().items).toHaveLength(0);

    const qualified = await patch(b, lead.id, member2, { status: 'qualified' });
    expect(qualified.statusCode).toBe(200);
    expect(qualified.json().status).toBe('qualified');
    // A member may not assign.
    const reassign = await patch(b, lead.id, member2, { assignedToId: member.user.id });
    expect(reassign.statusCode).toBe(403);

    expect((await note(b, lead.id, member2, 'Called, wants a viewing on Sunday')).statusCode).toBe(201);
    expect((await note(b, lead.id, owner, 'Good budget')).statusCode).toBe(201);
    const empty = await note(b, lead.id, owner, '   ');
    expect(empty.statusCode).toBe(400);
    const notes = await t.inject({ method: 'GET', url: `/api/brokerages/${b.id}/leads/${lead.id}/notes`, as: manager });
    expect(notes.json().notes.map((n: { body: string; author: { name: string } }) => [n.author.name, n.body])).toEqual([
      ['Ali Member', 'Called, wants a viewing on Sunday'],
      ['Omar Owner', 'Good budget'],
    ]);
    expect((await leadsOf(b, owner, '?status=qualified')).json().items[0]).toMatchObject({ id: lead.id, noteCount: 2 });
    expect((await leadsOf(b, owner, '?status=pending')).json().items).toHaveLength(0);
    // The card owner's personal Leads view shows the new status and counts it ("pending" is shown as New).
    const personal = (await t.inject({ method: 'GET', url: '/api/inquiries', as: member })).json();
    expect(personal.items[0].status).toBe('qualified');
    expect(personal.counts).toEqual({ pending: 0, contacted: 0, qualified: 1, closed: 0 });
    expect(personal.total).toBe(1);

    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, lead.id));
    expect(audit.map((a) => a.action).sort()).toEqual([
      'team.lead.assign',
      'team.lead.note',
      'team.lead.note',
      'team.lead.status',
    ]);
  });

  it('refuses an assignee who is not a current member, and bad input, with field messages', async () => {
    const { owner, b, card } = await team();
    const lead = await leadIdOn(card.id, 'Field Errors');
    const outsider = await t.signUp(broker);
    const res = await patch(b, lead.id, owner, { assignedToId: outsider.user.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ assignedToId: 'Choose a current member of this brokerage' });
    expect((await patch(b, lead.id, owner, { status: 'won' })).statusCode).toBe(400);
    expect((await patch(b, lead.id, owner, {})).statusCode).toBe(400);
    expect((await leadsOf(b, owner, '?cursor=nope')).statusCode).toBe(400);
    // Unassigning works.
    expect((await patch(b, lead.id, owner, { assignedToId: null })).json().assignedTo).toBeNull();
  });

  it('exports the team leads as CSV with the filters, safe against formula injection', async () => {
    const { owner, member, b, card } = await team();
    await leadIdOn(card.id, '=HYPERLINK("http://evil")');
    const plain = await leadIdOn(card.id, 'Plain Person');
    await patch(b, plain.id, owner, { status: 'closed' });
    const res = await t.inject({ method: 'GET', url: `/api/brokerages/${b.id}/leads.csv`, as: owner });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Date,Member,Card,Name,Email,Phone,Type,Status,Assigned to,Message');
    expect(lines).toHaveLength(3);
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(res.body).toContain('Sara Member,Sara Card,Plain Person');
    const closed = await t.inject({ method: 'GET', url: `/api/brokerages/${b.id}/leads.csv?status=closed`, as: owner });
    expect(closed.body.trim().split('\r\n')).toHaveLength(2);
    // A member's CSV holds only their own leads.
    const mine = await t.inject({ method: 'GET', url: `/api/brokerages/${b.id}/leads.csv`, as: member });
    expect(mine.body.trim().split('\r\n')).toHaveLength(3);
  });

  it('pages newest first with a keyset cursor, without skipping or repeating a lead', async () => {
    const { owner, b, card } = await team();
    const base = Date.now() - 1000 * 60;
    // 30 leads, several sharing one instant, inserted directly (the form's per-address limit).
    const rows = Array.from({ length: 30 }, (_, i) => ({
      businessCardId: card.id,
      brokerageId: b.id,
      inquirerName: `Paged ${i}`,
      inquirerEmail: 'p@example.com',
      inquiryType: 'buying',
      createdAt: new Date(base + Math.floor(i / 3) * 1000),
    }));
    await t.database.db.insert(inquiries).values(rows);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await leadsOf(b, owner, cursor ? `?cursor=${cursor}` : '');
      const body = res.json();
      seen.push(...body.items.map((i: { inquirerName: string }) => i.inquirerName));
      cursor = body.nextCursor;
      pages += 1;
    } while (cursor && pages < 5);
    expect(pages).toBe(2);
    expect(seen).toHaveLength(30);
    expect(new Set(seen).size).toBe(30);
    expect(seen[0]).toMatch(/^Paged 2[789]$/);
  });

  it('a member who leaves loses access to the team leads at once', async () => {
    const { owner, manager, member2, b, card } = await team();
    const lead = await leadIdOn(card.id, 'Before Leaving');
    await patch(b, lead.id, owner, { assignedToId: member2.user.id });
    expect((await leadsOf(b, member2)).json().items).toHaveLength(1);

    await leaveBrokerage(t, b, member2);
    expect((await leadsOf(b, member2)).statusCode).toBe(403);
    expect((await patch(b, lead.id, member2, { status: 'closed' })).statusCode).toBe(403);
    expect((await note(b, lead.id, member2, 'still here?')).statusCode).toBe(403);
    expect((await t.inject({ method: 'GET', url: `/api/brokerages/${b.id}/leads.csv`, as: member2 })).statusCode).toBe(
      403,
    );
    // A manager who leaves too.
    await leaveBrokerage(t, b, manager);
    expect((await leadsOf(b, manager)).statusCode).toBe(403);
    // And a former member can no longer be assigned.
    expect((await patch(b, lead.id, owner, { assignedToId: member2.user.id })).statusCode).toBe(400);
  });

  it('access table: signed out 401, outsider and admin 403, unknown brokerage 404, other lead 404', async () => {
    const { b, card } = await team();
    const lead = await leadIdOn(card.id, 'Access Table');
    const outsider = await t.signUp(broker);
    const admin = await t.signInAdmin();
    const other = await team();
    const otherLead = await leadIdOn(other.card.id, 'Other Team');
    const routes = (as: TestUser | undefined, bid = b.id, lid = lead.id) => [
      t.inject({ method: 'GET', url: `/api/brokerages/${bid}/leads`, as }),
      t.inject({ method: 'GET', url: `/api/brokerages/${bid}/leads.csv`, as }),
      t.inject({ method: 'PATCH', url: `/api/brokerages/${bid}/leads/${lid}`, as, payload: { status: 'closed' } }),
      t.inject({ method: 'GET', url: `/api/brokerages/${bid}/leads/${lid}/notes`, as }),
      t.inject({ method: 'POST', url: `/api/brokerages/${bid}/leads/${lid}/notes`, as, payload: { body: 'x' } }),
    ];
    const codes = async (as: TestUser | undefined, bid?: string, lid?: string) =>
      (await Promise.all(routes(as, bid, lid))).map((r) => r.statusCode);
    expect(await codes(undefined)).toEqual([401, 401, 401, 401, 401]);
    expect(await codes(outsider)).toEqual([403, 403, 403, 403, 403]);
    expect(await codes(admin)).toEqual([403, 403, 403, 403, 403]);
    expect(await codes(other.owner)).toEqual([403, 403, 403, 403, 403]);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(await codes(other.owner, unknown)).toEqual([404, 404, 404, 404, 404]);
    // The owner of one brokerage cannot reach another team's lead through their own brokerage.
    const viaOwn = await codes(other.owner, other.b.id, lead.id);
    expect(viaOwn.slice(2)).toEqual([404, 404, 404]);
    // A member cannot open a teammate's lead that is not assigned to them.
    expect((await codes(other.member2, other.b.id, otherLead.id)).slice(2)).toEqual([404, 404, 404]);
  });
});

describe('lead notes: a cap per lead and a paged list', () => {
  const notesOf = (b: TestBrokerage, leadId: string, as: TestUser, query = '') =>
    t.inject({ method: 'GET', url: `/api/brokerages/${b.id}/leads/${leadId}/notes${query}`, as });
  /** Notes written straight into the table, one a second apart so their order is known. */
  const seedNotes = (leadId: string, authorId: string, n: number) =>
    t.database.db.execute(sql`
      insert into lead_notes (inquiry_id, author_id, body, created_at)
      select ${leadId}, ${authorId}, 'Seeded note ' || g, now() - interval '1 day' + g * interval '1 second'
      from generate_series(1, ${n}) g`);

  it(`keeps at most ${LEAD_NOTES.perLead} notes on a lead, also under 40 parallel adds`, async () => {
    const { owner, b, card } = await team();
    const lead = await leadIdOn(card.id, 'Many Notes');
    await seedNotes(lead.id, owner.user.id, LEAD_NOTES.perLead - 10);
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => note(b, lead.id, owner, `Parallel ${i}`)));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(10);
    const refused = answers.filter((a) => a.statusCode === 409);
    expect(refused).toHaveLength(30);
    for (const r of refused) {
      expect(r.json()).toMatchObject({
        code: 'LEAD_NOTE_LIMIT',
        message: `A lead can hold at most ${LEAD_NOTES.perLead} notes.`,
      });
    }
    const [{ n }] = await t.database.db.select({ n: count() }).from(leadNotes).where(eq(leadNotes.inquiryId, lead.id));
    expect(n).toBe(LEAD_NOTES.perLead);
  });

  it('answers the notes a page at a time, oldest first, and walking the cursor reads each note once', async () => {
    const { owner, manager, b, card } = await team();
    const lead = await leadIdOn(card.id, 'Long History');
    // More than the cap: notes written before there was one are still all readable.
    const total = 301;
    await seedNotes(lead.id, owner.user.id, total);
    const first = await notesOf(b, lead.id, manager);
    expect(first.statusCode).toBe(200);
    expect(first.json().notes).toHaveLength(LEAD_NOTES.pageDefault);
    expect(first.body.length).toBeLessThan(20_000);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `?limit=${LEAD_NOTES.pageMax}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const page = await notesOf(b, lead.id, manager, query);
      expect(page.statusCode).toBe(200);
      const body = page.json() as { notes: { body: string }[]; nextCursor: string | null };
      expect(body.notes.length).toBeLessThanOrEqual(LEAD_NOTES.pageMax);
      seen.push(...body.notes.map((x) => x.body));
      cursor = body.nextCursor;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(4);
    expect(seen).toEqual(Array.from({ length: total }, (_, i) => `Seeded note ${i + 1}`));

    for (const query of ['?limit=0', `?limit=${LEAD_NOTES.pageMax + 1}`, '?limit=x', '?cursor=nope']) {
      const bad = await notesOf(b, lead.id, manager, query);
      expect(bad.statusCode, query).toBe(400);
    }
  });
});
