/**
 * A member's card in their brokerage's brand (issue 14 Team branding): the card answer carries
 * the `brokerage` object, and a locked field shows the brokerage's value. The card row keeps the
 * member's own value, so leaving the brokerage gives it back.
 */
import type { Card, CardInputParsed } from '../../../core/schemas/card';
import type { DbOrTx } from '../../db/client';
import type { BusinessCard } from '../../db/schema';
import { fieldError } from '../../errors';
import { brandingOf, lockedCardValues } from '../brokerages/service';

export type Brand = Awaited<ReturnType<typeof brandingOf>>;

export const brandOf = (db: DbOrTx, userId: string): Promise<Brand> => brandingOf(db, userId);

/** The card as its brokerage presents it. */
export function withBrand(card: Card, brand: Brand): Card {
  if (!brand) return { ...card, brokerage: null };
  return { ...card, ...lockedCardValues(brand), brokerage: brand };
}

const LABELS = { company: 'Company', officeAddress: 'Office address', ornNumber: 'ORN' } as const;
const blankToNull = (v: unknown) => (v === '' || v === undefined ? null : v);

/**
 * Refuses (400 at the field) a member's create or edit that changes a field their brokerage
 * locked. Sending back the value shown (the brokerage's), the card's own or a blank is not a change; the
 * locked keys are then dropped from the input, so the stored value stays the member's own.
 */
export function withoutLockedFields<T extends Partial<CardInputParsed>>(
  input: T,
  brand: Brand,
  current?: Pick<BusinessCard, 'company' | 'officeAddress' | 'ornNumber'>,
): T {
  if (!brand) return input;
  const locked = lockedCardValues(brand);
  const out = { ...input };
  for (const key of Object.keys(locked) as (keyof typeof locked)[]) {
    if (input[key] === undefined) continue;
    const value = blankToNull(input[key]);
    // Blank is no change either: the card shows the brokerage's value whatever is stored.
    const allowed =
      value === null || value === (locked[key] ?? null) || (current !== undefined && value === (current[key] ?? null));
    if (!allowed) throw fieldError(key, `${LABELS[key]} is set by ${brand.name} and cannot be changed.`);
    delete out[key];
  }
  return out;
}
