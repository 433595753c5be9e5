/**
 * A busy inbox (issue 13): `count` conversations for one user, each with another generated
 * account (role investor, no card, so the directory does not change) and one unread message
 * from them, the newest first a minute apart. Filled with generate_series, so 5,000 take a
 * moment. Used by the messaging benchmark, the paging tests and the browser test's server
 * (SEED_DEMO_INBOX).
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';

export interface InboxOptions {
  /** The owner of the inbox. */
  userId: string;
  count: number;
  /** Makes the generated e-mails unique: `${tag}.${n}@inbox.bitaqa.test`. */
  tag: string;
  /** Minutes before now of the newest conversation (default 1). */
  startMinutesAgo?: number;
}

export async function seedInbox(db: DbOrTx, o: InboxOptions): Promise<void> {
  const start = o.startMinutesAgo ?? 1;
  await db.execute(sql`
    with partners as (
      insert into users (email, first_name, last_name, phone_number, country_code, role, role_chosen, is_email_verified)
      select ${o.tag} || '.' || g || '@inbox.bitaqa.test', 'Contact', 'Number ' || g, '50' || lpad(g::text, 7, '0'),
             '+971', 'investor', true, true
      from generate_series(1, ${o.count}::int) g
      returning id, email
    )
    insert into conversations (participant1_id, participant2_id, created_at, updated_at, last_message_at)
    select p.id, ${o.userId}::uuid, t.at, t.at, t.at
    from partners p
    cross join lateral (select split_part(split_part(p.email, '@', 1), '.', -1)::int as n) k
    cross join lateral (select now() - ((${start}::int + k.n - 1) * interval '1 minute') as at) t`);
  await db.execute(sql`
    insert into messages (conversation_id, sender_id, content, created_at, updated_at)
    select c.id, c.participant1_id, 'Hello from ' || u.last_name, c.last_message_at, c.last_message_at
    from conversations c join users u on u.id = c.participant1_id
    where c.participant2_id = ${o.userId}::uuid and u.email like ${`${o.tag}.%@inbox.bitaqa.test`}`);
}
