import { describe, expect, it } from 'vitest';
import { namesMatch, officeNamesMatch } from './licence-name';

describe('a card name against the register name', () => {
  it.each([
    ['Ahmed Al Mansoori', 'AHMED MOHAMMED AL MANSOORI'],
    ['Ahmed Al Mansoori', 'Ahmed Almansoori'],
    ['ahmed el mansoori', 'AHMED AL MANSOORI'.replace('AL', 'EL')],
    ['Mansoori Ahmed', 'AHMED AL MANSOORI'],
    ['Élodie Dubois', 'ELODIE DUBOIS'],
    ['أحمد المنصوري', 'احمد محمد المنصوري'],
    ['فاطمة الزهراء', 'فاطمه الزهراء'],
    ['ليلى حداد', 'ليلي حداد'],
  ])('%s matches %s', (card, register) => {
    expect(namesMatch(card, register)).toBe(true);
  });

  it.each([
    ['Ahmed Al Mansoori', 'AHMED AL MAZROUEI'],
    ['Ahmed', 'AHMED AL MANSOORI'],
    ['Sara Khan', 'SARA KHALID KHAN MOHAMMED'.replace('KHAN', 'KHANI')],
    ['أحمد المنصوري', 'أحمد المزروعي'],
    ['Ahmed Al Mansoori', ''],
  ])('%s does not match %s', (card, register) => {
    expect(namesMatch(card, register)).toBe(false);
  });
});

describe("a brokerage's name against the office register", () => {
  it.each([
    ['Palm Bay Realty', 'PALM BAY REALTY L.L.C'],
    ['Betterhomes', 'BETTERHOMES LLC'],
    ['Desert Rose', 'DESERT ROSE PROPERTIES'],
    ['بالم باي للعقارات', 'بالم باي للعقارات ذ.م.م'],
    ['Al Mansoori Properties', 'MANSOORI PROPERTIES FZE'],
  ])('%s matches %s', (name, register) => {
    expect(officeNamesMatch(name, register)).toBe(true);
  });

  it.each([
    ['Lagoon Estates', 'PALM BAY REALTY L.L.C'],
    ['Palm Bay Homes', 'PALM BAY REALTY L.L.C'],
    ['LLC', 'PALM BAY REALTY L.L.C'],
    ['Palm Bay Realty', ''],
  ])('%s does not match %s', (name, register) => {
    expect(officeNamesMatch(name, register)).toBe(false);
  });
});
