/**
 * What the database's triggers and search functions keep true, pinned by writing rows and reading
 * what they maintain. Each block names the .sql file under src/server that declares them. The
 * unread totals have their own file (modules/messaging/unread-totals.test.ts); these are the
 * effects no other test states directly.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/helpers/test-db';
import { createCard, createOwner, createProperty } from '../../../tests/helpers/discovery';
import {
  brokerageMembers,
  brokerages,
  brokerageSeats,
  businessCards,
  contacts,
  conversations,
  inquiries,
  messages,
  properties,
  users,
} from './schema';

let database: TestDatabase;

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const res = await database.db.execute(query);
  return (res as unknown as { rows?: T[] }).rows ?? (res as unknown as T[]);
}

async function listVersion(): Promise<number> {
  const [row] = await rows<{ v: string | number }>(sql`select version as v from list_version where id = 1`);
  return Number(row.v);
}

/** The copied owner columns of a card, as text (±infinity has no Date). */
async function ownerCopy(cardId: string): Promise<{ role: string; until: string }> {
  const [row] = await rows<{ role: string; until: string }>(
    sql`select owner_role::text as role, owner_listed_until::text as until from business_cards where id = ${cardId}`,
  );
  return row;
}

let brokerageN = 0;
async function brokerage(): Promise<string> {
  brokerageN += 1;
  const [row] = await database.db
    .insert(brokerages)
    .values({
      slug: `trigger-team-${brokerageN}`,
      name: `Trigger Team ${brokerageN}`,
      ornNumber: `9${brokerageN}`,
      tradeLicenceNumber: `TL-${brokerageN}`,
    })
    .returning({ id: brokerages.id });
  return row.id;
}

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('the list version (platform/list-version.sql)', () => {
  it('goes up once when a transaction that changed an owner, a card and a listing commits', async () => {
    const before = await listVersion();
    await database.db.transaction(async (tx) => {
      const owner = await createOwner(tx);
      await createCard(tx, owner.id);
      await createProperty(tx, owner.id);
      await tx.update(users).set({ firstName: 'Renamed' }).where(eq(users.id, owner.id));
    });
    expect(await listVersion()).toBe(before + 1);
  });

  it("does not move for a card page's view counters, and does for the card's content", async () => {
    const owner = await createOwner(database.db);
    const card = await createCard(database.db, owner.id);
    const before = await listVersion();
    // As the page counts a view: the counters alone (drizzle's update would also set updated_at).
    await database.db.execute(
      sql`update business_cards set view_count = view_count + 1, vcard_downloads = vcard_downloads + 1,
        qr_visits = qr_visits + 1 where id = ${card.id}`,
    );
    expect(await listVersion()).toBe(before);
    await database.db.update(businessCards).set({ profession: 'Leasing Agent' }).where(eq(businessCards.id, card.id));
    expect(await listVersion()).toBe(before + 1);
  });

  it('moves with a brokerage, its members and its seats', async () => {
    const owner = await createOwner(database.db);
    let v = await listVersion();
    const b = await brokerage();
    expect(await listVersion()).toBe(++v);
    await database.db.insert(brokerageMembers).values({ brokerageId: b, userId: owner.id, role: 'owner' });
    expect(await listVersion()).toBe(++v);
    await database.db.insert(brokerageSeats).values({
      brokerageId: b,
      userId: owner.id,
      periodStart: new Date('2026-01-01T00:00:00Z'),
      periodEnd: new Date('2027-01-01T00:00:00Z'),
    });
    expect(await listVersion()).toBe(++v);
    await database.db.delete(brokerages).where(eq(brokerages.id, b));
    expect(await listVersion()).toBe(++v);
  });

  it('moves when listings are emptied at once (TRUNCATE)', async () => {
    const before = await listVersion();
    await database.db.execute(sql`truncate properties cascade`);
    expect(await listVersion()).toBeGreaterThan(before);
    expect(await database.db.select().from(properties)).toHaveLength(0);
  });
});

