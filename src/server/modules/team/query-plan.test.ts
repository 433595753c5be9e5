/**
 * Team leads at scale: a brokerage with 20,000 leads among 60,000 reads its newest page
 * (and a later page) from inquiries_brokerage_newest_idx in order and stops after it, for the owner and
 * for a member. Checked on the query plan with real row counts, on the PostgreSQL server
 * (TEST_TARGET=postgres); the page's time is printed.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { brokerageMembers, brokerages, businessCards, users } from '../../db/schema';
import { createTestDatabase, type TestDatabase, usePostgres } from '../../../../tests/helpers/test-db';
import { type LeadScope, listTeamLeads } from './repository';

let database: TestDatabase;
let brokerageId = '';
let memberId = '';
const TEAM_LEADS = 20_000;
const OTHER_LEADS = 40_000;

beforeAll(async () => {
  if (!usePostgres) return;
  database = await createTestDatabase();
  const db = database.db;
  const people = await db
    .insert(users)
    .values(
      Array.from({ length: 50 }, (_, i) => ({
        email: `plan${i}@example.com`,
        firstName: 'Plan',
        lastName: `Broker${i}`,
        phoneNumber: '501234567',
        countryCode: '+971',
        role: 'real_estate_broker' as const,
      })),
    )
    .returning({ id: users.id });
  const [b] = await db
    .insert(brokerages)
    .values({ slug: 'plan-team', name: 'Plan Team', ornNumber: '424242', tradeLicenceNumber: 'TL-1' })
    .returning();
  brokerageId = b.id;
  memberId = people[1].id;
  await db
    .insert(brokerageMembers)
    .values(
      people
        .slice(0, 40)
        .map((p, i) => ({ brokerageId, userId: p.id, role: i === 0 ? ('owner' as const) : ('member' as const) })),
    );
  const cards = await db
    .insert(businessCards)
    .values(people.map((p) => ({ userId: p.id, name: 'Plan Card', profession: 'Broker', status: 'approved' as const })))
    .returning({ id: businessCards.id, userId: businessCards.userId });
  const teamCards = cards.slice(0, 40).map((c) => c.id);
  const otherCards = cards.slice(40).map((c) => c.id);
  const insert = (cardIds: string[], n: number, team: boolean) =>
    db.execute(sql`
      insert into inquiries (business_card_id, brokerage_id, inquirer_name, inquirer_email, inquiry_type, created_at, assigned_to_id)
      select (${sql.raw(`array[${cardIds.map((c) => `'${c}'::uuid`).join(',')}]`)})[1 + i % ${cardIds.length}],
             ${team ? brokerageId : null}::uuid, 'Lead ' || i, 'lead@example.com', 'buying',
             now() - (i || ' seconds')::interval,
             ${team ? sql`case when i % 10 = 0 then ${memberId}::uuid end` : sql`null::uuid`}
      from generate_series(1, ${n}) i`);
  await insert(teamCards, TEAM_LEADS, true);
  await insert(otherCards, OTHER_LEADS, false);
  await db.execute(sql`analyze`);
  return () => database.close();
}, 300_000);

type PlanNode = {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  'Actual Rows'?: number;
  Plans?: PlanNode[];
};

async function plan(query: { toSQL(): { sql: string; params: unknown[] } }) {
  const { sql: text, params } = query.toSQL();
  const inlined = text.replace(/\$(\d+)/g, (_, n) => {
    const v = params[Number(n) - 1];
    return typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`;
  });
  const res = await database.db.execute(sql.raw(`explain (analyze, format json) ${inlined}`));
  const rows = (res as unknown as { rows?: unknown[] }).rows ?? (res as unknown as unknown[]);
  const top = (rows[0] as { 'QUERY PLAN': [{ Plan: PlanNode; 'Execution Time': number }] })['QUERY PLAN'][0];
  return { root: top.Plan, ms: top['Execution Time'] };
}
const nodes = (p: PlanNode): PlanNode[] => [p, ...(p.Plans ?? []).flatMap(nodes)];

describe.runIf(usePostgres)('team leads query plans at 20,000 team leads', () => {
  it('the page is chosen on inquiries alone; only its rows are joined to cards, members and notes', async () => {
    const team: LeadScope = { kind: 'team' };
    const first = await listTeamLeads(database.db, brokerageId, team, {}, 26);
    expect(first).toHaveLength(26);
    const cases: [string, LeadScope, { cursor?: string }][] = [
      ['owner, first page', team, {}],
      ['owner, page after a cursor', team, { cursor: first[24].cursor }],
      ['member (own and assigned)', { kind: 'own', userId: memberId }, {}],
    ];
    for (const [name, scope, filter] of cases) {
      const { root, ms } = await plan(listTeamLeads(database.db, brokerageId, scope, filter, 26));
      const all = nodes(root);
      const shape = JSON.stringify(all.map((n) => [n['Node Type'], n['Index Name'] ?? '', n['Actual Rows']]));
      // The joins, the note counts and the final sort see the page, never the 20,000 leads: the
      // only node that touches more rows is the scan of inquiries that picks the page (a 50-row
      // table of members or cards may be hashed whole).
      const big = all.filter((n) => (n['Actual Rows'] ?? 0) > 100);
      const onInquiries = (n: PlanNode) =>
        n['Relation Name'] === 'inquiries' || (n['Index Name'] ?? '').startsWith('inquiries_');
      expect(big.every(onInquiries), shape).toBe(true);
      if (scope.kind === 'team') {
        // The owner's page is read in index order and the scan stops after it (migration 0024).
        expect(
          all.some((n) => n['Index Name'] === 'inquiries_brokerage_newest_idx'),
          shape,
        ).toBe(true);
        expect(big, shape).toEqual([]);
      }
      console.info(`team leads page, ${name}: ${ms.toFixed(2)} ms ${shape}`);
    }
  });
});
