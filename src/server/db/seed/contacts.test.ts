/**
 * The demo contact book as the demo broker meets it on the first start: a full book in both
 * scripts, filterable by tag, event and source, with a follow-up due today and one overdue on
 * top; seeding again adds nothing and leaves a book the broker already keeps alone.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../../../tests/helpers/app';
import { DEMO_CONTACTS, seedContacts } from './contacts';
import { NAMED_DEMO_ACCOUNTS } from './users';

let t: TestApp;
let broker: TestUser;
let banker: TestUser;
const clock = new Date('2026-11-28T05:00:00Z');

type Page = { items: { name: string; nameAr: string | null; source: string }[]; due: { followUpOn: string }[] };
const book = async (as: TestUser, query = '') => {
  const res = await t.inject({ method: 'GET', url: `/api/contacts?limit=100${query}`, as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page;
};

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  broker = await t.signUp({
    role: 'real_estate_broker',
    subscriptionStatus: 'active',
    email: NAMED_DEMO_ACCOUNTS.broker,
  });
  banker = await t.signUp({
    role: 'banking_broker',
    subscriptionStatus: 'active',
    email: NAMED_DEMO_ACCOUNTS.bankingBroker,
  });
});

describe('demo contacts', () => {
  it('give the demo broker a book in English and Arabic with every source, tags, events and due follow-ups', async () => {
    await seedContacts(t.app.ctx);
    const page = await book(broker);
    expect(page.items).toHaveLength(DEMO_CONTACTS.length);
    expect(page.items.length).toBeGreaterThanOrEqual(20);
    expect(page.items.filter((c) => c.nameAr).length).toBeGreaterThanOrEqual(8);
    expect(new Set(page.items.map((c) => c.source))).toEqual(new Set(['scan', 'exchange', 'saved_card', 'manual']));
    // One due today (28 November in Dubai) and one two days overdue; the later one is not listed.
    expect(page.due.map((c) => c.followUpOn)).toEqual(['2026-11-26', '2026-11-28']);

    const facets = (await t.inject({ method: 'GET', url: '/api/contacts/facets', as: broker })).json();
    expect(facets.tags[0]).toEqual({ value: 'investor', count: expect.any(Number) });
    expect(facets.events.map((e: { value: string }) => e.value)).toContain('Cityscape 2026');
    const cityscape = await book(broker, '&event=Cityscape%202026&tag=investor');
    expect(cityscape.items.length).toBeGreaterThan(2);

    const smaller = await book(banker);
    expect(smaller.items.length).toBeGreaterThan(5);
    expect(smaller.items.length).toBeLessThan(DEMO_CONTACTS.length);
  });

  it('adds nothing when run again, and leaves a book with contacts of its own alone', async () => {
    await seedContacts(t.app.ctx);
    expect((await book(broker)).items).toHaveLength(DEMO_CONTACTS.length);
    const before = (await book(banker)).items.length;
    await seedContacts(t.app.ctx);
    expect((await book(banker)).items).toHaveLength(before);
  });
});