describe("the card's copy of its owner (modules/cards/owner-copy.sql)", () => {
  it("a new card takes its owner's role and listing window, whatever the writer put there", async () => {
    const investor = await createOwner(database.db, { role: 'investor', subscriptionStatus: 'inactive' });
    const card = await createCard(database.db, investor.id, { ownerRole: 'real_estate_broker' });
    expect(await ownerCopy(card.id)).toEqual({ role: 'investor', until: 'infinity' });

    const unpaid = await createOwner(database.db, { role: 'real_estate_broker', subscriptionStatus: 'inactive' });
    const unpaidCard = await createCard(database.db, unpaid.id);
    expect(await ownerCopy(unpaidCard.id)).toEqual({ role: 'real_estate_broker', until: '-infinity' });

    // Writing the copy by hand puts the owner's values back.
    await database.db
      .update(businessCards)
      .set({ ownerRole: 'investor', ownerListedUntil: 'infinity' })
      .where(eq(businessCards.id, unpaidCard.id));
    expect(await ownerCopy(unpaidCard.id)).toEqual({ role: 'real_estate_broker', until: '-infinity' });
  });

  it("follows the owner's subscription, role, visibility, suspension and deletion, on every card", async () => {
    const owner = await createOwner(database.db, { role: 'real_estate_broker', subscriptionStatus: 'inactive' });
    const first = await createCard(database.db, owner.id);
    const second = await createCard(database.db, owner.id, { name: 'Second Card' });
    const both = async () => [await ownerCopy(first.id), await ownerCopy(second.id)];
    const set = (values: Partial<typeof users.$inferInsert>) =>
      database.db.update(users).set(values).where(eq(users.id, owner.id));

    await set({ subscriptionStatus: 'active', subscriptionPeriodEnd: new Date('2027-03-01T00:00:00Z') });
    const [until] = await rows<{ t: string }>(sql`select '2027-03-01T00:00:00Z'::timestamptz::text as t`);
    expect(await both()).toEqual([
      { role: 'real_estate_broker', until: until.t },
      { role: 'real_estate_broker', until: until.t },
    ]);
    await set({ subscriptionPeriodEnd: null });
    expect((await ownerCopy(first.id)).until).toBe('infinity');
    await set({ cardVisibility: 'private' });
    expect((await ownerCopy(second.id)).until).toBe('-infinity');
    await set({ cardVisibility: 'public', suspendedAt: new Date() });
    expect((await ownerCopy(second.id)).until).toBe('-infinity');
    await set({ suspendedAt: null });
    expect((await ownerCopy(second.id)).until).toBe('infinity');
    await set({ role: 'real_estate_developer', subscriptionStatus: 'inactive' });
    expect(await both()).toEqual([
      { role: 'real_estate_developer', until: 'infinity' },
      { role: 'real_estate_developer', until: 'infinity' },
    ]);
    await set({ deletedAt: new Date() });
    expect((await ownerCopy(first.id)).until).toBe('-infinity');
  });

  it("a card moved to another owner takes the new owner's values", async () => {
    const from = await createOwner(database.db, { role: 'investor', subscriptionStatus: 'inactive' });
    const to = await createOwner(database.db, { role: 'banking_broker', subscriptionStatus: 'inactive' });
    const card = await createCard(database.db, from.id);
    await database.db.update(businessCards).set({ userId: to.id }).where(eq(businessCards.id, card.id));
    expect(await ownerCopy(card.id)).toEqual({ role: 'banking_broker', until: '-infinity' });
  });
});

describe("a brokerage's team leads (modules/team/leads.sql)", () => {
  async function leadOn(cardId: string): Promise<string> {
    const [row] = await database.db
      .insert(inquiries)
      .values({ businessCardId: cardId, inquirerName: 'A Visitor', inquirerEmail: 'v@example.com', inquiryType: 'buy' })
      .returning({ id: inquiries.id });
    return row.id;
  }
  async function teamOf(leadId: string): Promise<string | null> {
    const [row] = await database.db
      .select({ b: inquiries.brokerageId })
      .from(inquiries)
      .where(eq(inquiries.id, leadId));
    return row.b;
  }

  it("a member who joins brings their cards' leads; one who leaves takes them along, and other teams' leads stay", async () => {
    const member = await createOwner(database.db);
    const card = await createCard(database.db, member.id);
    const earlier = await leadOn(card.id);
    const b = await brokerage();
    const other = await brokerage();

    await database.db.insert(brokerageMembers).values({ brokerageId: b, userId: member.id });
    expect(await teamOf(earlier)).toBe(b);

    // A lead recorded for another team (before a move) is not this team's to release.
    const foreign = await leadOn(card.id);
    await database.db.update(inquiries).set({ brokerageId: other }).where(eq(inquiries.id, foreign));

    await database.db.delete(brokerageMembers).where(eq(brokerageMembers.userId, member.id));
    expect(await teamOf(earlier)).toBeNull();
    expect(await teamOf(foreign)).toBe(other);
  });
});

