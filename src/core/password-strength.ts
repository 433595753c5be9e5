/**
 * Password strength: zxcvbn-ts's estimate with its common-password list
 * and English dictionaries. One rule for the sign-up form's live feedback and for the server.
 * The dictionaries are large, so the browser loads this module only on the pages that need it.
 */
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as en from '@zxcvbn-ts/language-en';

/** zxcvbn's 0–4 score; 3 = "safely unguessable: moderate protection from offline attacks". */
export const MIN_PASSWORD_SCORE = 3;

const zxcvbn = new ZxcvbnFactory({
  dictionary: { ...common.dictionary, ...en.dictionary },
  graphs: common.adjacencyGraphs,
  translations: en.translations,
});

export interface PasswordStrength {
  score: 0 | 1 | 2 | 3 | 4;
  ok: boolean;
  /** zxcvbn's own English hint, when it has one. */
  warning: string | null;
}

/**
 * Words every attacker tries first against this site: its own name, in both scripts
 * ("Bitaqa123!" passes the generic lists but not a targeted guess).
 */
export const PRODUCT_WORDS = ['bitaqa', 'بطاقة'] as const;

/**
 * The person's own words as zxcvbn should know them: each whole value and its pieces
 * ("layla.aboud@mail.ae" → layla, aboud, mail), so a password built from a name or the
 * e-mail's local part counts as guessable.
 */
function personalWords(userInputs: string[]): string[] {
  const words = new Set<string>(PRODUCT_WORDS);
  for (const input of userInputs) {
    if (!input) continue;
    const lower = input.toLowerCase();
    words.add(lower);
    for (const piece of lower.split(/[^\p{L}\p{N}]+/u)) if (piece.length >= 3) words.add(piece);
  }
  return [...words];
}

/** `userInputs`: the person's name and e-mail, which make a password weaker when it contains them. */
export function passwordStrength(password: string, userInputs: string[] = []): PasswordStrength {
  const result = zxcvbn.check(password, personalWords(userInputs));
  return {
    score: result.score,
    ok: result.score >= MIN_PASSWORD_SCORE,
    warning: result.feedback.warning || null,
  };
}

export const WEAK_PASSWORD_MESSAGE =
  'This password is too easy to guess. Try a longer one, e.g. a few unrelated words.';
