import type { Card } from '../../../core/schemas/card';

/** The card a user's home and header show: the newest approved one, else the newest. */
export function pickHomeCard<C extends Pick<Card, 'status'>>(cards: C[]): C | undefined {
  return cards.find((c) => c.status === 'approved') ?? cards[0];
}
