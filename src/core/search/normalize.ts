/**
 * Text folding for the smart-search parser: case, Latin accents, Arabic hamza/madda
 * forms, short vowels and tatweel, ى/ي, ة/ه and Arabic-Indic digits. The SQL function
 * bitaqa_fold (drizzle/0003_search.sql) folds stored text the same way.
 */

const ARABIC_DIGITS: Record<string, string> = {};
for (let i = 0; i < 10; i++) {
  ARABIC_DIGITS[String.fromCharCode(0x0660 + i)] = String(i);
  ARABIC_DIGITS[String.fromCharCode(0x06f0 + i)] = String(i);
}

/** Folds one string: lower case, no accents, unified Arabic letters, ASCII digits. */
export function foldText(value: string): string {
  return value
    .normalize('NFKC')
    .replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (d) => ARABIC_DIGITS[d] ?? d)
    .replace(/\u066c/g, ',') // Arabic thousands separator
    .replace(/\u066b/g, '.') // Arabic decimal separator
    .replace(/\u060c/g, ' , ') // Arabic comma
    .replace(/\u061f/g, ' ') // Arabic question mark
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '') // accents, hamza above/below, madda, short vowels
    .replace(/\u0640/g, '') // tatweel
    .replace(/\u0671/g, '\u0627') // alef wasla → alef
    .replace(/\u0649/g, '\u064a') // alef maksura → yeh
    .replace(/\u0629/g, '\u0647') // teh marbuta → heh
    .normalize('NFC');
}

const ARABIC_LETTER = /[\u0600-\u06ff]/;

/**
 * The forms a token may stand for: itself, without an English plural "s", and for Arabic
 * without the attached conjunction and prepositions (و, ب, ل, ف, ك) and the article ال.
 */
export function tokenForms(token: string): string[] {
  const forms = [token];
  if (ARABIC_LETTER.test(token)) {
    const bases = [token];
    if (token.startsWith('و') && token.length > 3) bases.push(token.slice(1));
    for (const base of bases) {
      for (const prefix of ['بال', 'لل', 'ال', 'ب', 'ل', 'ف', 'ك']) {
        if (base.startsWith(prefix) && base.length - prefix.length >= 2) forms.push(base.slice(prefix.length));
      }
      if (base !== token) forms.push(base);
    }
  } else if (token.length > 3 && token.endsWith('s') && !token.endsWith('ss')) {
    forms.push(token.slice(0, -1));
  }
  return [...new Set(forms)];
}

/**
 * Splits a folded query into tokens: words, numbers (with "," and "." inside them) and the
 * comparison signs < > ≤ ≥. A hyphen between two amounts ("1m-2m") becomes "to".
 */
export function tokenize(folded: string): string[] {
  return folded
    .replace(/(\d(?:[\d.,]*\d)?\s*(?:k|m|mn|b|bn)?)\s*[-–—]\s*(?=\d)/g, '$1 to ')
    .replace(/[≤]/g, ' <= ')
    .replace(/[≥]/g, ' >= ')
    .replace(/(<=|>=|<|>)/g, ' $1 ')
    .replace(/,(?!\d{3}(?:\D|$))|(?<!\d),/g, ' ')
    .replace(/\.(?!\d)|(?<!\d)\./g, ' ')
    .replace(/[^\p{L}\p{N}<>=,.+]+/gu, ' ')
    .split(/\s+/)
    .filter(Boolean);
}
