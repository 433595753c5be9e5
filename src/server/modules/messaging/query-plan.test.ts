/**
 * At 5,000 conversations the list reads its page from conversation_members_list_idx
 * in order and stops after it, instead of sorting every conversation, and the unread count reads
 * the user's one row of totals, not the member rows or the messages. Checked on the query plan with real row counts, on the
 * PostgreSQL server (TEST_TARGET=postgres).
 */
import { Placeholder, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { seedInbox } from '../../db/seed/inbox';
import { createTestDatabase, type TestDatabase, usePostgres } from '../../../../tests/helpers/test-db';
import { conversationListQuery, countUnread, countUnreadQuery, listConversations } from './repository';

let database: TestDatabase;
let userId = '';
const COUNT = 5000;

beforeAll(async () => {
  if (!usePostgres) return;
  database = await createTestDatabase();
  const [me] = await database.db
    .insert(users)
    .values({
      email: 'busy@example.com',
      firstName: 'Busy',
      lastName: 'Inbox',
      phoneNumber: '501234567',
      countryCode: '+971',
    })
    .returning();
  userId = me.id;
  await seedInbox(database.db, { userId, count: COUNT, tag: 'plan' });
  await database.db.execute(sql`analyze`);
  return () => database.close();
}, 300_000);

type PlanNode = {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  'Actual Rows'?: number;
  Plans?: PlanNode[];
};

type Query = { sql: string; params: unknown[] };

/** The plan of a built query, or of a prepared one with its placeholders' values. */
async function plan(
  query: { toSQL(): Query } | { getQuery(): Query },
  values: Record<string, unknown> = {},
): Promise<PlanNode> {
  const built = 'toSQL' in query ? query.toSQL() : query.getQuery();
  const text = built.sql;
  const params = built.params.map((p) => (p instanceof Placeholder ? values[p.name] : p));
  const res = await database.db.execute(sql.raw(`explain (analyze, format json) ${inline(text, params)}`));
  const rows = (res as unknown as { rows?: unknown[] }).rows ?? (res as unknown as unknown[]);
  return (rows[0] as { 'QUERY PLAN': [{ Plan: PlanNode }] })['QUERY PLAN'][0].Plan;
}

function inline(text: string, params: unknown[]): string {
  return text.replace(/\$(\d+)/g, (_, n) => {
    const v = params[Number(n) - 1];
    return typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`;
  });
}

function nodes(p: PlanNode): PlanNode[] {
  return [p, ...(p.Plans ?? []).flatMap(nodes)];
}

describe.runIf(usePostgres)('conversation list query plans at 5,000 conversations', () => {
  it('the first page and a later page walk conversation_members_list_idx and read only the page', async () => {
    const first = await listConversations(database.db, userId, { limit: 50 });
    expect(first).toHaveLength(50);
    for (const page of [{ limit: 50 }, { limit: 50, after: first[49].cursor }]) {
      const all = nodes(await plan(conversationListQuery(database.db, userId, page)));
      const scan = all.find((n) => n['Index Name'] === 'conversation_members_list_idx');
      expect(scan, JSON.stringify(all.map((n) => n['Node Type']))).toBeDefined();
      // The index hands out rows in order: no more than the page is read, nothing sorts 5,000.
      expect(scan?.['Actual Rows']).toBeLessThanOrEqual(50);
      for (const n of all) expect(n['Actual Rows'] ?? 0).toBeLessThan(COUNT);
    }
  });

  it('the unread count reads one row of totals, never the messages or member rows', async () => {
    const all = nodes(await plan(countUnreadQuery(database.db), { userId }));
    expect(all.some((n) => n['Relation Name'] === 'messages')).toBe(false);
    expect(all.some((n) => n['Relation Name'] === 'conversation_members')).toBe(false);
    expect(all.some((n) => n['Relation Name'] === 'user_unread')).toBe(true);
    expect(await countUnread(database.db, userId)).toBe(COUNT);
  });
});
