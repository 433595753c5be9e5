/**
 * Free-text search helpers shared by the directory, listings and services. Words are
 * always bound parameters; LIKE wildcards in them are escaped so "%" and "_" match themselves.
 */
import { or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { searchTerms } from '../../../core/search/synonyms';

/** At most this many words of a search are used. */
export const SEARCH_WORDS_MAX = 8;
/** Words this long or longer may match a name with a typo (pg_trgm word similarity). */
export const FUZZY_MIN_LENGTH = 5;
/** Word similarity (pg_trgm) of a name word close enough to a typed word: "Mansuri" finds "Mansoori". */
export const FUZZY_THRESHOLD = 0.5;

export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The words of a search: split on spaces and punctuation, hyphen-only words dropped. */
export function searchWords(search: string): string[] {
  return search
    .split(/[\s,;:!?()"'[\]{}<>|/]+/)
    .filter((w) => w.replace(/[-_.]/g, '').length > 0)
    .slice(0, SEARCH_WORDS_MAX);
}

/** The document contains one of the alternatives (a word, or a phrase and its synonyms). */
export function likeAny(doc: SQLWrapper, alternatives: readonly string[]): SQL {
  const likes = alternatives.map((a) => sql`${doc} like ('%' || bitaqa_fold(${escapeLike(a)}) || '%')`);
  return likes.length === 1 ? likes[0] : (or(...likes) as SQL);
}

/**
 * A free-text search over one document: every term must appear, a term being a word or
 * a known phrase with its synonyms in both languages (core/search/synonyms); stop words are dropped.
 */
export function textConditions(doc: SQLWrapper, search: string): SQL[] {
  return searchTerms(searchWords(search)).map((term) => likeAny(doc, term));
}

export function fuzzyWords(words: string[]): string[] {
  return words.filter((w) => [...w].length >= FUZZY_MIN_LENGTH && /\p{L}/u.test(w));
}
