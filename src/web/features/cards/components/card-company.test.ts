/** The company line of a member card in a brokerage that locks it, in both languages. */
import { describe, expect, it } from 'vitest';
import type { CardBrokerage } from '../../../../core/schemas/brokerage-brand';
import { shownCompany } from './card-company';

const brokerage = (lockedFields: CardBrokerage['lockedFields'], nameAr: string | null): CardBrokerage => ({
  slug: 'al-mansoori-properties',
  name: 'Al Mansoori Properties',
  nameAr,
  logoUrl: null,
  primaryColor: null,
  secondaryColor: null,
  ornNumber: '24871',
  officeAddress: null,
  verified: true,
  lockedFields,
});

describe('the company a card shows', () => {
  it('is the brokerage’s Arabic name on an Arabic page when the brokerage locks the company', () => {
    const card = { company: 'Al Mansoori Properties', brokerage: brokerage(['company'], 'المنصوري للعقارات') };
    expect(shownCompany(card, 'ar', null)).toBe('المنصوري للعقارات');
    expect(shownCompany(card, 'en', null)).toBe('Al Mansoori Properties');
  });

  it('stays as the card says when the company is not locked or the brokerage has no Arabic name', () => {
    expect(shownCompany({ company: 'Own Co', brokerage: brokerage([], 'المنصوري للعقارات') }, 'ar', null)).toBe(
      'Own Co',
    );
    expect(
      shownCompany({ company: 'Al Mansoori Properties', brokerage: brokerage(['company'], null) }, 'ar', null),
    ).toBe('Al Mansoori Properties');
    expect(shownCompany({ company: null, brokerage: null }, 'ar', 'بنك الإمارات دبي الوطني')).toBe(
      'بنك الإمارات دبي الوطني',
    );
  });
});
