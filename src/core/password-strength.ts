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

/** `userInputs`: the person's name and e-mail, which make a password weaker when it contains them. */
export function passwordStrength(password: string, userInputs: string[] = []): PasswordStrength {
  const result = zxcvbn.check(password, userInputs.filter(Boolean));
  return {
    score: result.score,
    ok: result.score >= MIN_PASSWORD_SCORE,
    warning: result.feedback.warning || null,
  };
}

export const WEAK_PASSWORD_MESSAGE =
  'This password is too easy to guess. Try a longer one, e.g. a few unrelated words.';
