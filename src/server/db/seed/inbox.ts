/**
 * A busy inbox: `count` conversations for one user, each with another generated
 * account (role investor, no card, so the directory does not change) and one unread message
 * from them, the newest first a minute apart. Filled with generate_series, so 5,000 take a
 * moment. Used by the messaging benchmark, the paging tests and the browser test's server
 * (SEED_DEMO_INBOX).
 */
import { eq, sql } from 'drizzle-orm';
import { hashPassword } from '../../modules/auth/passwords';
import type { DbOrTx } from '../client';
import { conversations, messages, users } from '../schema';
import { DEMO_PASSWORD } from './users';

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

/** The busy demo account's e-mail (SEED_DEMO_INBOX). */
export const DEMO_INBOX_EMAIL = 'noor.inbox@demo.bitaqa.ae';
/** The directory professional of the busy account's oldest conversation. */
const OLDEST_WITH = 'nikolai.petrov@demo.bitaqa.ae';

/**
 * SEED_DEMO_INBOX: noor.inbox@demo.bitaqa.ae (password DEMO_PASSWORD) with `count`
 * conversations; the oldest, far past the list's first page, is with Nikolai Petrov, whose card
 * is in the directory, so his Message button must open a conversation the list has not loaded.
 */
export async function seedDemoInbox(db: DbOrTx, count: number): Promise<void> {
  const [noor] = await db
    .insert(users)
    .values({
      email: DEMO_INBOX_EMAIL,
      passwordHash: await hashPassword(DEMO_PASSWORD),
      firstName: 'Noor',
      lastName: 'Inbox',
      phoneNumber: '501112233',
      countryCode: '+971',
      role: 'investor',
      roleChosen: true,
      isEmailVerified: true,
    })
    .returning();
  if (count > 1) await seedInbox(db, { userId: noor.id, count: count - 1, tag: 'demo-inbox' });
  const [nikolai] = await db.select({ id: users.id }).from(users).where(eq(users.email, OLDEST_WITH));
  if (!nikolai) return;
  const at = new Date(Date.now() - (count + 1) * 60_000);
  const [conv] = await db
    .insert(conversations)
    .values({ participant1Id: noor.id, participant2Id: nikolai.id, createdAt: at, updatedAt: at, lastMessageAt: at })
    .returning();
  await db.insert(messages).values({
    conversationId: conv.id,
    senderId: noor.id,
    content: 'Hello Nikolai, is the Palm Jumeirah villa still on the market?',
    isRead: true,
    createdAt: at,
    updatedAt: at,
  });
}
