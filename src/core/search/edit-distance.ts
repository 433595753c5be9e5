/**
 * Edit distance for typo-tolerant names: the optimal-string-alignment form of Damerau–Levenshtein,
 * where exchanging two neighbouring letters ("Voklova" for "Volkova") is one edit, as is a wrong,
 * missing or extra letter. Plain Levenshtein counts a swap as two, which would let any two-letter
 * change through once the limit is wide enough for swaps.
 */

/** The distance between `a` and `b`, or `max + 1` as soon as it is known to exceed `max`. */
export function editDistance(a: string, b: string, max = Number.POSITIVE_INFINITY): number {
  const s = [...a];
  const t = [...b];
  if (Math.abs(s.length - t.length) > max) return max + 1;
  // Three rows: the one before the previous is needed for a swap.
  let before: number[] = [];
  let prev = Array.from({ length: t.length + 1 }, (_, j) => j);
  for (let i = 1; i <= s.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let d = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) d = Math.min(d, before[j - 2] + 1);
      row.push(d);
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
    before = prev;
    prev = row;
  }
  return prev[t.length];
}

/** Words this long or longer may match a name with one typo. */
export const TYPO_MIN_LENGTH = 5;

/**
 * Whether `word` (folded) is one typo from a word of `name` (folded): a swap of two neighbouring
 * letters, or one wrong, missing or extra letter. Shorter words must match exactly elsewhere.
 */
export function isNameTypo(word: string, name: string): boolean {
  if ([...word].length < TYPO_MIN_LENGTH) return false;
  return name.split(/[\s\-'’.]+/).some((part) => part.length > 0 && editDistance(word, part, 1) <= 1);
}
