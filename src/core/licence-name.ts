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
