/**
 * A card's visitors (one copy for the tests of what a visitor sends from a card — inquiries,
 * "Share your details", team leads): an approved public card to send to, and a new client address per
 * request.
 */
import { businessCards } from '../../src/server/db/schema';
import type { TestApp, TestUser } from './app';

/** An approved public card for the user, so visitors can send it inquiries; `over` sets any other column. */
export async function approvedCardFor(
  t: TestApp,
  owner: TestUser,
  over: Partial<typeof businessCards.$inferInsert> = {},
) {
  const [card] = await t.database.db
    .insert(businessCards)
    .values({
      userId: owner.user.id,
      name: `${owner.user.firstName} Card`,
      profession: 'Broker',
      status: 'approved',
      isPublic: true,
      ...over,
    })
    .returning();
  return card;
}

/**
 * Client addresses `10.<block>.x.y`, a new one per call: each test posts from its own address so the
 * per-address limits do not leak between tests. Each test file takes its own block.
 */
export function addressSequence(block: number): () => string {
  let n = 0;
  return () => {
    n++;
    return `10.${block}.${Math.floor(n / 250)}.${n % 250}`;
  };
}
