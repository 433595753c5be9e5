/**
 * A member's card in their brokerage's brand: the card answer carries
 * the `brokerage` object, and a locked field shows the brokerage's value. The card row keeps the
 * member's own value, so leaving the brokerage gives it back.
 */
import { otherLanguage } from '../../../core/card-text';
import type { UiLanguage } from '../../../core/enums';
import { lockedCardText } from '../../../core/schemas/brokerage-brand';
import type { Card, CardInputParsed, CardTranslations } from '../../../core/schemas/card';
import type { DbOrTx } from '../../db/client';
import type { BusinessCard } from '../../db/schema';
import { fieldError } from '../../errors';
import { brandingOf, lockedCardValues } from '../brokerages/service';

export type Brand = Awaited<ReturnType<typeof brandingOf>>;

export const brandOf = (db: DbOrTx, userId: string): Promise<Brand> => brandingOf(db, userId);

/** A translation with the brokerage's text in its locked fields (a stored translation has no blanks). */
function brandedTranslation(
  text: CardTranslations[UiLanguage],
  locked: ReturnType<typeof lockedCardText>,
): CardTranslations[UiLanguage] {
  if (!Object.keys(locked).length) return text;
  const out: Record<string, unknown> = { ...text, ...locked };
  for (const [k, v] of Object.entries(locked)) if (v === null || v === '') delete out[k];
  return out;
}

/**
 * The card as its brokerage presents it: the locked fields carry the brokerage's values in the
 * card's own language and in its other one, so a reader in either language sees the brokerage's.
 */
export function withBrand(card: Card, brand: Brand): Card {
  if (!brand) return { ...card, brokerage: null };
  const other = otherLanguage(card.primaryLanguage);
  return {
    ...card,
    ...lockedCardValues(brand),
    ...lockedCardText(brand, card.primaryLanguage),
    translations: {
      ...card.translations,
      [other]: brandedTranslation(card.translations[other], lockedCardText(brand, other)),
    },
    brokerage: brand,
  };
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
  current?: Pick<BusinessCard, 'company' | 'officeAddress' | 'ornNumber' | 'translations'>,
): T {
  if (!brand) return input;
  const locked = lockedCardValues(brand);
  // What the card shows in either language: sending either back is no change.
  const shown = (key: 'company' | 'officeAddress') =>
    (['en', 'ar'] as const).map((lang) => lockedCardText(brand, lang)[key] ?? null);
  const refuse = (field: string, key: keyof typeof LABELS) =>
    fieldError(field, `${LABELS[key]} is set by ${brand.name} and cannot be changed.`);
  const out = { ...input };
  for (const key of Object.keys(locked) as (keyof typeof locked)[]) {
    if (input[key] === undefined) continue;
    const value = blankToNull(input[key]);
    // Blank is no change either: the card shows the brokerage's value whatever is stored.
    const allowed =
      value === null ||
      value === (locked[key] ?? null) ||
      (key !== 'ornNumber' && shown(key).includes(value as string | null)) ||
      (current !== undefined && value === (current[key] ?? null));
    if (!allowed) throw refuse(key, key);
    delete out[key];
  }
  if (!input.translations) return out;
  // The other language's locked text: refused when changed; the stored one stays the member's own.
  const translations = { ...input.translations };
  for (const lang of ['en', 'ar'] as const) {
    const text = translations[lang];
    if (!text) continue;
    const kept: Record<string, unknown> = { ...text };
    for (const key of Object.keys(lockedCardText(brand, lang)) as ('company' | 'officeAddress')[]) {
      if (text[key] === undefined) continue;
      const value = blankToNull(text[key]);
      const own = current?.translations?.[lang]?.[key] ?? null;
      if (value !== null && value !== own && !shown(key).includes(value as string)) {
        throw refuse(`translations.${lang}.${key}`, key);
      }
      if (own === null) delete kept[key];
      else kept[key] = own;
    }
    translations[lang] = kept as typeof text;
  }
  return { ...out, translations };
}
