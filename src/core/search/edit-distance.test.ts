import { describe, expect, it } from 'vitest';
import { editDistance, isNameTypo } from './edit-distance';

describe('edit distance with swaps', () => {
  it('counts a swap of neighbouring letters as one edit', () => {
    expect(editDistance('voklova', 'volkova')).toBe(1);
    expect(editDistance('duobis', 'dubois')).toBe(1);
    expect(editDistance('mnasoori', 'mansoori')).toBe(1);
  });

  it('counts a wrong, missing or extra letter as one edit', () => {
    expect(editDistance('volkava', 'volkova')).toBe(1);
    expect(editDistance('volkoa', 'volkova')).toBe(1);
    expect(editDistance('volkovva', 'volkova')).toBe(1);
    expect(editDistance('abc', 'abc')).toBe(0);
    expect(editDistance('', 'abc')).toBe(3);
  });

  it('stops early past the limit', () => {
    expect(editDistance('volkova', 'smith', 1)).toBe(2);
  });

  it('matches a name word, not a short word or a word two edits away', () => {
    expect(isNameTypo('voklova', 'elena volkova')).toBe(true);
    expect(isNameTypo('mnasoori', 'ahmed al mansoori')).toBe(true);
    expect(isNameTypo('duobis', 'isabelle dubois')).toBe(true);
    expect(isNameTypo('vkolova', 'elena volkova')).toBe(false);
    expect(isNameTypo('lae', 'elena al')).toBe(false);
  });
});