describe('conversation members (modules/messaging/triggers.sql)', () => {
  it("a new conversation lists for both participants at its creation time; a message moves both to the message's time", async () => {
    const a = await createOwner(database.db);
    const b = await createOwner(database.db);
    const created = new Date('2026-02-01T10:00:00Z');
    const [c] = await database.db
      .insert(conversations)
      .values({ participant1Id: a.id, participant2Id: b.id, createdAt: created })
      .returning({ id: conversations.id });
    const members = () =>
      rows<{ user_id: string; last: string | null; activity: string; unread: number }>(sql`
        select user_id, last_message_at::text as last, activity_at::text as activity, unread_count as unread
        from conversation_members where conversation_id = ${c.id} order by user_id = ${a.id} desc`);
    const [at] = await rows<{ t: string }>(sql`select ${created.toISOString()}::timestamptz::text as t`);
    expect(await members()).toEqual([
      { user_id: a.id, last: null, activity: at.t, unread: 0 },
      { user_id: b.id, last: null, activity: at.t, unread: 0 },
    ]);

    const sent = new Date('2026-02-02T09:30:00Z');
    await database.db
      .insert(messages)
      .values({ conversationId: c.id, senderId: a.id, content: 'Hello', createdAt: sent });
    const [st] = await rows<{ t: string }>(sql`select ${sent.toISOString()}::timestamptz::text as t`);
    expect(await members()).toEqual([
      { user_id: a.id, last: st.t, activity: st.t, unread: 0 },
      { user_id: b.id, last: st.t, activity: st.t, unread: 1 },
    ]);
  });
});

describe('search text (modules/search/search-docs.sql, modules/contacts/search-doc.sql)', () => {
  it("a card's search text holds its other language, folded: hamza forms and taa marbuta match plain letters", async () => {
    const owner = await createOwner(database.db);
    const card = await createCard(database.db, owner.id, {
      name: 'Ahmed Saleh',
      translations: { ar: { name: 'أحمد صالح', profession: 'وسيط عقارات', company: 'شركة الإمارة' } },
    });
    const [row] = await rows<{ doc: string; place: string }>(
      sql`select search_doc as doc, place_doc as place from business_cards where id = ${card.id}`,
    );
    expect(row.doc).toContain('ahmed saleh');
    expect(row.doc).toContain('احمد صالح');
    expect(row.doc).toContain('الاماره');
  });

  it("a listing's search and place text are folded alike", async () => {
    const owner = await createOwner(database.db);
    const listing = await createProperty(database.db, owner.id, {
      title: 'Villa in Al-Barsha',
      location: 'Al_Barsha',
      address: 'Street ٢٥',
    });
    const [row] = await rows<{ doc: string; place: string }>(
      sql`select search_doc as doc, place_doc as place from properties where id = ${listing.id}`,
    );
    expect(row.doc).toContain('villa in al barsha');
    expect(row.place).toBe('al barsha street 25');
  });

  it('a contact is found by the local form of an international number', async () => {
    const owner = await createOwner(database.db);
    const [row] = await database.db
      .insert(contacts)
      .values({ ownerId: owner.id, name: 'Nadia Rahman', phones: ['+971501112233'], tags: ['Cityscape'] })
      .returning({ doc: contacts.searchDoc });
    expect(row.doc).toContain('+971501112233');
    expect(row.doc).toContain('0501112233');
    expect(row.doc).toContain('cityscape');
  });

  it('the first bitaqa_card_doc, without translations, is used by no column or index', async () => {
    const used = await rows<{ n: number }>(sql`
      select count(*)::int as n from pg_depend
      where refclassid = 'pg_proc'::regclass
        and refobjid = 'public.bitaqa_card_doc(text, text, text, text, text, text[], text, public.language[], text, text, public.emirate, public.nationality)'::regprocedure`);
    expect(used[0].n).toBe(0);
  });
});
