import { describe, expect, it } from 'vitest';
import { searchTerms } from './synonyms';

describe('searchTerms with synonyms', () => {
  it('reads a known phrase as one term with its synonyms in both languages', () => {
    const [term] = searchTerms(['home', 'loan']);
    expect(term).toEqual(expect.arrayContaining(['mortgage', 'home loan', 'تمويل عقاري']));
    expect(searchTerms(['lawyer'])[0]).toEqual(expect.arrayContaining(['legal', 'counsel', 'محامي']));
    expect(searchTerms(['مستشار', 'قانوني'])).toHaveLength(1);
  });

  it('keeps other words as they are and drops stop words', () => {
    expect(searchTerms(['Volkova'])).toEqual([['Volkova']]);
    const terms = searchTerms(['bank', 'account', 'for', 'my', 'company']);
    expect(terms).toHaveLength(2);
    expect(terms[0]).toContain('business banking');
    expect(terms[1]).toContain('business');
  });

  it('matches Arabic spelling variants through folding (ta marbuta, alef forms)', () => {
    expect(searchTerms(['الاقامه', 'الذهبيه'])[0]).toContain('golden visa');
  });

  it('knows the Latin spellings of an Arabic name, and the name in Arabic', () => {
    expect(searchTerms(['Muhammad'])[0]).toEqual(expect.arrayContaining(['mohammed', 'محمد']));
    expect(searchTerms(['محمد', 'الكتبي'])).toEqual([
      expect.arrayContaining(['mohammed']),
      expect.arrayContaining(['ketbi']),
    ]);
  });
});
