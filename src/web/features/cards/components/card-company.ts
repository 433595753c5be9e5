import type { Card } from '../../../../core/schemas/card';

/**
 * The company a card shows: a brokerage that locks the company shows its own name, in Arabic
 * when the page is Arabic and the brokerage has an Arabic name; else the card's
 * company, or its bank's name.
 */
export function shownCompany(card: Pick<Card, 'company' | 'brokerage'>, language: string, bank: string | null) {
  const brand = card.brokerage;
  if (brand?.lockedFields.includes('company') && language === 'ar' && brand.nameAr) return brand.nameAr;
  return card.company || bank;
}
