/** SQL of the users table; other modules use ./service. */
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users, type User } from '../../db/schema';

export async function findUserByEmail(db: DbOrTx, email: string): Promise<User | undefined> {
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`).limit(1);
  return row;
}

export async function findUserById(db: DbOrTx, id: string): Promise<User | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}
