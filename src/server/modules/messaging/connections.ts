/**
 * Who is a connection of whom (docs/decisions/009-mutual-connections.md).
 * Two users are connected when each has sent the other at least one message in their
 * conversation: starting a conversation, or writing into it alone, connects nobody. The other
 * side's first reply is the acceptance. Every "connections only" check asks here.
 */
import { type AnyColumn, and, eq, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { conversations, messages } from '../../db/schema';

/** The conversation has a message from this user (uses messages_conversation_idx). */
const hasMessageFrom = (userId: AnyColumn | string) =>
  sql`exists (select 1 from ${messages} where ${messages.conversationId} = ${conversations.id} and ${messages.senderId} = ${userId})`;

/** True when a and b have both written in their conversation. */
export async function areConnected(db: DbOrTx, a: string, b: string): Promise<boolean> {
  if (a === b) return false;
  const rows = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(
      and(
        sql`least(${conversations.participant1Id}, ${conversations.participant2Id}) = least(${a}::uuid, ${b}::uuid)
          and greatest(${conversations.participant1Id}, ${conversations.participant2Id}) = greatest(${a}::uuid, ${b}::uuid)`,
        hasMessageFrom(a),
        hasMessageFrom(b),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** How many people the user is connected with (one conversation per pair). */
export async function countConnections(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(conversations)
    .where(
      and(
        or(eq(conversations.participant1Id, userId), eq(conversations.participant2Id, userId)),
        hasMessageFrom(conversations.participant1Id),
        hasMessageFrom(conversations.participant2Id),
      ),
    );
  return row?.n ?? 0;
}
