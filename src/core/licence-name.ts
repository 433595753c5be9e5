/**
 * Whether a card's name is the name a regulator's register gives for a licence number. Registers
 * write names their own way: upper case, with or without "Al"/"El"/"ال", with the middle names a
 * card often leaves out, sometimes family name first. So both names are folded as search folds
 * them (case, accents, Arabic letter forms), the article dropped, and the card's words must all be
 * found in the register's name, in any order, with at least a first and a family name.
 */
import { foldText } from './search/normalize';

const ARTICLES = new Set(['al', 'el', 'ال']);

/** A name's words, folded, without articles ("Al Mansoori" and "AlMansoori" and "المنصوري" alike). */
export function nameWords(name: string): string[] {
  return foldText(name)
    .replace(/[-'’.]/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .flatMap((w) => {
      if (ARTICLES.has(w)) return [];
      if (/^(al|el)[a-z]{3,}$/.test(w)) return [w.slice(2)];
      if (w.startsWith('ال') && w.length > 4) return [w.slice(2)];
      return [w];
    });
}

export function namesMatch(cardName: string | null | undefined, registerName: string | null | undefined): boolean {
  if (!cardName || !registerName) return false;
  const card = nameWords(cardName);
  const register = new Set(nameWords(registerName));
  if (card.length < 2 && register.size >= 2) return false;
  return card.length > 0 && card.every((w) => register.has(w));
}

/**
 * Words of a company's legal form, which a register writes and a brokerage's own name usually
 * leaves out ("L.L.C", "FZE", "ذ.م.م", "Br.").
 */
const LEGAL_FORM = new Set([
  'llc',
  'l',
  'c',
  'fze',
  'fzco',
  'fzc',
  'fz',
  'fzllc',
  'co',
  'ltd',
  'limited',
  'br',
  'branch',
  'sole',
  'proprietorship',
  'ذ',
  'م',
  'ش',
  'ذمم',
]);

const companyWords = (name: string) => nameWords(name).filter((w) => !LEGAL_FORM.has(w));

/**
 * Whether a brokerage's name is the office register's name for its ORN: as for people, folded and
 * without articles, every word of the brokerage's name found in the register's name in any order,
 * but the company's legal form ignored on both sides and a one-word name allowed (offices are
 * often known by one word).
 */
export function officeNamesMatch(
  brokerageName: string | null | undefined,
  registerName: string | null | undefined,
): boolean {
  if (!brokerageName || !registerName) return false;
  const own = companyWords(brokerageName);
  const register = new Set(companyWords(registerName));
  return own.length > 0 && own.every((w) => register.has(w));
}
